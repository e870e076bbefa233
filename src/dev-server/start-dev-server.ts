import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { realpath } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { createDevSession, toDiagnosticView, type DevSession } from './dev-session.js';
import { createLiveReload, EVENTS_PATH, type LiveReload } from './live-reload.js';
import { createSiteHandler } from '../serve/site-handler.js';
import { watchSite, type SiteWatcher } from './watch-site.js';
import { startBuildLoop } from './build-loop.js';

export interface DevServerOptions {
  configPath: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Keep the build cache on disk between runs (default true). */
  persist?: boolean;
  log(text: string): void;
}

export interface DevServer {
  /** Where the site is served, e.g. http://127.0.0.1:3000/. */
  url: string;
  /** Settles when the first build is done (good or not). */
  ready: Promise<void>;
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const isLoopback = (host: string) => LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost');

/** Only names of this machine may reach a server bound to loopback (no DNS rebinding from a web page). */
function allowedHost(request: IncomingMessage, boundHost: string): boolean {
  if (!isLoopback(boundHost)) return true;
  const header = request.headers.host ?? '';
  const name = header.startsWith('[') ? header.slice(0, header.indexOf(']') + 1) : header.split(':')[0];
  return isLoopback(name.toLowerCase());
}

/** Whether an output path that comes from static/ really lies inside it (a symlink may point anywhere). */
async function insideStatic(staticDir: string, path: string): Promise<boolean> {
  let real: string;
  try {
    real = await realpath(join(staticDir, path));
  } catch {
    return true; // not a static file: generated in memory
  }
  const base = await realpath(staticDir).catch(() => staticDir);
  return real.startsWith(base + sep);
}

const FAILED_PAGE = [
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Build failed · docsgen dev</title></head>',
  '<body><main style="font:16px system-ui;margin:4rem auto;max-width:40rem"><h1>The site has not built yet</h1>',
  '<p>See the errors in the terminal or in the overlay. Save a fix and this page reloads by itself.</p>',
  '</main></body></html>',
].join('');

function createRequestHandler(session: DevSession, live: LiveReload, ready: Promise<void>, host: string) {
  const inject = (status: number) =>
    live.clientScript({ build: session.site?.id ?? 'none', status, baseUrl: session.config?.baseUrl ?? '/' });
  const lookup = async (path: string) => {
    const body = session.lookup(path);
    const staticDir = session.config && resolve(session.config.root, session.config.staticDir);
    return body !== undefined && staticDir && !(await insideStatic(staticDir, path)) ? undefined : body;
  };
  return async (request: IncomingMessage, response: ServerResponse) => {
    if (!allowedHost(request, host)) {
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('Forbidden host');
      return;
    }
    if ((request.url ?? '').split('?')[0] === EVENTS_PATH) return live.connect(request, response);
    await ready;
    const site = session.site;
    if (site && site.baseUrl !== '/' && (request.url === '/' || request.url === '')) {
      response.writeHead(302, { location: site.baseUrl }).end();
      return;
    }
    if (!site) {
      response
        .writeHead(500, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' })
        .end(FAILED_PAGE.replace('</body>', () => `${inject(500)}</body>`));
      return;
    }
    // The first page is out: idle work (compiling the Markdown parser after a warm start) may begin.
    response.once('finish', () => setTimeout(() => session.warmUp(), 200).unref());
    try {
      await createSiteHandler({ baseUrl: site.baseUrl, lookup, injectIntoHtml: inject })(request, response);
    } catch (error) {
      if (!response.headersSent)
        response.writeHead(500, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      response.end(
        FAILED_PAGE.replace('The site has not built yet', 'This page could not be rendered').replace(
          '</body>',
          () => `${inject(500)}</body>`,
        ),
      );
    }
  };
}

/**
 * `docsgen dev`: builds the site into memory and serves it like `docsgen serve` serves a build
 * (clean URLs, 404 page, headers), rebuilds what changed on every save and tells open tabs over
 * Server-Sent Events. Listens before the first build, so requests wait for it rather than fail.
 */
export async function startDevServer({
  configPath,
  host,
  port,
  persist = true,
  log,
}: DevServerOptions): Promise<DevServer> {
  // Declared first: the session notifies through it, and the live-reload channel reads the session.
  // eslint-disable-next-line prefer-const
  let live: LiveReload | undefined;
  const session = createDevSession({ configPath, persist, log, notify: (event) => live?.send(event) });
  live = createLiveReload(() => ({ build: session.site?.id ?? 'none', errors: session.errors.map(toDiagnosticView) }));
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolvePromise) => (markReady = resolvePromise));
  const server = createServer(createRequestHandler(session, live, ready, host));
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolvePromise();
    });
  });

  // Declared first: the build loop points the watcher at the paths each build read.
  // eslint-disable-next-line prefer-const
  let watcher: SiteWatcher | undefined;
  const builds = startBuildLoop({
    session,
    log,
    persist,
    onReady: markReady,
    afterBuild: () => watcher?.setPaths(session.watchPaths()),
  });
  watcher = watchSite({ paths: session.watchPaths(), onChange: (paths) => builds.onChange(paths) });

  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${address.port}/`,
    ready,
    async close() {
      builds.close();
      live!.close();
      await watcher!.close();
      server.closeAllConnections();
      await new Promise<void>((resolvePromise) => server.close(() => resolvePromise()));
      if (persist && session.site) await session.save();
    },
  };
}
