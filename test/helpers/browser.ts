import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type ConsoleMessage,
} from 'playwright-core';
import { createServer, type Server } from 'node:http';
import { readFile, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { createSiteHandler } from '../../src/serve/site-handler.js';

/** Debian's Chromium, never a downloaded browser (see README: browser tests). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
}

/** Serves a build directory on 127.0.0.1 with clean URLs, like `docsgen serve`. */
export async function serveDirectory(
  dir: string,
  baseUrl = '/',
): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const root = await realpath(dir);
  const lookup = async (path: string) => {
    try {
      const real = await realpath(join(root, path));
      return real.startsWith(root + sep) ? await readFile(real) : undefined;
    } catch {
      return undefined;
    }
  };
  const server = createServer(createSiteHandler({ baseUrl, lookup }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Collects console errors, warnings about hydration and uncaught page errors. */
export function watchConsole(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text();
    if (message.type() === 'error' || /hydrat/i.test(text)) problems.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { problems };
}

/** What a `withPage` test body drives: the page, its context (for more pages) and the problems seen so far. */
export interface PageSession {
  page: Page;
  context: BrowserContext;
  /** Console errors, hydration warnings and page errors of `page`, as they come. */
  problems: string[];
}

/** A page's context options, and `expectProblems: true` for a test that checks the console itself. */
export type PageOptions = BrowserContextOptions & { expectProblems?: boolean };

/**
 * The one way a browser test opens a page: a fresh context (its own storage) at 1280×800 unless
 * `options` say otherwise, console problems watched, the body run, then the test fails if the page
 * reported any problem (`expectProblems: true` for a test that checks them itself), and the context
 * is closed whatever happened.
 */
export async function withPage<T>(
  browser: Browser,
  options: PageOptions,
  use: (session: PageSession) => Promise<T>,
): Promise<T> {
  const { expectProblems = false, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...contextOptions });
  try {
    const page = await context.newPage();
    const { problems } = watchConsole(page);
    const result = await use({ page, context, problems });
    if (!expectProblems) assert.deepEqual(problems, [], 'the page reported no console error or page error');
    return result;
  } finally {
    await context.close();
  }
}

/** What `useBrowser` gives a test file once its `before` hook has run. */
export interface BrowserSession {
  browser: Browser;
  /** `withPage` on this file's browser. */
  withPage<T>(options: PageOptions, use: (session: PageSession) => Promise<T>): Promise<T>;
}

/**
 * For a test file that drives Chromium: registers the hooks that run `setUp` (whatever the file
 * serves pages from; it may fill in more of the session) and launch the browser before the tests,
 * then close the browser and run `tearDown` after. The returned object is filled in by the `before` hook.
 */
export function useBrowser<S extends BrowserSession = BrowserSession>(
  setUp: (session: S) => Promise<void> = async () => {},
  tearDown: (session: S) => Promise<void> = async () => {},
): S {
  const session = {
    withPage: (options, use) => withPage(session.browser, options, use),
  } as S;
  before(async () => {
    await setUp(session);
    session.browser = await launchBrowser();
  });
  after(async () => {
    await session.browser?.close();
    await tearDown(session);
  });
  return session;
}

/** What `useBuiltSite` gives a test file once its `before` hook has run. */
export interface BuiltSiteSession extends BrowserSession {
  /** The site's origin on 127.0.0.1 (`http://127.0.0.1:PORT`). */
  url: string;
  /** The built site's directory, as `build` returned it. */
  dir: string;
}

/**
 * For a test file that drives Chromium against a site of its own: `useBrowser` with the site built
 * (`build` returns the output directory) and served on 127.0.0.1 before the tests, closed after.
 */
export function useBuiltSite(build: () => Promise<string>): BuiltSiteSession {
  let server: Awaited<ReturnType<typeof serveDirectory>> | undefined;
  return useBrowser<BuiltSiteSession>(
    async (site) => {
      server = await serveDirectory((site.dir = await build()));
      site.url = server.url;
    },
    async () => {
      await server?.close();
    },
  );
}
