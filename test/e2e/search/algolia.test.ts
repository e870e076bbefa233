// Algolia DocSearch 4 (when the config gives appId and apiKey) in Chromium, with the service's
// requests intercepted (no network here): what the requests carry, hits with rewritten URLs and
// client-side navigation, 'See all' to the search page, no-results and failure states, Ask AI and
// its Escape, the same entry points as the embedded modal, and the search page on Algolia.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContextOptions, Page, Route } from 'playwright-core';
import { useBuiltSite, type PageOptions, type PageSession } from '../../helpers/browser.js';
import { buildRealSite } from '../../helpers/build-real-site.js';
import { copyRealSite, REPO } from '../../helpers/mini-site.js';
import { DESKTOP, MOBILE, waitForHydration } from '../chrome/real-site.js';

const APP_ID = 'TESTAPP123';
const API_KEY = 'public-search-key';

/** The real site with Algolia configured: contextual search on, parameters, Ask AI, an external pattern. */
async function buildAlgoliaSite(): Promise<string> {
  const root = await copyRealSite();
  const file = join(root, 'site.config.ts');
  const config = await readFile(file, 'utf8');
  const algolia = `search: {\n    appId: '${APP_ID}', apiKey: '${API_KEY}', contextualSearch: true, searchParameters: { hitsPerPage: 12, attributesToSnippet: ['content:12'] }, askAi: 'assistant-42', externalUrlRegex: '^https://docs\\\\.helium\\\\.com',`;
  const changed = config
    .replace('search: {\n    contextualSearch: false,', algolia)
    .replace('favicon:', `templatesDir: ${JSON.stringify(join(REPO, 'templates'))},\n  favicon:`);
  assert.notEqual(changed, config);
  await writeFile(file, changed);
  return buildRealSite(['--config', file]);
}

const site = useBuiltSite(buildAlgoliaSite);

interface AlgoliaRequest {
  url: URL;
  headers: Record<string, string>;
  body: { requests: Record<string, unknown>[] };
}

const highlight = (value: string) => ({
  value,
  matchLevel: value.includes('<mark>') ? 'full' : 'none',
  matchedWords: [],
});
const HITS = [
  {
    objectID: '1',
    url: 'https://docs.heliumgeek.com/guides/pagination#following-next',
    type: 'lvl2',
    hierarchy: { lvl0: 'Guides', lvl1: 'Pagination', lvl2: 'Following next', lvl3: null },
    content: null,
    _highlightResult: {
      hierarchy: {
        lvl0: highlight('Guides'),
        lvl1: highlight('Pagination'),
        lvl2: highlight('Following <mark>next</mark>'),
      },
    },
    _snippetResult: { content: { value: 'Pass the <mark>cursor</mark> from next', matchLevel: 'full' } },
  },
  {
    objectID: '2',
    url: 'https://docs.heliumgeek.com/guides/time-series#buckets',
    type: 'lvl2',
    hierarchy: { lvl0: 'Guides', lvl1: 'Time series', lvl2: 'Buckets', lvl3: null },
    content: null,
    _highlightResult: {
      hierarchy: { lvl0: highlight('Guides'), lvl1: highlight('Time series'), lvl2: highlight('Buckets') },
    },
  },
  {
    objectID: '3',
    url: 'https://docs.helium.com/mine',
    type: 'lvl1',
    hierarchy: { lvl0: 'Helium', lvl1: 'Mining', lvl2: null },
    content: null,
    _highlightResult: { hierarchy: { lvl0: highlight('Helium'), lvl1: highlight('Mining') } },
  },
];
const TOTAL = 17;

type Mode = 'hits' | 'empty' | 'fail';

/** Answers every request to the service; records what was asked. */
async function interceptAlgolia(page: Page, mode: () => Mode): Promise<AlgoliaRequest[]> {
  const requests: AlgoliaRequest[] = [];
  await page.route(/^https:\/\/[^/]*(algolia\.net|algolianet\.com|algolia\.com)\//, async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.hostname.startsWith('askai.'))
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' });
    const body = JSON.parse(request.postData() ?? '{"requests":[]}');
    requests.push({ url, headers: request.headers(), body });
    if (mode() === 'fail')
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"internal error"}' });
    const results = body.requests.map((r: { query: string; indexName: string }) => {
      const hits = mode() === 'empty' ? [] : HITS;
      return {
        hits,
        nbHits: hits.length ? TOTAL : 0,
        page: 0,
        nbPages: 1,
        hitsPerPage: 12,
        processingTimeMS: 1,
        exhaustiveNbHits: true,
        query: r.query,
        params: '',
        index: r.indexName,
      };
    });
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify({ results }),
    });
  });
  return requests;
}

