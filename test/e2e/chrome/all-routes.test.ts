// Every page of the site in desktop and mobile viewports, light and dark, with and without
// client-side navigation; accessibility scans; the pages without JavaScript; the JS budget.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { REPO } from '../../helpers/mini-site.js';
import { specRoutes } from '../../helpers/spec-routes.js';
import { DESKTOP, MOBILE, useRealSiteInBrowser, waitForHydration } from './real-site.js';

const site = useRealSiteInBrowser();
const routes = specRoutes();

/** What should hold on every page once it is interactive. */
async function checkPage(page: Page, route: string, theme: 'light' | 'dark', mobile: boolean): Promise<string[]> {
  return page.evaluate(
    ({ route, theme, mobile }) => {
      const issues: string[] = [];
      const root = document.documentElement;
      if (root.dataset.theme !== theme) issues.push(`theme ${root.dataset.theme}`);
      if (document.querySelector('.navbar-item-error, .route-error, .crash-screen, #base-url-issue-banner'))
        issues.push('an error box shows');
      for (const name of ['LocaleDropdown', 'VersionDropdown'])
        if (document.querySelector(`[data-island="${name}"]`)?.childElementCount)
          issues.push(`${name} renders with one locale/version`);
      if (!document.title) issues.push('no title');
      if (!document.querySelector('main h1')) issues.push('no h1 in main');
      if (document.querySelector('.page')?.getAttribute('data-route') !== (route === '/search' ? '/search' : route))
        issues.push(`data-route ${document.querySelector('.page')?.getAttribute('data-route')}`);
      if (root.scrollWidth > window.innerWidth + 1)
        issues.push(`page wider than the view (${root.scrollWidth} > ${window.innerWidth})`);
      const toggle = document.querySelector<HTMLElement>('[data-mobile-sidebar-toggle]');
      if (mobile !== (toggle?.getClientRects().length === 1)) issues.push(`hamburger ${mobile ? 'hidden' : 'shown'}`);
      return issues.map((issue) => `${route}: ${issue}`);
    },
    { route, theme, mobile },
  );
}

test('every page, in desktop and mobile viewports, light and dark, loaded directly and by client-side navigation, without console errors or hydration warnings', async () => {
  // Side by side, a desktop and a mobile page visit every route, alternating how: even routes load
  // directly on desktop (and hydrate) and by client-side navigation on mobile, odd routes the other
  // way round. The colour mode alternates too, so that each route is seen in both viewports, both
  // modes and both ways of arriving.
  const visit = async (viewport: typeof DESKTOP, column: number) => {
    // The console's problems are gathered into the issues, route by route.
    return site.withPage({ viewport, expectProblems: true }, async ({ page, problems }) => {
      const name = viewport === MOBILE ? 'mobile' : 'desktop';
      const issues: string[] = [];
      await page.goto(site.url + '/');
      await waitForHydration(page);
      for (const [index, route] of routes.entries()) {
        const theme = (index + column) % 2 === 0 ? 'light' : 'dark';
        const direct = (index + column) % 2 === 0;
        await page.emulateMedia({ colorScheme: theme });
        const before = problems.length;
        if (direct) {
          await page.goto(site.url + route, { waitUntil: 'domcontentloaded' });
          await waitForHydration(page);
        } else {
          await page.evaluate((href) => {
            (window as Window & { __sameDocument?: boolean }).__sameDocument = true;
            const link = document.createElement('a');
            link.href = href;
            document.querySelector('main')!.append(link);
            link.click();
          }, route);
          await page.waitForSelector(`.page[data-route="${route}"]`);
          if (!(await page.evaluate(() => (window as Window & { __sameDocument?: boolean }).__sameDocument)))
            issues.push(`${name}: ${route}: a full page load`);
        }
        const how = `${name} ${theme} ${direct ? 'direct' : 'navigated'}`;
        // The colour scheme emulated above reaches the page as a media query change event, which may be
        // handled after the navigation: wait for the theme to follow it (checkPage reports it if it never does).
        await page
          .waitForFunction((wanted) => document.documentElement.dataset.theme === wanted, theme, { timeout: 3000 })
          .catch(() => {});
        issues.push(...(await checkPage(page, route, theme, viewport === MOBILE)).map((issue) => `${how}: ${issue}`));
        issues.push(...problems.slice(before).map((p) => `${how}: ${route}: ${p}`));
      }
      return issues;
    });
  };
  assert.deepEqual((await Promise.all([visit(DESKTOP, 0), visit(MOBILE, 1)])).flat(), []);
  assert.ok(routes.length >= 70, `${routes.length} routes`);
});

