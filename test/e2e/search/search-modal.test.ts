// The embedded search modal in Chromium against the repository's built site, in desktop and mobile
// viewports: lazy loading, every way to open it, results, keyboard, client-side navigation,
// recent searches, the spec's no-results and failure texts, and the time to the first result.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContextOptions, Page, Request } from 'playwright-core';
import type { PageOptions, PageSession } from '../../helpers/browser.js';
import { REPO } from '../../helpers/mini-site.js';
import { DESKTOP, MOBILE, useRealSiteInBrowser, waitForHydration } from '../chrome/real-site.js';

const site = useRealSiteInBrowser();

const VIEWPORTS = [
  ['desktop', { viewport: DESKTOP }],
  ['mobile', { viewport: MOBILE, hasTouch: true, isMobile: true }],
] as const satisfies readonly (readonly [string, BrowserContextOptions])[];

type Marked = Window & { __sameDocument?: boolean };
const markDocument = (page: Page) => page.evaluate(() => ((window as Marked).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as Marked).__sameDocument === true);
const modalOpen = (page: Page) => page.locator('[data-search-modal]').isVisible();
const input = (page: Page) => page.locator('[data-search-input]');
const scrollLocked = (page: Page) => page.evaluate(() => document.body.classList.contains('scroll-locked'));

/**
 * `withPage` with the page opened at `path` (a guide unless said) and hydrated, and the paths of
 * every request the page made.
 */
function withOpenPage<T>(
  { path = '/guides/pagination', ...options }: PageOptions & { path?: string },
  use: (session: PageSession & { requests: string[] }) => Promise<T>,
): Promise<T> {
  return site.withPage(options, async (session) => {
    const requests: string[] = [];
    session.page.on('request', (request: Request) => requests.push(new URL(request.url()).pathname));
    await session.page.goto(site.url + path);
    await waitForHydration(session.page);
    return use({ ...session, requests });
  });
}

async function search(page: Page, query: string) {
  await input(page).fill(query);
  await page.waitForFunction(
    (q) =>
      document
        .querySelector('[data-search-modal]')
        ?.querySelector('[data-search-hit], [data-search-no-results], [data-search-error]') &&
      (document.querySelector('[data-search-input]') as HTMLInputElement).value === q,
    query,
  );
  await page.waitForFunction(() => !document.querySelector('.search-modal__spinner'));
}

/** The results as shown: group title, badge, and each hit's link and heading. */
const results = (page: Page) =>
  page.$$eval('[data-search-modal] .search-group', (groups) =>
    groups.map((group) => ({
      title: group.querySelector('.search-group__title')!.textContent,
      badge: group.querySelector('.search-badge')!.textContent,
      hits: [...group.querySelectorAll('a[data-search-hit]')].map((a) => ({
        href: a.getAttribute('href')!,
        heading: a.querySelector('.search-hit__title')!.textContent,
        marks: [...a.querySelectorAll('.search-hit__title mark')].map((m) => m.textContent),
      })),
    })),
  );

test('without JavaScript the search button is a link to the search page, whose form submits q', async () => {
  await site.withPage({ javaScriptEnabled: false }, async ({ page }) => {
    await page.goto(site.url + '/guides/usage');
    assert.equal(await page.getAttribute('[data-search-button]', 'href'), '/search');
    await page.click('[data-search-button]');
    await page.waitForURL(/\/search$/);
    await page.fill('input[name="q"]', 'cursor');
    await page.click('.search-page__form button[type="submit"]');
    await page.waitForURL(/\/search\?q=cursor$/);
  });
});

