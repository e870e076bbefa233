import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { cp, readdir, stat, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { useBuiltSite, type BuiltSiteSession } from '../../helpers/browser.js';
import { buildRealSite } from '../../helpers/build-real-site.js';
import { REPO } from '../../helpers/mini-site.js';

const INPUTS = ['src', 'templates', 'content', 'openapi', 'static', 'site.config.ts', 'dist/cli.js'];

async function fingerprint(path: string, hash: ReturnType<typeof createHash>): Promise<void> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return;
  if (info.isDirectory()) {
    for (const entry of (await readdir(path)).sort()) await fingerprint(join(path, entry), hash);
  } else hash.update(`${path}:${info.size}:${info.mtimeMs}\n`);
}

/**
 * The repository's site built once for all chrome test files of a run: the build is cached in the
 * temp directory under a fingerprint of its inputs (sources, templates, content, CLI), so the
 * files share it and a change to any input builds again. DOCSGEN_CHROME_BUILD=<dir> uses a
 * build made beforehand instead (handy while iterating on a test).
 */
export async function realSiteBuild(): Promise<string> {
  if (process.env.DOCSGEN_CHROME_BUILD) return process.env.DOCSGEN_CHROME_BUILD;
  const hash = createHash('sha1');
  for (const input of INPUTS) await fingerprint(join(REPO, input), hash);
  const cached = join(tmpdir(), `docsgen-chrome-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(join(cached, 'index.html'))) return cached;
  const out = await buildRealSite();
  await rm(cached, { recursive: true, force: true });
  await cp(out, cached, { recursive: true });
  return cached;
}

/**
 * For a test file that drives Chromium against the built real site: `useBuiltSite` (serve on
 * 127.0.0.1, launch the browser before the tests, close both after) with the shared build.
 */
export const useRealSiteInBrowser = (): BuiltSiteSession => useBuiltSite(realSiteBuild);

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 800 };

/** Waits until the lazily loaded React chunk has hydrated the islands (the colour toggle is one on every page). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector('[data-island="ColorModeToggle"][data-hydrated] button:not([disabled])', {
    timeout: 10_000,
  });
}

/**
 * Clicks `trigger` in the page and resolves with the milliseconds, by the page's own clock, until
 * an element matching `selector` appears: round trips to the test process do not count, so a
 * loaded machine cannot make a delay look shorter than it is.
 */
export function msUntilAppears(page: Page, trigger: string, selector: string): Promise<number> {
  return page.evaluate(
    ({ trigger, selector }) => {
      const start = performance.now();
      const appeared = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!document.querySelector(selector)) return;
          observer.disconnect();
          resolve(performance.now() - start);
        });
        observer.observe(document, { subtree: true, childList: true });
      });
      document.querySelector<HTMLElement>(trigger)!.click();
      return appeared;
    },
    { trigger, selector },
  );
}

/** Public paths of the scripts of the site built in `out` whose text matches `pattern`. */
export const builtScriptsWith = (out: string, pattern: RegExp): string[] =>
  fg
    .sync('assets/js/*.js', { cwd: out })
    .filter((path) => pattern.test(readFileSync(join(out, path), 'utf8')))
    .map((path) => `/${path}`);

/** The public paths of every script a page of `site` loads, until its islands have hydrated. */
/**
 * The scripts a page loads once hydrated. Islands load their chunks after the page's own island is
 * hydrated: give the selectors of those to wait for (e.g. `[data-island="…"][data-hydrated]`).
 */
export const scriptsLoadedOn = (site: BuiltSiteSession, route: string, hydrated: string[] = []): Promise<string[]> =>
  site.withPage({}, async ({ page }) => {
    const scripts: string[] = [];
    page.on(
      'request',
      (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname),
    );
    await page.goto(`${site.url}${route}`);
    await waitForHydration(page);
    for (const selector of hydrated) await page.waitForSelector(selector);
    return scripts;
  });
