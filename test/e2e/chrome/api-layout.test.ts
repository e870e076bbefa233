// The operation page's layout and deep links in Chromium, on the repository's site: two columns
// from 1280px with the code column sticky, one column on a phone, and 'Direct link to …' URLs
// that open the collapsed levels and tabs down to the field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useRealSiteInBrowser, waitForHydration } from './real-site.js';

const session = useRealSiteInBrowser();
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const FIRST_SAMPLE = '[data-code-tabs="language"] [role="tabpanel"]:not([hidden]) pre';
const RESPONSE_EXAMPLE = '[data-tabs="response-examples"] [role="tabpanel"]:not([hidden]) pre';

async function operationRoutes(): Promise<string[]> {
  const index = (await (await fetch(`${session.url}/meta/index.json`)).json()) as { operations: { route: string }[] };
  return index.operations.map((o) => o.route);
}

/** How many pixels of the element's box are inside the window (0: not in view). */
function visiblePixels(page: Page, selector: string): Promise<number> {
  return page.$eval(selector, (el) => {
    const box = el.getBoundingClientRect();
    return Math.max(0, Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0));
  });
}

test('at 1440×900 every operation page shows the first code sample without scrolling, and the response example beside the parameters', async () => {
  const routes = await operationRoutes();
  assert.ok(routes.length >= 50, `the real site has its operations (${routes.length})`);
  await session.withPage({ viewport: WIDE }, async ({ page }) => {
    for (const route of routes) {
      await page.goto(`${session.url}${route}`);
      assert.ok((await visiblePixels(page, FIRST_SAMPLE)) >= 40, `${route}: the first code sample is in view on load`);
      const columns = await page.$eval('.api-operation__code', (code) => {
        const reference = document.querySelector('.api-operation__reference')!.getBoundingClientRect();
        return { code: code.getBoundingClientRect().left, reference: reference.right };
      });
      assert.ok(columns.code >= columns.reference, `${route}: the code column is to the right of the reference`);
      if (!(await page.$('#parameters'))) continue;
      // The parameters' heading at the top of the window, then their end at its bottom.
      for (const edge of ['start', 'end'] as const) {
        await page.$eval(
          '#parameters',
          (h, block) => (block === 'start' ? h : h.parentElement!).scrollIntoView({ block }),
          edge,
        );
        assert.ok(
          (await visiblePixels(page, 'section:has(> #parameters)')) > 100,
          `${route}: the parameters are in view`,
        );
        assert.ok(
          (await visiblePixels(page, RESPONSE_EXAMPLE)) >= 40,
          `${route}: the response example is in view with the parameters (${edge})`,
        );
      }
    }
  });
});

