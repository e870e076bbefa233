import type { IncomingMessage, ServerResponse } from 'node:http';
import { posix } from 'node:path';
import { contentTypeFor } from './content-types.js';

/** Reads one output file by its path relative to the site root; undefined when absent. */
export type FileLookup = (path: string) => Promise<string | Uint8Array | undefined>;

export interface SiteHandlerOptions {
  baseUrl: string;
  lookup: FileLookup;
  /** Injected before </body> of HTML responses (the dev server's live-reload client), given the response status. */
  injectIntoHtml?: string | ((status: number) => string);
}

/**
 * Maps a request path to an output file: clean URLs (`/guides/usage` → guides/usage/index.html),
 * the 404 page for anything else. Paths are decoded and normalised first, and any path that
 * would leave the output root (`..`, encoded traversal, NUL) is refused with 403.
 */
export function resolveRequestPath(
  baseUrl: string,
  rawPath: string,
): { candidates: string[] } | { forbidden: true } | { outside: true } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath.split('?')[0].split('#')[0]);
  } catch {
    return { forbidden: true };
  }
  if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').includes('..')) return { forbidden: true };
  const base = baseUrl.replace(/\/$/, '');
  if (base && decoded !== base && !decoded.startsWith(`${base}/`)) return { outside: true };
  const relative = posix.normalize(decoded.slice(base.length)).replace(/^\/+/, '');
  if (relative.startsWith('..')) return { forbidden: true };
  if (relative === '' || relative.endsWith('/')) return { candidates: [`${relative}index.html`] };
  return { candidates: [relative, `${relative}/index.html`, `${relative}.html`] };
}

/**
 * The headers of an output file (its path relative to the output root): its content type with a
 * charset for text, and caching: hashed assets for good, everything else revalidated.
 */
export function responseHeaders(path: string): Record<string, string> {
  const type = contentTypeFor(path);
  return {
    'content-type': type,
    'cache-control':
      !type.startsWith('text/html') && path.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
  };
}

export function createSiteHandler({ baseUrl, lookup, injectIntoHtml }: SiteHandlerOptions) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const send = (status: number, path: string, body: string | Uint8Array) => {
      const type = contentTypeFor(path);
      let payload = body;
      if (injectIntoHtml && type.startsWith('text/html')) {
        const snippet = typeof injectIntoHtml === 'string' ? injectIntoHtml : injectIntoHtml(status);
        payload = String(body).replace('</body>', () => `${snippet}</body>`);
      }
      response.writeHead(status, responseHeaders(path));
      response.end(request.method === 'HEAD' ? undefined : payload);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const resolved = resolveRequestPath(baseUrl, request.url ?? '/');
    if ('forbidden' in resolved) {
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('Forbidden');
      return;
    }
    if ('candidates' in resolved) {
      for (const candidate of resolved.candidates) {
        const body = await lookup(candidate);
        if (body !== undefined) return send(200, candidate, body);
      }
    }
    const notFound = await lookup('404.html');
    send(404, '404.html', notFound ?? 'Not found');
  };
}