/**
 * `withPage` with Algolia's requests answered as `mode` says (hits unless said), the page opened at
 * `path` (a guide unless said) and hydrated, and the Algolia requests it made.
 */
function withSite<T>(
  { mode = () => 'hits', path = '/guides/usage', ...options }: PageOptions & { mode?: () => Mode; path?: string },
  use: (session: PageSession & { requests: AlgoliaRequest[] }) => Promise<T>,
): Promise<T> {
  return site.withPage(options, async (session) => {
    const requests = await interceptAlgolia(session.page, mode);
    await session.page.goto(site.url + path);
    await waitForHydration(session.page);
    return use({ ...session, requests });
  });
}

const docsearchInput = (page: Page) => page.locator('.DocSearch-Modal .DocSearch-Input');
/** Result items (not the Ask AI item). */
const HIT = '.DocSearch-Modal .DocSearch-Hit:has(a[href])';
const modalOpen = (page: Page) =>
  page
    .locator('.DocSearch-Modal')
    .count()
    .then((n) => n > 0);
type Marked = Window & { __sameDocument?: boolean };

/**
 * DocSearch (Preact inside) re-binds its window keydown listener in an effect that runs a frame
 * after the DOM changed. A key pressed in between (a person cannot be that fast) meets the old
 * listener: Ctrl+K right after a close would close again. Waits for that frame: the library's
 * effect was scheduled first, so it runs first.
 */
const afterLibraryEffects = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));

test('the page preconnects to the search service of the configured app id', async () => {
  const html = await (await fetch(site.url + '/guides/usage')).text();
  assert.match(html, /<link rel="preconnect" href="https:\/\/TESTAPP123-dsn\.algolia\.net" crossorigin="anonymous"\/>/);
});

