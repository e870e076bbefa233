// The search page (/search?q=…) in Chromium against the repository's built site, in desktop and
// mobile viewports: reads q, says how many results, keeps the URL in step as the reader types,
// survives a reload and the back button, and shows the spec's no-results and failure texts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, MOBILE, useRealSiteInBrowser, waitForHydration } from '../chrome/real-site.js';

const site = useRealSiteInBrowser();

const status = (page: Page) => page.textContent('[data-search-status]');
const waitForStatus = (page: Page, pattern: RegExp) =>
  page.waitForFunction(
    (source) => new RegExp(source).test(document.querySelector('[data-search-status]')?.textContent ?? ''),
    pattern.source,
  );
const groupTitles = (page: Page) => page.locator('[data-search-results] .search-group__title').allTextContents();
const countOf = (text: string | null) => Number(/^(\d+) results? for/.exec(text ?? '')?.[1]);

for (const [name, options] of [
  ['desktop', { viewport: DESKTOP }],
  ['mobile', { viewport: MOBILE, hasTouch: true, isMobile: true }],
] as const satisfies readonly (readonly [string, BrowserContextOptions])[]) {
  describe(`search page (${name})`, () => {
    test('reads q, shows every result grouped by page, and says how many', async () => {
      await site.withPage(options, async ({ page }) => {
        await page.goto(site.url + '/search?q=cbsd_id');
        await waitForStatus(page, /results? for “cbsd_id”/);
        assert.equal(await page.inputValue('input[name="q"]'), 'cbsd_id');
        assert.equal(await page.textContent('main h1'), 'Search results for “cbsd_id”');
        const titles = await groupTitles(page);
        // Pages matching only some words of the identifier ('id') follow, in batches of 20.
        assert.equal(titles.length, Math.min(countOf(await status(page)), 20));
        assert.equal(titles[0], 'Get radio by CBSD ID');
        assert.ok(titles.includes('Radio heartbeats'), "titles.includes('Radio heartbeats')");
        // Group titles link to the page; hits link to the matched section.
        assert.equal(
          await page.getAttribute('[data-search-results] .search-group__title a', 'href'),
          '/api/reference/get-radio-by-cbsd-id',
        );
        assert.equal(
          await page.getAttribute('[data-search-results] a[data-search-hit]', 'href'),
          '/api/reference/get-radio-by-cbsd-id#param-path-cbsd_id',
        );
      });
    });

    test('typing updates the results and the URL (replaceState); reload and back keep them', async () => {
      await site.withPage(options, async ({ page }) => {
        await page.goto(site.url + '/guides/usage');
        await waitForHydration(page);
        await page.goto(site.url + '/search');
        await waitForHydration(page);
        assert.equal(await status(page), '');
        const historyLength = await page.evaluate(() => history.length);
        await page.fill('input[name="q"]', 'pagination cursor');
        await waitForStatus(page, /results? for “pagination cursor”/);
        assert.equal(new URL(page.url()).search, '?q=pagination+cursor');
        assert.equal(await page.evaluate(() => history.length), historyLength, 'the URL is replaced, not pushed');
        assert.equal((await groupTitles(page))[0], 'Pagination');
        const count = countOf(await status(page));

        await page.reload();
        await waitForStatus(page, /results? for “pagination cursor”/);
        assert.equal(await page.inputValue('input[name="q"]'), 'pagination cursor');
        assert.equal(countOf(await status(page)), count);

        // Open a result (client-side navigation), then come back.
        await page.locator('[data-search-results] a[data-search-hit]').first().click();
        await page.waitForFunction(() => location.pathname === '/guides/pagination');
        await page.goBack();
        await page.waitForFunction(() => location.pathname === '/search');
        await waitForStatus(page, /results? for “pagination cursor”/);
        assert.equal(await page.inputValue('input[name="q"]'), 'pagination cursor');
        assert.equal(countOf(await status(page)), count);

        // The form's submit button keeps the page (no reload) and the query.
        await page.fill('input[name="q"]', 'speedtest averages');
        await page.press('input[name="q"]', 'Enter');
        await waitForStatus(page, /results? for “speedtest averages”/);
        assert.equal(new URL(page.url()).searchParams.get('q'), 'speedtest averages');
        // Clearing the query clears the list and the q parameter.
        await page.fill('input[name="q"]', '');
        await page.waitForFunction(
          () => !location.search && document.querySelector('[data-search-status]')?.textContent === '',
        );
        assert.equal(await page.locator('[data-search-results] .search-group').count(), 0);
      });
    });

    test('what the reader types before the search code arrives is searched, not thrown away', async () => {
      await site.withPage(options, async ({ page }) => {
        // Hold the search page's chunk back until the reader has typed (a slow connection).
        let release!: () => void;
        const typed = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\/assets\/js\/search-page\.[^/]+\.js$/, async (route) => {
          await typed;
          await route.continue();
        });
        await page.goto(site.url + '/search', { waitUntil: 'domcontentloaded' });
        await page.fill('input[name="q"]', 'pagination cursor');
        release();
        await waitForStatus(page, /results? for “pagination cursor”/);
        assert.equal(await page.inputValue('input[name="q"]'), 'pagination cursor');
        assert.equal(new URL(page.url()).search, '?q=pagination+cursor');
        assert.equal((await groupTitles(page))[0], 'Pagination');
      });
    });

    test('many results come in batches', async () => {
      await site.withPage(options, async ({ page }) => {
        await page.goto(site.url + '/search?q=gateway');
        await waitForStatus(page, /results? for “gateway”/);
        const total = countOf(await status(page));
        assert.ok(total > 20, `${total}`);
        assert.equal((await groupTitles(page)).length, 20);
        await page.click('[data-search-more]');
        await page.waitForFunction(
          (n) => document.querySelectorAll('[data-search-results] .search-group').length === n,
          Math.min(total, 40),
        );
      });
    });

    test('no results and failure: the texts of spec section 8', async () => {
      // Aborted requests below are reported by the browser: this test checks the console itself.
      await site.withPage({ ...options, expectProblems: true }, async ({ page, problems }) => {
        await page.goto(site.url + '/search?q=zqxwv');
        await page.locator('[data-search-results] [data-search-no-results]').waitFor();
        const text = await page.textContent('[data-search-results]');
        assert.match(text!, /^No results found for “zqxwv”/);
        assert.match(text!, /Try searching for/);
        assert.match(text!, /Believe this query should return results\? Let us know\./);
        assert.equal(await status(page), 'No results found for “zqxwv”');
        assert.deepEqual(problems, []);

        await page.route('**/search/**/*.json', (route) => route.abort('internetdisconnected'));
        await page.route('**/search/index.json', (route) => route.abort('internetdisconnected'));
        await page.reload();
        const error = page.locator('[data-search-results] [data-search-error]');
        await error.waitFor();
        assert.equal(await error.locator('.search-screen__title').textContent(), 'Unable to fetch results');
        assert.equal(
          await error.locator('.search-screen__help').textContent(),
          'You might want to check your network connection.',
        );
      });
    });
  });
}

test('a client-side navigation to the search page starts its client', async () => {
  await site.withPage({}, async ({ page }) => {
    await page.goto(site.url + '/guides/usage');
    await waitForHydration(page);
    await page.evaluate(() => ((window as Window & { __same?: boolean }).__same = true));
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('docsgen:navigate', { detail: { url: '/search?q=heartbeat' }, cancelable: true }),
      ),
    );
    await waitForStatus(page, /results? for “heartbeat”/);
    assert.equal(await page.evaluate(() => (window as Window & { __same?: boolean }).__same), true);
    assert.ok((await groupTitles(page)).length > 0, '(await groupTitles(page)).length > 0');
  });
});
