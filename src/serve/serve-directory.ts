import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import sirv from 'sirv';
import { resolveRequestPath, responseHeaders } from './site-handler.js';

/** Whether a path under the root resolves (through symbolic links) to a place outside it. */
async function leavesRoot(root: string, path: string): Promise<boolean> {
  try {
    const real = await realpath(join(root, path));
    return real !== root && !real.startsWith(root + sep);
  } catch {
    return false;
  }
}

/**
 * `docsgen serve`'s request handler: the files of a finished build, served by sirv (ranges,
 * ETags and 304s, streaming) with the same rules as the dev server (src/serve/site-handler.ts):
 * clean URLs under `baseUrl`, the 404 page, 403 for a path that leaves the build, and the same
 * content types and caching. sirv runs in its `dev` mode, which looks each file up when it is
 * asked for: a `docsgen build` while serving swaps the directory, and the new files are served.
 */
export function createDirectoryHandler(root: string, baseUrl: string) {
  const notFound = async (response: ServerResponse, head: boolean) => {
    const page = await readFile(join(root, '404.html')).catch(() => undefined);
    response.writeHead(404, responseHeaders('404.html'));
    response.end(head ? undefined : (page ?? 'Not found'));
  };
  const files = sirv(root, {
    dev: true,
    etag: true,
    extensions: ['html'],
    setHeaders: (response, pathname) => {
      // sirv's types have no charset for text; the clean URL of a page is its HTML.
      const file = pathname.replace(/^\/+/, '');
      const headers = responseHeaders(/\.[^/]+$/.test(file) ? file : `${file}/index.html`);
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    },
  });
  const base = baseUrl.replace(/\/$/, '');
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const head = request.method === 'HEAD';
    if (request.method !== 'GET' && !head) {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const url = request.url ?? '/';
    const resolved = resolveRequestPath(baseUrl, url);
    const candidates = 'candidates' in resolved ? resolved.candidates : [];
    if ('forbidden' in resolved || (await Promise.all(candidates.map((c) => leavesRoot(root, c)))).some(Boolean)) {
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('Forbidden');
      return;
    }
    if ('outside' in resolved) return notFound(response, head);
    request.url = url.slice(base.length) || '/';
    files(request, response, () => void notFound(response, head));
  };
}