for (const [name, options] of [
  ['desktop', { viewport: DESKTOP }],
  ['mobile', { viewport: MOBILE, hasTouch: true, isMobile: true }],
] as const satisfies readonly (readonly [string, BrowserContextOptions])[]) {
  describe(`Algolia DocSearch (${name})`, () => {
    test('loads lazily, opens on Ctrl+K, and the request carries the app id, key, index name and parameters', async () => {
      await withSite(options, async ({ page, requests }) => {
        const scripts = () =>
          page.evaluate(() =>
            performance
              .getEntriesByType('resource')
              .map((e) => new URL(e.name).pathname)
              .filter((p) => p.includes('/docsearch.')),
          );
        assert.deepEqual(await scripts(), [], 'no DocSearch code on page load');
        if (name === 'desktop') await page.hover('[data-search-button]');
        else await page.dispatchEvent('[data-search-button]', 'touchstart');
        await page.waitForFunction(() =>
          performance.getEntriesByType('resource').some((e) => e.name.includes('/docsearch.')),
        );
        assert.equal(requests.length, 0, 'no query before the reader types');

        await page.keyboard.press('Control+k');
        await docsearchInput(page).waitFor();
        assert.equal(await page.evaluate(() => document.body.classList.contains('scroll-locked')), true);
        await docsearchInput(page).fill('cursor');
        await page.locator(HIT).first().waitFor();
        const request = requests.find((r) => r.body.requests[0]?.query === 'cursor')!;
        assert.ok(request, 'a request for the query');
        const appId =
          request.url.searchParams.get('x-algolia-application-id') ?? request.headers['x-algolia-application-id'];
        const apiKey = request.url.searchParams.get('x-algolia-api-key') ?? request.headers['x-algolia-api-key'];
        assert.equal(appId, APP_ID);
        assert.equal(apiKey, API_KEY);
        assert.equal(request.url.hostname.toLowerCase().startsWith(APP_ID.toLowerCase()), true);
        const params = request.body.requests[0];
        assert.equal(params.indexName, 'HeliumGeek API', "the index name defaults to '{product} API'");
        assert.equal(params.hitsPerPage, 12, 'searchParameters are passed through');
        assert.deepEqual(params.attributesToSnippet, ['content:12']);
        assert.deepEqual(
          params.facetFilters,
          ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
          'contextual search filters by language and docs tag',
        );
      });
    });

    test('hits render with in-site URLs (external ones kept), a click navigates client-side, and See all links to the search page', async () => {
      await withSite(options, async ({ page }) => {
        await page.evaluate(() => ((window as Marked).__sameDocument = true));
        await page.click('[data-search-button]');
        await docsearchInput(page).fill('cursor');
        await page.locator(HIT).first().waitFor();
        const hrefs = await page.$$eval(`${HIT} a`, (links) => links.map((a) => a.getAttribute('href')));
        assert.deepEqual(hrefs, [
          '/guides/pagination#following-next',
          '/guides/time-series#buckets',
          'https://docs.helium.com/mine',
        ]);
        assert.match((await page.locator(HIT).first().textContent())!, /Following next/);
        const seeAll = page.locator('.DocSearch-HitsFooter a[data-search-see-all]');
        await seeAll.waitFor();
        assert.equal(await seeAll.textContent(), `See all ${TOTAL} results`);
        assert.equal(await seeAll.getAttribute('href'), '/search?q=cursor');

        await page.locator(`${HIT} a`).first().click();
        await page.waitForFunction(
          () =>
            location.pathname === '/guides/pagination' &&
            location.hash === '#following-next' &&
            document.querySelector('.page')?.getAttribute('data-route') === '/guides/pagination',
        );
        assert.equal(await page.evaluate(() => (window as Marked).__sameDocument), true, 'client-side navigation');
        assert.equal(await modalOpen(page), false);
        assert.equal(await page.evaluate(() => document.body.classList.contains('scroll-locked')), false);

        // Enter on the selected hit does the same.
        await afterLibraryEffects(page);
        await page.keyboard.press('Control+k');
        await docsearchInput(page).fill('cursor');
        // Move to the second result (the Ask AI item may come first), once the hits are all there and
        // waiting for each key press to move the selection (a loaded machine renders late).
        const target = '/guides/time-series#buckets';
        await page.locator(`${HIT} a[href="${target}"]`).waitFor();
        const selected = () =>
          page.evaluate(
            () => document.querySelector('.DocSearch-Modal [aria-selected="true"] a')?.getAttribute('href') ?? null,
          );
        for (let i = 0; i < 5 && (await selected()) !== target; i++) {
          const before = await selected();
          await page.keyboard.press('ArrowDown');
          await page.waitForFunction(
            (previous) =>
              (document.querySelector('.DocSearch-Modal [aria-selected="true"] a')?.getAttribute('href') ?? null) !==
              previous,
            before,
          );
        }
        assert.equal(await selected(), target);
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => location.pathname === '/guides/time-series' && location.hash === '#buckets');
        assert.equal(await page.evaluate(() => (window as Marked).__sameDocument), true);
      });
    });

    test("an external hit opens by a full page load; 'See all' opens the search page", async () => {
      await withSite(options, async ({ page }) => {
        await page.route('https://docs.helium.com/**', (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Helium</title><h1>Mining</h1>' }),
        );
        await page.click('[data-search-button]');
        await docsearchInput(page).fill('cursor');
        await page.locator(HIT).nth(2).waitFor();
        await page.locator(`${HIT} a`).nth(2).click();
        await page.waitForURL('https://docs.helium.com/mine');

        await page.goto(site.url + '/guides/usage');
        await waitForHydration(page);
        await page.keyboard.press('Control+k');
        await docsearchInput(page).fill('cursor');
        await page.locator('.DocSearch-HitsFooter a[data-search-see-all]').click();
        await page.waitForFunction(
          () => location.pathname === '/search' && new URLSearchParams(location.search).get('q') === 'cursor',
        );
        await page.waitForFunction(() =>
          /results? for/.test(document.querySelector('[data-search-status]')?.textContent ?? ''),
        );
        assert.equal(await page.textContent('[data-search-status]'), `${TOTAL} results for “cursor”`);
      });
    });

    test("'/' and a character typed on the focused button open it (with that character)", async () => {
      await withSite(options, async ({ page, requests }) => {
        await page.locator('main').click({ position: { x: 5, y: 5 } });
        await page.keyboard.press('/');
        await docsearchInput(page).waitFor();
        // The library closes on Escape from its keyboard effect, which runs after the input shows.
        await afterLibraryEffects(page);
        await page.keyboard.press('Escape');
        await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });
        await afterLibraryEffects(page);
        await page.focus('[data-search-button]');
        await page.keyboard.press('h');
        await docsearchInput(page).waitFor();
        await page.waitForFunction(
          () => (document.querySelector('.DocSearch-Input') as HTMLInputElement)?.value === 'h',
        );
        await page.locator(HIT).first().waitFor();
        assert.ok(
          requests.some((r) => r.body.requests[0]?.query === 'h'),
          "requests.some((r) => r.body.requests[0]?.query === 'h')",
        );
      });
    });

    test('no results: the texts of spec section 8 and the report link; failure: its texts', async () => {
      let mode: Mode = 'hits';
      // The service's failure answers are console errors (and DocSearch's own error) of their own.
      await withSite({ ...options, mode: () => mode, expectProblems: true }, async ({ page }) => {
        await page.keyboard.press('Control+k');
        // A first query with hits gives the library its 'Try searching for' suggestions.
        await docsearchInput(page).fill('cursor');
        await page.locator(HIT).first().waitFor();
        mode = 'empty';
        await docsearchInput(page).fill('zqxwv');
        const noResults = page.locator('.DocSearch-NoResults');
        await noResults.locator('.DocSearch-NoResults-Prefill-List').waitFor();
        const text = (await noResults.textContent())!;
        assert.match(text, /No results found for "zqxwv"/);
        assert.match(text, /Try searching for/);
        assert.match(text, /Believe this query should return results\? Let us know\./);
        assert.equal(
          await noResults.getByRole('link', { name: 'Let us know.' }).getAttribute('href'),
          'https://github.com/heliumgeek/api-docs/issues/new?title=Search%20should%20find%20%22zqxwv%22',
        );
        // A suggestion searches for it.
        mode = 'hits';
        await noResults.locator('.DocSearch-Prefill', { hasText: 'Pagination' }).click();
        await page.locator(HIT).first().waitFor();
        assert.equal(await docsearchInput(page).inputValue(), 'pagination ');

        mode = 'fail';
        await docsearchInput(page).fill('cursor pages');
        const error = page.locator('.DocSearch-ErrorScreen');
        await error.waitFor({ timeout: 20_000 });
        assert.match((await error.textContent())!, /Unable to fetch results/);
        assert.match((await error.textContent())!, /You might want to check your network connection\./);
      });
    });

    test('Ask AI is offered (askAi set, library 4.x); Escape first leaves AI mode, then closes', async () => {
      // The refused request to the AI service is a console error of its own.
      await withSite({ ...options, expectProblems: true }, async ({ page }) => {
        await page.keyboard.press('Control+k');
        await docsearchInput(page).fill('how do rewards work');
        await page.locator(HIT).first().waitFor();
        const ask = page.locator('.DocSearch-Hit-AskAIButton').first();
        const refused = page.waitForResponse((response) => new URL(response.url()).hostname.startsWith('askai.'));
        await ask.click();
        await page.locator('.DocSearch-Modal .DocSearch-AskAiScreen-Body').waitFor();
        // Let the (refused) request to the AI service settle before leaving.
        await refused;
        await afterLibraryEffects(page);
        await page.keyboard.press('Escape');
        await page.locator('.DocSearch-Modal .DocSearch-AskAiScreen-Body').waitFor({ state: 'detached' });
        assert.equal(await modalOpen(page), true, 'still open: Escape left AI mode');
        await afterLibraryEffects(page);
        await page.keyboard.press('Escape');
        await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });
        assert.equal(await page.evaluate(() => document.body.classList.contains('scroll-locked')), false);
      });
    });
  });
}