for (const [name, options] of VIEWPORTS) {
  describe(`search modal (${name})`, () => {
    test('nothing loads until the button is hovered, focused or touched; then the modal code and the index load', async () => {
      await withOpenPage(options, async ({ page, context, requests }) => {
        await page.waitForLoadState('networkidle');
        const searchLoads = () =>
          requests.filter((path) => /\/assets\/js\/search-modal\.|\/search\/.+\.json$/.test(path));
        assert.deepEqual(searchLoads(), [], 'no search code or index on page load');
        if (name === 'desktop') await page.hover('[data-search-button]');
        else await page.dispatchEvent('[data-search-button]', 'touchstart');
        await page.waitForFunction(() =>
          performance.getEntriesByType('resource').some((e) => /\/search\/content-\d+\.[\w-]+\.json$/.test(e.name)),
        );
        assert.ok(
          searchLoads().some((path) => path.includes('/assets/js/search-modal.')),
          "searchLoads().some((path) => path.includes('/assets/js/search-modal.'))",
        );
        assert.ok(searchLoads().includes('/search/index.json'), "searchLoads().includes('/search/index.json')");
        assert.equal(await modalOpen(page), false, 'preloading does not open it');
        // Focus also preloads (a fresh page, keyboard only).
        const second = await context.newPage();
        const focusRequests: string[] = [];
        second.on('request', (r) => focusRequests.push(new URL(r.url()).pathname));
        await second.goto(site.url + '/guides/usage');
        await waitForHydration(second);
        await second.focus('[data-search-button]');
        await second.waitForFunction(() =>
          performance.getEntriesByType('resource').some((e) => e.name.endsWith('/search/index.json')),
        );
        assert.ok(
          focusRequests.some((path) => path.includes('/assets/js/search-modal.')),
          "focusRequests.some((path) => path.includes('/assets/js/search-modal.'))",
        );
      });
    });

    test('opens on the button, Ctrl+K, Cmd+K and "/", but "/" types normally in a field', async () => {
      await withOpenPage(options, async ({ page }) => {
        await markDocument(page);
        await page.click('[data-search-button]');
        await input(page).waitFor();
        assert.equal(await sameDocument(page), true, 'the button opens the modal instead of following its link');
        assert.equal(
          await page.evaluate(() => document.activeElement?.hasAttribute('data-search-input')),
          true,
          'the input has focus',
        );
        assert.equal(await scrollLocked(page), true, 'page scroll is locked');
        await page.keyboard.press('Escape');
        await page.locator('[data-search-modal]').waitFor({ state: 'detached' });
        assert.equal(await scrollLocked(page), false);
        assert.equal(
          await page.evaluate(() => document.activeElement?.hasAttribute('data-search-button')),
          true,
          'focus returns to the button',
        );

        for (const shortcut of ['Control+k', 'Meta+k', '/']) {
          await page.locator('main').click({ position: { x: 5, y: 5 } });
          await page.keyboard.press(shortcut);
          await input(page).waitFor();
          assert.equal(await input(page).inputValue(), '', `${shortcut} opens with an empty query`);
          // Ctrl/Cmd+K toggles; Escape closes.
          await page.keyboard.press(shortcut === '/' ? 'Escape' : shortcut);
          await page.locator('[data-search-modal]').waitFor({ state: 'detached' });
        }

        // '/' in a text field is just a character.
        await page.evaluate(() => {
          const field = document.createElement('textarea');
          field.id = 'scratch';
          document.querySelector('main')!.prepend(field);
        });
        await page.focus('#scratch');
        await page.keyboard.press('/');
        // Typed into the field: the search shortcut would have prevented that (and opened search).
        assert.equal(await page.inputValue('#scratch'), '/');
        assert.equal(await modalOpen(page), false);
      });
    });

    test('a letter or digit typed while the button has focus opens search with it as the query', async () => {
      await withOpenPage(options, async ({ page }) => {
        await page.focus('[data-search-button]');
        await page.keyboard.type('cbsd');
        await input(page).waitFor();
        await page.waitForFunction(
          () => (document.querySelector('[data-search-input]') as HTMLInputElement).value === 'cbsd',
        );
        await page.waitForSelector('[data-search-modal] [data-search-hit]');
        assert.equal((await results(page))[0].hits[0].href.startsWith('/api/reference/'), true);
      });
    });

    test('results are grouped by page with the matched heading, a highlighted snippet and a type badge', async () => {
      await withOpenPage(options, async ({ page }) => {
        await page.keyboard.press('Control+k');
        await search(page, 'cbsd_id');
        const found = await results(page);
        assert.equal(found[0].title, 'Get radio by CBSD ID');
        assert.equal(found[0].badge, 'API operation, GET');
        // Field-level hit: the parameter's own row on the operation page.
        assert.deepEqual(found[0].hits[0], {
          href: '/api/reference/get-radio-by-cbsd-id#param-path-cbsd_id',
          heading: 'cbsd_id',
          marks: ['cbsd_id'],
        });
        // The parameter's description writes the identifier out ('CBSD id'): marked as a whole.
        assert.equal(
          await page
            .locator('[data-search-modal] [data-search-hit]')
            .first()
            .locator('.search-hit__snippet mark')
            .first()
            .textContent(),
          'CBSD id',
        );
        assert.equal(new Set(found.map((g) => g.title)).size, found.length, 'one group per page');

        await search(page, 'min_time');
        const minTime = await results(page);
        assert.ok(
          minTime.some(
            (g) => g.badge === 'API operation, GET' && g.hits.some((h) => h.href.endsWith('#param-query-min_time')),
          ),
          'operations that take min_time, linking to the parameter',
        );

        await search(page, 'speedtest check');
        assert.equal((await results(page))[0].badge, 'Example');
        // Typo tolerance and prefixes.
        await search(page, 'pagnation curs');
        assert.equal((await results(page))[0].title, 'Pagination');
        // A question with a possessive, a verb and stop words; the site's synonyms (hotspot → gateway);
        // a swapped-letter typo.
        await search(page, "how do I get a hotspot's witnesses");
        assert.ok(
          (await results(page)).slice(0, 3).some((g) => g.title === 'Witnesses for the gateway'),
          "(await results(page)).slice(0, 3).some((g) => g.title === 'Witnesses for the gateway')",
        );
        // In the top 3, the relevance test's rule: a synonym counts less than the reader's own word, so
        // the glossary (which says 'hotspot') may rank above the operation titled with 'gateway'.
        await search(page, 'hotspots of a wallet');
        assert.ok(
          (await results(page)).slice(0, 3).some((g) => g.title === 'Gateways of the wallet'),
          'Gateways of the wallet in the top 3',
        );
        await search(page, 'rewrads of a radio');
        assert.ok(
          (await results(page)).slice(0, 3).some((g) => g.title === 'Radio rewards'),
          "(await results(page)).slice(0, 3).some((g) => g.title === 'Radio rewards')",
        );
        // One known word among unknown ones still gives results, never 'No results'.
        await search(page, 'zorblax quuxify denylist');
        assert.ok(
          (await results(page)).some((g) => g.title === 'Denylisted edges for the gateway'),
          "(await results(page)).some((g) => g.title === 'Denylisted edges for the gateway')",
        );
      });
    });

    test('arrow keys move, Enter opens the hit with client-side navigation, and recent searches remember it', async () => {
      await withOpenPage({ ...options, path: '/guides/authentication' }, async ({ page }) => {
        await markDocument(page);
        await page.keyboard.press('Control+k');
        await search(page, 'pagination cursor');
        const options_ = page.locator('[data-search-modal] [role="option"]');
        assert.equal(await options_.nth(0).getAttribute('aria-selected'), 'true');
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('ArrowDown');
        assert.equal(await options_.nth(2).getAttribute('aria-selected'), 'true');
        await page.keyboard.press('ArrowUp');
        const selected = options_.nth(1);
        assert.equal(await selected.getAttribute('aria-selected'), 'true');
        assert.equal(await input(page).getAttribute('aria-activedescendant'), await selected.getAttribute('id'));
        const href = (await selected.getAttribute('href'))!;
        await page.keyboard.press('Enter');
        await page.waitForFunction(
          (h) =>
            location.pathname + location.hash === h &&
            document.querySelector('.page')?.getAttribute('data-route') === h.split('#')[0],
          href,
        );
        assert.equal(await sameDocument(page), true, 'no full page load');
        assert.equal(await modalOpen(page), false);
        assert.equal(await scrollLocked(page), false);

        // Reopened (also after a reload): the hit is among the recent searches.
        await page.reload();
        await waitForHydration(page);
        await page.keyboard.press('Control+k');
        const recent = page.locator('[data-search-modal] [data-search-recent]');
        await recent.first().waitFor();
        assert.equal(await recent.first().locator('a').getAttribute('href'), href);
        await page.keyboard.press('Enter');
        await page.waitForFunction((h) => location.pathname + location.hash === h, href);
        await page.keyboard.press('Control+k');
        await recent.first().waitFor();
        await recent.first().locator('.search-hit__remove').click();
        await page.locator('[data-search-modal] .search-screen--start').waitFor();
        // From the keyboard: Delete removes the selected recent search.
        await page.keyboard.press('Escape');
        await page.goto(site.url + '/guides/usage');
        await waitForHydration(page);
        await page.keyboard.press('Control+k');
        await search(page, 'quota');
        const target = (await page
          .locator('[data-search-modal] [role="option"][aria-selected="true"]')
          .getAttribute('href'))!;
        await page.keyboard.press('Enter');
        await page.waitForFunction(
          (h) => location.pathname + location.hash === h && document.activeElement?.id === 'main-content',
          target,
        );
        await page.keyboard.press('Control+k');
        await recent.first().waitFor();
        assert.equal(await recent.count(), 1);
        await page.keyboard.press('Delete');
        await page.locator('[data-search-modal] .search-screen--start').waitFor();
        assert.equal(
          await page.locator('[data-search-modal] .search-screen--start').textContent(),
          'No recent searches',
        );
      });
    });

    test('a click on a hit navigates client-side; the backdrop and Cancel close the modal', async () => {
      await withOpenPage(options, async ({ page }) => {
        await markDocument(page);
        await page.keyboard.press('Control+k');
        await search(page, 'heartbeat check');
        await page.locator('[data-search-modal] a[data-search-hit]').first().click();
        await page.waitForFunction(() => location.pathname === '/examples/health/mobile-heartbeat-check');
        assert.equal(await sameDocument(page), true);
        await page.keyboard.press('Control+k');
        await input(page).waitFor();
        if (name === 'desktop') await page.mouse.click(20, 780);
        else await page.click('.search-modal__cancel');
        await page.locator('[data-search-modal]').waitFor({ state: 'detached' });
      });
    });

    test("'See all {count} results' goes to the search page, which finds as many", async () => {
      await withOpenPage(options, async ({ page }) => {
        await page.keyboard.press('Control+k');
        await search(page, 'rewards');
        const link = page.locator('[data-search-modal] [data-search-see-all]');
        const text = (await link.textContent())!;
        const count = Number(/^See all (\d+) results$/.exec(text)?.[1]);
        assert.ok(count > 5, text);
        assert.equal(await link.getAttribute('href'), '/search?q=rewards');
        await link.click();
        await page.waitForFunction(
          () => location.pathname === '/search' && document.querySelector('[data-search-status]')?.textContent !== '',
        );
        assert.equal(await page.textContent('[data-search-status]'), `${count} results for “rewards”`);
      });
    });

    test('no results: the texts of spec section 8, suggestions, and the report link', async () => {
      await withOpenPage(options, async ({ page }) => {
        await page.keyboard.press('Control+k');
        await search(page, 'zqxwv plover');
        const screen = page.locator('[data-search-modal] [data-search-no-results]');
        assert.match((await screen.textContent())!, /^No results found for “zqxwv plover”/);
        assert.match((await screen.textContent())!, /Try searching for/);
        assert.match((await screen.textContent())!, /Believe this query should return results\? Let us know\./);
        const report = screen.getByRole('link', { name: /Let us know\./ });
        assert.equal(
          await report.getAttribute('href'),
          'https://github.com/heliumgeek/api-docs/issues/new?title=Search%20should%20find%20%22zqxwv%20plover%22',
        );
        const suggestion = screen.locator('.search-suggestion').first();
        await suggestion.waitFor();
        const suggested = (await suggestion.textContent())!;
        await suggestion.click();
        await page.waitForFunction(
          (s) =>
            (document.querySelector('[data-search-input]') as HTMLInputElement).value === s &&
            document.querySelector('[data-search-modal] [data-search-hit]'),
          suggested,
        );
      });
    });

    test('failure: the texts of spec section 8 when the index cannot be fetched', async () => {
      // The aborted index requests are console errors of their own.
      await withOpenPage({ ...options, expectProblems: true }, async ({ page }) => {
        await page.route('**/search/**/*.json', (route) => route.abort('internetdisconnected'));
        await page.route('**/search/index.json', (route) => route.abort('internetdisconnected'));
        await page.keyboard.press('Control+k');
        await input(page).fill('cursor');
        const error = page.locator('[data-search-modal] [data-search-error]');
        await error.waitFor();
        assert.equal(await error.locator('.search-screen__title').textContent(), 'Unable to fetch results');
        assert.equal(
          await error.locator('.search-screen__help').textContent(),
          'You might want to check your network connection.',
        );
        // Back online: the next keystroke searches again.
        await page.unrouteAll();
        await input(page).fill('cursors');
        await page.locator('[data-search-modal] [data-search-hit]').first().waitFor();
      });
    });
  });
}