test('at 390px the page is one column: endpoint, code sample, response example, then parameters', async () => {
  for (const javaScriptEnabled of [true, false]) {
    await session.withPage({ viewport: PHONE, javaScriptEnabled }, async ({ page }) => {
      await page.goto(`${session.url}/api/reference/mobile-reward-sums-for-the-gateway`);
      const tops = await page.evaluate(
        (selectors) => selectors.map((s) => document.querySelector(s)!.getBoundingClientRect()),
        ['.api-endpoint', '#code-samples', '#response-example', '#parameters', '#responses'],
      );
      for (let i = 1; i < tops.length; i++)
        assert.ok(tops[i].top >= tops[i - 1].bottom, `block ${i} follows block ${i - 1} (js: ${javaScriptEnabled})`);
      assert.ok(
        tops.every((box) => box.left >= 0 && box.right <= PHONE.width + 1),
        'nothing sticks out sideways',
      );
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no horizontal scrolling (${overflow}px)`);
    });
  }
});

test('without JavaScript the wide layout is the same two columns', async () => {
  await session.withPage({ viewport: WIDE, javaScriptEnabled: false }, async ({ page }) => {
    await page.goto(`${session.url}/api/reference/radio-rewards`);
    assert.ok((await visiblePixels(page, FIRST_SAMPLE)) >= 40, '(await visiblePixels(page, FIRST_SAMPLE)) >= 40');
    await page.$eval('#parameters', (h) => h.scrollIntoView());
    assert.ok(
      (await visiblePixels(page, RESPONSE_EXAMPLE)) >= 40,
      '(await visiblePixels(page, RESPONSE_EXAMPLE)) >= 40',
    );
  });
});

/**
 * A field whose element is hidden on load: the one below the most closed <details> (the deepest
 * collapsed level), and one in a response tab that is not shown.
 */
async function hiddenFields(page: Page): Promise<{ collapsed: string; inOtherTab: string }> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  const [collapsed, inOtherTab] = await page.evaluate(
    (selectors) =>
      selectors.map(
        (selector) =>
          [...document.querySelectorAll(selector)]
            .filter((el) => el.id && !(el as HTMLElement).checkVisibility())
            .map((el) => ({
              id: el.id,
              depth: [...document.querySelectorAll('details:not([open])')].filter((d) => d.contains(el)).length,
            }))
            .sort((a, b) => b.depth - a.depth)[0]?.id ?? '',
      ),
    [
      'details.api-schema__node:not([open]) [id^="res-"]',
      '[data-tabs="responses"] [role="tabpanel"][hidden] [id^="res-"]',
    ],
  );
  return { collapsed, inOtherTab };
}

/** Whether the element is in the window and not covered (by the navbar): the point at its start shows it. */
const uncovered = (page: Page, id: string) =>
  page.evaluate((i) => {
    const el = document.getElementById(i)!;
    const box = el.getBoundingClientRect();
    if (box.top < 0 || box.top >= window.innerHeight) return false;
    const hit = document.elementFromPoint(Math.min(box.left + 8, window.innerWidth - 1), box.top + 4);
    return hit !== null && el.contains(hit);
  }, id);

for (const viewport of [WIDE, PHONE])
  test(`at ${viewport.width}px opening a deep link expands the collapsed levels down to the field and scrolls there`, async () => {
    const route = '/api/reference/gateways-of-the-wallet';
    await session.withPage({ viewport }, async ({ page, context }) => {
      await page.goto(`${session.url}${route}`);
      const fields = await hiddenFields(page);
      assert.ok(
        fields.collapsed && fields.inOtherTab,
        `the page has hidden fields to link to: ${JSON.stringify(fields)}`,
      );
      assert.ok(fields.collapsed.split('.').length >= 3, `a field nested in collapsed levels: ${fields.collapsed}`);
      for (const id of [fields.collapsed, fields.inOtherTab]) {
        const fresh = await context.newPage();
        await fresh.goto(`${session.url}${route}#${id}`);
        await waitForHydration(fresh);
        const target = fresh.locator(`[id="${id}"]`);
        await target.waitFor({ state: 'visible', timeout: 10_000 });
        await fresh.waitForFunction((i) => {
          const box = document.getElementById(i)!.getBoundingClientRect();
          return box.top >= 0 && box.top < window.innerHeight;
        }, id);
        assert.ok(await uncovered(fresh, id), `${id} is in view, not under the navbar`);
        assert.equal(
          await fresh.$eval(`[id="${id}"]`, (el) =>
            [...document.querySelectorAll('details')].some((d) => d.contains(el) && !d.open),
          ),
          false,
        );
        await fresh.close();
      }
      // In the same page: following a 'Direct link to …' URL by changing the hash.
      await page.reload();
      await waitForHydration(page);
      assert.equal(await page.locator(`[id="${fields.collapsed}"]`).isVisible(), false);
      await page.evaluate((id) => (location.hash = id), fields.collapsed);
      await page.locator(`[id="${fields.collapsed}"]`).waitFor({ state: 'visible', timeout: 10_000 });
      await page.waitForFunction((i) => document.getElementById(i)!.getBoundingClientRect().top >= 0, fields.collapsed);
      assert.ok(await uncovered(page, fields.collapsed), `${fields.collapsed} is scrolled to, not under the navbar`);
      // Every field carries its own direct link.
      const link = await page.$eval(`[id="${fields.collapsed}"] .hash-link`, (a) => [
        a.getAttribute('href'),
        a.getAttribute('aria-label'),
      ]);
      assert.equal(link[0], `#${fields.collapsed}`);
      assert.match(link[1] ?? '', /^Direct link to \S+/);
    });
  });
