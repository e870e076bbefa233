// The crash screen, the route-level error boundary and the page-load states, rendered by their
// React components with the site's stylesheet in Chromium (a small harness page, no site build).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { useBrowser, type PageOptions, type PageSession } from '../../helpers/browser.js';
import { REPO } from '../../helpers/mini-site.js';

const ORIGIN = 'http://harness.test';
let script: string;
let css: string;

const session = useBrowser(async () => {
  const result = await build({
    entryPoints: [join(import.meta.dirname, 'fixtures/boundaries-harness.tsx')],
    bundle: true,
    format: 'esm',
    write: false,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  script = result.outputFiles[0].text;
  css = await readFile(join(REPO, 'templates/styles.css'), 'utf8');
});

/**
 * `withPage` on the harness page (served by the page's own route handler), once its script has
 * loaded. Playwright's default viewport, as these tests were written against.
 */
function withHarness<T>(options: PageOptions, use: (session: PageSession) => Promise<T>): Promise<T> {
  return session.withPage({ viewport: { width: 1280, height: 720 }, ...options }, async (harness) => {
    const { page } = harness;
    await page.route(`${ORIGIN}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/harness.js') return route.fulfill({ contentType: 'text/javascript', body: script });
      if (path === '/styles.css') return route.fulfill({ contentType: 'text/css', body: css });
      return route.fulfill({
        contentType: 'text/html',
        body: '<!DOCTYPE html><html lang="en" data-theme="light"><head><link rel="stylesheet" href="/styles.css"><script type="module" src="/harness.js"></script></head><body><main id="crash"></main><div id="route"></div><div id="loader"></div></body></html>',
      });
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => 'harness' in window);
    return use(harness);
  });
}

const call = (page: Page, name: string, ...args: unknown[]) =>
  page.evaluate(
    ([n, a]) =>
      (window as unknown as { harness: Record<string, (...x: unknown[]) => void> }).harness[n as string](
        ...(a as unknown[]),
      ),
    [name, args] as const,
  );

test("the crash screen reads 'This page crashed.' with the message and its cause chain; Try again clears the error", async () => {
  // React reports the caught error in the console: checked below.
  await withHarness({ expectProblems: true }, async ({ page, problems }) => {
    await call(page, 'crash');
    const crash = page.locator('#crash .crash-screen');
    await crash.waitFor();
    assert.equal(await crash.getAttribute('role'), 'alert');
    assert.equal(await crash.locator('h1').textContent(), 'This page crashed.');
    assert.equal(await crash.locator('.error-box__message').textContent(), 'Rendering the guide failed');
    assert.deepEqual(await crash.locator('.crash-screen__causes li').allTextContents(), [
      'Cause: Loading its data failed',
      "Cause: Cannot read properties of undefined (reading 'items')",
    ]);
    assert.ok(
      problems.some((p) => p.includes('Rendering the guide failed')),
      'React reports the caught error in the console',
    );
    // Try again while it is still broken: the error shows again.
    await crash.locator('button:text("Try again")').click();
    await page.locator('#crash .crash-screen').waitFor();
    await call(page, 'fix');
    await page.click('#crash button:text("Try again")');
    await page.locator('#crash #recovered').waitFor();
    assert.equal(await page.locator('#crash .crash-screen').count(), 0);
  });
});

test("the route-level boundary shows the error message and a 'Try again' button", async () => {
  // React reports the error the boundary caught in the console.
  await withHarness({ expectProblems: true }, async ({ page }) => {
    await call(page, 'route');
    const box = page.locator('#route .route-error');
    await box.waitFor();
    assert.equal(await box.locator('p').textContent(), 'Rendering the guide failed');
    assert.equal(await box.locator('button').textContent(), 'Try again');
    await call(page, 'fix');
    await box.locator('button').click();
    await page.locator('#route #recovered').waitFor();
  });
});

test('page-load states: nothing for 200 ms, then a spinner until loaded', async () => {
  await withHarness({}, async ({ page }) => {
    const spinnerAfter = await page.evaluate(() => {
      const start = performance.now();
      const appeared = new Promise<number>((resolve) => {
        const observer = new MutationObserver(
          () =>
            document.querySelector('#loader .spinner') && (observer.disconnect(), resolve(performance.now() - start)),
        );
        observer.observe(document.body, { subtree: true, childList: true });
      });
      (window as unknown as { harness: { load: (ms: number, fail: boolean) => void } }).harness.load(900, false);
      return appeared;
    });
    assert.ok(spinnerAfter >= 200, `the spinner appeared ${spinnerAfter} ms after the start`);
    assert.equal(await page.getAttribute('#loader .page-loader', 'role'), 'status');
    await page.locator('#loader #loaded').waitFor();
    assert.equal(await page.locator('#loader .spinner').count(), 0);
  });
});

test('page-load error: a red box with the error text and a Retry button that reloads', async () => {
  // The failed load is reported in the console.
  await withHarness({ expectProblems: true }, async ({ page }) => {
    await call(page, 'load', 50, true);
    const box = page.locator('#loader .error-box');
    await box.waitFor();
    assert.equal(await box.locator('p').textContent(), 'Loading chunk 42 failed.');
    assert.equal(await box.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(253, 236, 234)');
    await Promise.all([page.waitForEvent('load'), box.locator('button:text("Retry")').click()]);
    await page.waitForFunction(() => 'harness' in window);
    assert.equal(await page.locator('#loader *').count(), 0, 'a fresh page');
  });
});
