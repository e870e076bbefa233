import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { REPO, createMiniSite } from '../helpers/mini-site.js';
import { useBrowser, type BrowserSession } from '../helpers/browser.js';
import { cacheFileFor } from '../../src/build-cache/persist-cache.js';

export interface DevProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything printed so far. */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `docsgen dev --port 0` for a site and resolves once it prints its URL. */
export async function startDev(root: string, args: string[] = []): Promise<DevProcess> {
  const child = spawn(
    process.execPath,
    [join(REPO, 'bin/docsgen.js'), 'dev', '--port', '0', '--config', join(root, 'site.config.ts'), ...args],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await waitFor(() => /serving at (http:\/\/\S+)/.exec(text)?.[1], {
    timeout: 30_000,
    what: 'the dev server URL',
    output: () => text,
  });
  return {
    url,
    port: Number(new URL(url).port),
    child,
    output: () => text,
    exited,
    async stop(signal = 'SIGINT') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Polls until `check` returns a value other than undefined/false. */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  { timeout = 30_000, what = 'a condition', output }: { timeout?: number; what?: string; output?: () => string } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}${output ? `\n--- output ---\n${output()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface SseEvent {
  type: string;
  // The events' JSON is asserted on field by field in the tests.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

/** A Server-Sent Events client that records every event. */
export interface EventLog {
  events: SseEvent[];
  /** The next event of this type after the ones already returned. */
  next(type: string, timeout?: number): Promise<SseEvent>;
  /** Runs `action`, then waits for an event of this type that arrives after it started. */
  after(action: () => Promise<unknown>, type: string, timeout?: number): Promise<SseEvent>;
  close(): void;
}

export async function listen(url: string): Promise<EventLog> {
  const controller = new AbortController();
  const response = await fetch(new URL('/__docsgen/events', url), { signal: controller.signal });
  const events: SseEvent[] = [];
  let seen = 0;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (type && data) events.push({ type, data: JSON.parse(data) });
        }
      }
    } catch {
      // aborted
    }
  })();
  const log: EventLog = {
    events,
    async next(type, timeout = 60_000) {
      const event = await waitFor(
        () => {
          const index = events.findIndex((e, i) => i >= seen && e.type === type);
          if (index === -1) return undefined;
          seen = index + 1;
          return events[index];
        },
        { timeout, what: `a "${type}" event (got ${JSON.stringify(events.map((e) => e.type))})` },
      );
      return event;
    },
    async after(action, type, timeout) {
      // Let events of earlier saves arrive first, so the one returned is caused by `action`.
      for (let count = -1; count !== events.length;) {
        count = events.length;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      seen = events.length;
      await action();
      return log.next(type, timeout);
    },
    close: () => controller.abort(),
  };
  return log;
}

/** A GET with the path sent exactly as written (fetch would normalise `..`). */
export function rawGet(
  url: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

export async function getText(
  url: string,
  path: string,
): Promise<{ status: number; text: string; type: string | null; cache: string | null }> {
  const response = await fetch(new URL(path, url));
  return {
    status: response.status,
    text: await response.text(),
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
  };
}

export async function writeSiteFile(root: string, path: string, text: string): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}

export async function editSiteFile(root: string, path: string, edit: (text: string) => string): Promise<void> {
  const text = await readFile(join(root, path), 'utf8');
  const next = edit(text);
  if (next === text) throw new Error(`editing ${path} changed nothing`);
  await writeFile(join(root, path), next);
}

/**
 * A mini site with its own copy of the templates (so template and CSS edits can be tested).
 * Templates import docsgen's src/ by relative path and React from node_modules, so the site
 * gets symlinks to both, as a site with docsgen installed would have.
 */
export async function createDevSite(files: Record<string, string> = {}, config = ''): Promise<string> {
  const root = await createMiniSite({ config: `templatesDir: 'templates',\n  ${config}`, files });
  await cp(join(REPO, 'templates'), join(root, 'templates'), { recursive: true });
  await symlink(join(REPO, 'src'), join(root, 'src'), 'dir');
  await symlink(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

export async function removeSite(root: string): Promise<void> {
  // The dev cache goes to node_modules/.cache, which test sites share with the repository.
  await rm(cacheFileFor(root), { force: true });
  await rm(root, { recursive: true, force: true });
}

/** What `useDevSiteInBrowser` gives a test file once its `before` hook has run. */
export interface DevSiteSession extends BrowserSession {
  root: string;
  dev: DevProcess;
}

/**
 * For a test file that drives Chromium against `docsgen dev`: `useBrowser` with a dev site of
 * `files` (see createDevSite) and its dev server started before the tests, stopped and removed after.
 */
export function useDevSiteInBrowser(files: Record<string, string>): DevSiteSession {
  return useBrowser<DevSiteSession>(
    async (session) => {
      session.root = await createDevSite(files);
      session.dev = await startDev(session.root);
    },
    async ({ dev, root }) => {
      await dev?.stop();
      if (root) await removeSite(root);
    },
  );
}
