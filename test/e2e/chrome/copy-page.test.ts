// The 'Copy page as Markdown' button and the 'View as Markdown' link (templates/components/PageActions.tsx,
// src/client/copy-page.ts) in Chromium, on the real site: what lands on the clipboard is the page's
// .md twin byte for byte, with the Clipboard API, through the selection fallback without it, and
// the twin opens when neither can copy.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { realSiteBuild, useRealSiteInBrowser } from './real-site.js';

const session = useRealSiteInBrowser();
const CLIPBOARD = ['clipboard-read', 'clipboard-write'];
// A guide, an operation page (written from its view model), a schema page and the home page.
const PAGES = [
  ['/guides/pagination', 'guides/pagination.md'],
  ['/api/reference/gateway-activities', 'api/reference/gateway-activities.md'],
  ['/api/reference/schemas/activity-type', 'api/reference/schemas/activity-type.md'],
  ['/', 'index.md'],
];

// Init scripts are strings: a function would be compiled by tsx with helpers the page does not have.
const HIDE_CLIPBOARD_API =
  "Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });";

const twin = async (file: string) => readFile(join(await realSiteBuild(), file), 'utf8');

/**
 * Chromium asks for /favicon.ico when it shows a document without an icon link, such as a Markdown
 * twin; this site's icon is /img/favicon.svg, so that request is a 404 on the console, reported or
 * not depending on whether it lands before the test ends. The twin is what is tested here.
 */
const answerFaviconRequests = (page: Page) => page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));

/** Clicks the button and waits for it to say the page was copied. */
async function clickCopy(page: Page): Promise<void> {
  const button = page.locator('button[data-copy-page]');
  await button.click();
  await page.waitForFunction(() => document.querySelector('button[data-copy-page]')?.textContent === 'Copied');
}

describe('Copy page as Markdown', () => {
  for (const [route, file] of PAGES) {
    test(`with the Clipboard API, ${route} copies its .md twin exactly`, async () => {
      await session.withPage({ permissions: CLIPBOARD }, async ({ page }) => {
        await page.goto(`${session.url}${route}`);
        await clickCopy(page);
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        assert.equal(copied, await twin(file));
        assert.ok(copied.length > 100, `the twin of ${route} has content (${copied.length} characters)`);
      });
    });
  }

  test('without the Clipboard API, the selection fallback copies the same text', async () => {
    await session.withPage({ permissions: CLIPBOARD }, async ({ page }) => {
      // An insecure origin or an old browser: no navigator.clipboard. The test keeps a handle on the
      // real clipboard to read back what the fallback put there.
      await page.addInitScript(`window.realClipboard = navigator.clipboard;
        window.copyEvents = 0;
        ${HIDE_CLIPBOARD_API}
        document.addEventListener('copy', () => window.copyEvents++);`);
      await page.goto(`${session.url}/guides/pagination`);
      assert.equal(await page.evaluate(() => navigator.clipboard), undefined, 'the Clipboard API is hidden');
      await clickCopy(page);
      const result = await page.evaluate(async () => {
        const w = window as unknown as { realClipboard: Clipboard; copyEvents: number };
        return { text: await w.realClipboard.readText(), copyEvents: w.copyEvents };
      });
      assert.equal(result.copyEvents, 1, 'copied through document.execCommand');
      assert.equal(result.text, await twin('guides/pagination.md'));
      assert.equal(await page.locator('textarea').count(), 0, 'the helper textarea is removed');
    });
  });

  test('when nothing can copy, the twin opens instead', async () => {
    // A Markdown file has no favicon: the browser's request for one is a 404 in the console.
    await session.withPage({ expectProblems: true }, async ({ page }) => {
      await page.addInitScript(`${HIDE_CLIPBOARD_API}
        document.execCommand = () => false;`);
      await page.goto(`${session.url}/guides/pagination`);
      const [response] = await Promise.all([
        page.waitForNavigation({ url: '**/guides/pagination.md' }),
        page.locator('button[data-copy-page]').click(),
      ]);
      assert.equal(await response?.text(), await twin('guides/pagination.md'));
    });
  });
});

describe('View as Markdown', () => {
  for (const [route, file] of PAGES) {
    test(`${route} links to its twin, served as Markdown`, async () => {
      await session.withPage({}, async ({ page }) => {
        await answerFaviconRequests(page);
        await page.goto(`${session.url}${route}`);
        const link = page.locator('.page-actions a', { hasText: 'View as Markdown' });
        assert.equal(await link.getAttribute('href'), `/${file}`);
        assert.equal(await page.locator('button[data-copy-page]').getAttribute('data-copy-page'), `/${file}`);
        const [response] = await Promise.all([page.waitForNavigation(), link.click()]);
        assert.equal(new URL(page.url()).pathname, `/${file}`);
        assert.match(response?.headers()['content-type'] ?? '', /^text\/markdown/);
        assert.equal(await response?.text(), await twin(file));
      });
    });
  }

  test('pages without a twin have neither the button nor the link', async () => {
    // /no-such-page answers 404, which the console reports.
    await session.withPage({ expectProblems: true }, async ({ page }) => {
      for (const path of ['/search', '/no-such-page']) {
        await page.goto(`${session.url}${path}`);
        await page.waitForSelector('main');
        assert.equal(await page.locator('.page-actions').count(), 0, `${path} has no page actions`);
      }
    });
  });
});