test('the search page lists Algolia results and says how many', async () => {
  await withSite({ viewport: DESKTOP, path: '/search?q=cursor' }, async ({ page, requests }) => {
    await page.waitForFunction(() =>
      /results? for/.test(document.querySelector('[data-search-status]')?.textContent ?? ''),
    );
    assert.equal(await page.textContent('[data-search-status]'), `${TOTAL} results for “cursor”`);
    const request = requests.find((r) => r.body.requests[0]?.query === 'cursor')!;
    assert.equal(
      request.headers['x-algolia-application-id'] ?? request.url.searchParams.get('x-algolia-application-id'),
      APP_ID,
    );
    assert.equal(request.body.requests[0].indexName, 'HeliumGeek API');
    assert.equal(request.body.requests[0].hitsPerPage, 12);
    assert.deepEqual(request.body.requests[0].facetFilters, [
      'language:en',
      ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
    ]);
    assert.deepEqual(await page.locator('[data-search-results] .search-group__title').allTextContents(), [
      'Pagination',
      'Time series',
      'Mining',
    ]);
    assert.deepEqual(
      await page.$$eval('[data-search-results] a[data-search-hit]', (links) =>
        links.map((a) => a.getAttribute('href')),
      ),
      ['/guides/pagination#following-next', '/guides/time-series#buckets', 'https://docs.helium.com/mine'],
    );
  });
});