test('recent searches work without storage (it throws): a warning, no errors', async () => {
  await site.withPage({}, async ({ page }) => {
    await page.addInitScript({
      content:
        "Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });",
    });
    await page.goto(site.url + '/guides/usage');
    await waitForHydration(page);
    await page.keyboard.press('Control+k');
    await search(page, 'quota headers');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash !== '' || location.pathname !== '/guides/usage');
    await page.keyboard.press('Control+k');
    await page.locator('[data-search-modal] [data-search-recent]').first().waitFor();
  });
});

// How fast the first result appears is measured by `node scripts/bench-search.mjs` (timings belong in
// benchmarks); this test checks what makes it fast: the index is loaded on hover, and typing then
// shows results without fetching any more of it.
test('hovering the search button loads the index; typing then shows results without fetching more', async () => {
  await withOpenPage({ viewport: DESKTOP }, async ({ page }) => {
    const indexRequests = () =>
      page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/search\//.test(e.name)).length);
    const manifest = (await (await page.request.get(`${site.url}/search/index.json`)).json()) as {
      termFiles: number;
      contentFiles: number;
    };
    await page.hover('[data-search-button]');
    // The real site's index is small enough to load whole: the manifest and every term and content file.
    const whole = 1 + manifest.termFiles + manifest.contentFiles;
    await page.waitForFunction(
      (count) => performance.getEntriesByType('resource').filter((e) => /\/search\//.test(e.name)).length >= count,
      whole,
    );
    const loaded = await indexRequests();
    for (const query of ['cbsd_id', 'gateway rewards', 'pagination cursor', 'speedtest', 'hex coverage']) {
      await page.keyboard.press('Control+k');
      await input(page).waitFor();
      await input(page).fill(query);
      await page.locator('[data-search-modal] [data-search-hit]').first().waitFor();
      await page.keyboard.press('Escape');
    }
    assert.equal(await indexRequests(), loaded, 'no index file fetched after the hover');
  });
});

test('axe finds no serious or critical violations in the open modal and on the search page, light and dark', async () => {
  const axe = join(REPO, 'node_modules/axe-core/axe.min.js');
  type Violation = { id: string; impact: string; nodes: { target: string[] }[] };
  const scan = async (page: Page, include: string) => {
    await page.addScriptTag({ path: axe });
    const violations = await page.evaluate(
      (selector) =>
        (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: Violation[] }> } }).axe
          .run({ include: [selector] }, { resultTypes: ['violations'] })
          .then((r) => r.violations),
      include,
    );
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  for (const colorScheme of ['light', 'dark'] as const) {
    await withOpenPage({ viewport: DESKTOP, colorScheme }, async ({ page }) => {
      await page.keyboard.press('Control+k');
      await search(page, 'gateway rewards');
      await page.keyboard.press('ArrowDown');
      assert.deepEqual(await scan(page, '[data-search-modal]'), [], `results, ${colorScheme}`);
      await search(page, 'zqxwv');
      await page.locator('[data-search-modal] .search-suggestion').first().waitFor();
      assert.deepEqual(await scan(page, '[data-search-modal]'), [], `no results, ${colorScheme}`);
      await page.goto(site.url + '/search?q=cursor');
      await page.waitForSelector('[data-search-results] a[data-search-hit]');
      assert.deepEqual(await scan(page, 'main'), [], `search page, ${colorScheme}`);
    });
  }
});