test('axe finds no serious or critical violations on a guide, an example, the API overview and an operation, light and dark', async () => {
  const axe = join(REPO, 'node_modules/axe-core/axe.min.js');
  const pages = [
    '/guides/authentication',
    '/examples/rewards/daily-trend',
    '/api/reference/heliumgeek-api-for-helium-network',
    '/api/reference/radio-rewards',
    '/api/reference/schemas/gateway',
  ];
  const found = (
    await Promise.all(
      (['light', 'dark'] as const).map((colorScheme) =>
        site.withPage({ colorScheme }, async ({ page }) => {
          const issues: string[] = [];
          for (const route of pages) {
            await page.goto(site.url + route);
            await waitForHydration(page);
            await page.addScriptTag({ path: axe });
            const violations = await page.evaluate(async () => {
              const result = await (
                window as unknown as {
                  axe: {
                    run: (
                      c: unknown,
                      o: unknown,
                    ) => Promise<{
                      violations: {
                        id: string;
                        impact: string;
                        nodes: { target: string[]; failureSummary: string }[];
                      }[];
                    }>;
                  };
                }
              ).axe.run(document, { resultTypes: ['violations'] });
              return result.violations
                .filter((v) => v.impact === 'serious' || v.impact === 'critical')
                .map(
                  (v) =>
                    `${v.id} (${v.impact}): ${v.nodes
                      .slice(0, 3)
                      .map((n) => n.target.join(' '))
                      .join(' | ')} — ${v.nodes[0]?.failureSummary.split('\n').slice(0, 2).join(' ')}`,
                );
            });
            issues.push(...violations.map((v) => `${colorScheme} ${route}: ${v}`));
          }
          return issues;
        }),
      ),
    )
  ).flat();
  assert.deepEqual(found, []);
});

test('without JavaScript the pages can be read and navigated, and the code samples show', async () => {
  await site.withPage({ javaScriptEnabled: false }, async ({ page }) => {
    await page.goto(site.url + '/guides/authentication');
    await page.click('.navbar__items a.navbar__link:text("Examples")');
    await page.waitForURL('**/examples/**');
    await page.click('.sidebar a.menu-link[href="/examples/health/mobile-speedtest-check"]');
    await page.waitForURL('**/examples/health/mobile-speedtest-check');
    await page.click('.navbar__items a.navbar__link:text("API Reference")');
    await page.waitForURL('**/api/reference/**');
    await page.click('.sidebar a.menu-link[href="/api/reference/radio-rewards"]');
    await page.waitForURL('**/api/reference/radio-rewards');
    const samples = '[data-code-tabs="language"]';
    assert.equal(await page.isVisible(`${samples} [data-tab-panel="curl"] pre`), true, 'the first code sample shows');
    await page.click(`${samples} [role="tablist"] [data-tab-value="python"]`);
    assert.equal(await page.isVisible(`${samples} [data-tab-panel="python"] pre`), true, 'a tab link shows its panel');
    assert.equal(await page.isVisible('details.api-schema__node > summary'), true);
    // Narrow screens: the section links stay in the navbar and the sidebar follows the content.
    await page.setViewportSize(MOBILE);
    assert.equal(await page.isVisible('[data-mobile-sidebar-toggle]'), false, 'no hamburger that could not open');
    assert.equal(await page.isVisible('.navbar__items a.navbar__link:text("Guides")'), true);
    assert.equal(await page.isVisible('.page__sidebar a.menu-link[href="/api/reference/radio-heartbeats"]'), true);
    await page.click('.page__sidebar a.menu-link[href="/api/reference/radio-heartbeats"]');
    await page.waitForURL('**/api/reference/radio-heartbeats');
  });
});

test('first-load JavaScript stays under 70 KB gzip and leaves the search modal and React to lazy chunks', () => {
  for (const route of ['/guides/authentication', '/api/reference/radio-rewards']) {
    const html = readFileSync(join(site.dir, route.slice(1), 'index.html'), 'utf8');
    const files = [
      ...new Set(
        [
          ...html.matchAll(/<script type="module" src="\/([^"]+)"/g),
          ...html.matchAll(/<link rel="modulepreload" href="\/([^"]+)"/g),
        ].map((m) => m[1]),
      ),
    ];
    const code = files.map((file) => readFileSync(join(site.dir, file)));
    const gzip = code.reduce((sum, buffer) => sum + gzipSync(buffer, { level: 9 }).length, 0);
    assert.ok(gzip <= 70 * 1024, `${route}: ${gzip} bytes gzip`);
    const text = code.map(String).join('\n');
    assert.doesNotMatch(text, /Unable to fetch results/, 'the search modal is not in the first load');
    assert.doesNotMatch(text, /hydrateRoot|__reactContainer/, 'React is not in the first load');
  }
});
