// The docs-version dropdown of a site versioned the Docusaurus way (the beacon-versions fixture), in
// Chromium at 1440 and 390 px: it opens from the keyboard, lists every version with the page's own
// marked, and each entry leads to the same doc in that version (or to its main doc).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { useBuiltSite, watchConsole } from '../../helpers/browser.js';
import { buildRealSite } from '../../helpers/build-real-site.js';
import { REPO } from '../../helpers/mini-site.js';

const site = useBuiltSite(async () => {
  const root = join(await mkdtemp(join(tmpdir(), 'docsgen-versions-')), 'beacon');
  await cp(join(REPO, 'test/docusaurus/fixtures/beacon-versions'), root, { recursive: true });
  return buildRealSite(['--config', join(root, 'site.config.ts')]);
});

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 800 },
];

/** The version dropdown the reader can use: the navbar's on desktop, the mobile menu's primary menu on a phone. */
async function openableDropdown(page: Page, mobile: boolean): Promise<Locator> {
  await page.waitForSelector('.navbar [data-island="VersionDropdown"][data-hydrated]');
  if (!mobile) return page.locator('.navbar [data-island="VersionDropdown"] details');
  await page.locator('[data-mobile-sidebar-toggle]').click();
  await page.locator('[data-mobile-sidebar-back]').click();
  const dropdown = page.locator('#mobile-sidebar [data-mobile-primary] details[data-plugin-id]');
  await dropdown.waitFor();
  return dropdown;
}

/**
 * Console problems, but not the 404 of the site root: the fixture's docs start at /docs (as a Docusaurus
 * site whose home page is a React page), and the mobile menu preloads its brand link to / when focused.
 */
function watchProblems(page: Page): { problems: string[] } {
  const { problems } = watchConsole(page);
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(new URL(response.url()).pathname);
  });
  return {
    get problems() {
      const rootOnly = missing.every((path) => path === '/');
      return problems
        .filter((problem) => !(rootOnly && /status of 404/.test(problem)))
        .concat(missing.filter((path) => path !== '/').map((path) => `404 ${path}`));
    },
  };
}

const isOpen = (dropdown: Locator) => dropdown.evaluate((el) => (el as HTMLDetailsElement).open);

/** Opens the dropdown from the keyboard and returns its entries: [label, path, marked as current]. */
async function openWithKeyboard(page: Page, dropdown: Locator) {
  await dropdown.locator('summary').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction((el) => (el as HTMLDetailsElement).open, await dropdown.elementHandle());
  return dropdown
    .locator('a.dropdown__link')
    .evaluateAll((links) =>
      links.map((a) => [
        a.textContent,
        new URL((a as HTMLAnchorElement).href).pathname,
        a.getAttribute('aria-current'),
      ]),
    );
}

for (const viewport of VIEWPORTS) {
  describe(`version dropdown at ${viewport.width} px`, () => {
    const mobile = viewport.name === 'mobile';

    test('opens from the keyboard, marks the page version, closes on Escape back on its button', async () => {
      await site.withPage({ viewport, expectProblems: true }, async ({ page }) => {
        const watched = watchProblems(page);
        await page.goto(`${site.url}/docs/1.0/getting-started/install`);
        const dropdown = await openableDropdown(page, mobile);
        assert.match((await dropdown.locator('summary').textContent()) ?? '', /1\.0 \(legacy\)$/);
        assert.deepEqual(await openWithKeyboard(page, dropdown), [
          ['2.2 (next)', '/docs/next/getting-started/install', null],
          ['2.1', '/docs/getting-started/install', null],
          ['1.0 (legacy)', '/docs/1.0/getting-started/install', 'true'],
        ]);
        assert.ok(await dropdown.locator('a.dropdown__link').first().isVisible(), 'the entries are shown');
        await page.keyboard.press('Tab');
        assert.equal(
          await page.evaluate(() => document.activeElement?.textContent),
          '2.2 (next)',
          'Tab reaches the first version',
        );
        await page.keyboard.press('Escape');
        assert.equal(await isOpen(dropdown), false, 'Escape closes it');
        assert.equal(
          await dropdown.locator('summary').evaluate((el) => el === document.activeElement),
          true,
          'focus is back on the button',
        );
        assert.deepEqual(watched.problems, []);
      });
    });

    test('each version leads to the same doc in it, or to its main doc when it has none', async () => {
      await site.withPage({ viewport, expectProblems: true }, async ({ page }) => {
        const watched = watchProblems(page);
        // From install (every version has it) to each version, then from webhooks (only next has it).
        const steps = [
          { from: '/docs/getting-started/install', label: '1.0 (legacy)', to: '/docs/1.0/getting-started/install' },
          { from: '/docs/1.0/getting-started/install', label: '2.2 (next)', to: '/docs/next/getting-started/install' },
          { from: '/docs/next/getting-started/install', label: '2.1', to: '/docs/getting-started/install' },
          { from: '/docs/next/webhooks', label: '2.1', to: '/docs' },
          { from: '/docs/next/webhooks', label: '1.0 (legacy)', to: '/docs/1.0' },
        ];
        for (const step of steps) {
          await page.goto(site.url + step.from);
          const dropdown = await openableDropdown(page, mobile);
          await openWithKeyboard(page, dropdown);
          const link = dropdown.locator('a.dropdown__link', { hasText: step.label });
          await link.focus();
          await page.keyboard.press('Enter');
          await page.waitForURL(site.url + step.to);
          await page.waitForSelector(`.page[data-route="${step.to}"]`);
          const version = page.locator('.navbar [data-island="VersionDropdown"][data-hydrated] summary');
          await version.waitFor();
          assert.match((await version.textContent()) ?? '', new RegExp(`${step.label.replace(/[().]/g, '\\$&')}$`));
          assert.equal(
            await page.evaluate(() => localStorage.getItem('docs-preferred-version-default')),
            { '1.0 (legacy)': '1.0', '2.2 (next)': 'current', '2.1': '2.1' }[step.label],
            'the choice is stored',
          );
        }
        assert.deepEqual(watched.problems, []);
      });
    });
  });
}

test('the banner of an old version leads to the same doc in the latest version', async () => {
  await site.withPage({ expectProblems: true }, async ({ page }) => {
    await page.goto(`${site.url}/docs/1.0/getting-started/install`);
    const banner = page.locator('.version-banner[role="alert"]');
    assert.match((await banner.textContent()) ?? '', /no longer actively maintained/);
    await banner.locator('a').click();
    await page.waitForURL(`${site.url}/docs/getting-started/install`);
    assert.equal(await page.locator('.version-banner').count(), 0, 'no banner on the latest version');
  });
});

/** The docs links of the navbar (desktop) or the mobile menu (phone) as [visible label, path]. */
async function docsLinks(page: Page, mobile: boolean) {
  const selector = mobile ? '#mobile-sidebar [data-mobile-primary] a.menu-link' : '.navbar a.navbar__link';
  return page
    .locator(selector)
    .evaluateAll((links) =>
      links.map((a) => [(a as HTMLElement).innerText.trim(), new URL((a as HTMLAnchorElement).href).pathname]),
    );
}

/** Sums the layout shifts the page has had so far (Chromium's layout-shift entries, as CLS counts them). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[];
          resolve(entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all: nothing shifted (the observer is not called for an empty buffer).
        setTimeout(() => resolve(0), 500);
      }),
  );

for (const viewport of VIEWPORTS) {
  describe(`navbar docs links at ${viewport.width} px`, () => {
    const mobile = viewport.name === 'mobile';

    test('follow the version of the doc read, through client-side navigations', async () => {
      await site.withPage({ viewport, expectProblems: true }, async ({ page }) => {
        const watched = watchProblems(page);
        await page.goto(`${site.url}/docs/1.0/getting-started/install`);
        await page.waitForSelector('.navbar [data-island="VersionDropdown"][data-hydrated]');
        const old = [
          ['Docs', '/docs/1.0'],
          ['Limits', '/docs/1.0/reference/rate-limits'],
          ['Auth', '/docs/getting-started/authentication'],
          ...(mobile ? [] : [['1.0 (legacy)', '/docs/1.0']]),
        ];
        if (mobile) await page.locator('[data-mobile-sidebar-toggle]').click();
        if (mobile) await page.locator('[data-mobile-sidebar-back]').click();
        assert.deepEqual((await docsLinks(page, mobile)).slice(0, old.length), old);
        // A navbar link of the old version keeps the reader in it (client-side navigation).
        await page
          .locator(mobile ? '#mobile-sidebar [data-mobile-primary] a.menu-link' : '.navbar a.navbar__link', {
            hasText: /^Limits$/,
          })
          .click();
        await page.waitForSelector('.page[data-route="/docs/1.0/reference/rate-limits"]');
        // The banner leads to the latest version: the navbar follows without a reload.
        await page.locator('.version-banner a').click();
        await page.waitForSelector('.page[data-route="/docs/reference/rate-limits"]');
        if (mobile) await page.locator('[data-mobile-sidebar-toggle]').click();
        if (mobile) await page.locator('[data-mobile-sidebar-back]').click();
        await page.waitForFunction(
          (selector) => document.querySelector(selector)?.getAttribute('href') === '/docs',
          mobile ? '#mobile-sidebar [data-mobile-primary] a.menu-link' : '.navbar a.navbar__link',
        );
        assert.deepEqual((await docsLinks(page, mobile)).slice(0, 3), [
          ['Docs', '/docs'],
          ['Limits', '/docs/reference/rate-limits'],
          ['Auth', '/docs/getting-started/authentication'],
        ]);
        assert.equal(
          await page.evaluate(() => localStorage.getItem('docs-preferred-version-default')),
          '2.1',
          'following the banner makes the latest version the preferred one',
        );
        assert.deepEqual(watched.problems, []);
      });
    });

    test("outside the docs, show the reader's preferred version once hydrated, without a layout shift", async () => {
      await site.withPage({ viewport, expectProblems: true }, async ({ page }) => {
        const watched = watchProblems(page);
        await page.goto(`${site.url}/docs/getting-started/install`);
        const dropdown = await openableDropdown(page, mobile);
        await openWithKeyboard(page, dropdown);
        await dropdown.locator('a.dropdown__link', { hasText: '1.0 (legacy)' }).click();
        await page.waitForSelector('.page[data-route="/docs/1.0/getting-started/install"]');
        // A page outside the docs, loaded afresh: rendered for the last version, then the preference.
        await page.goto(`${site.url}/search`);
        const summary = page.locator('.navbar [data-island="PreferredVersionDropdown"][data-hydrated] summary');
        await summary.waitFor();
        await page.waitForFunction(
          () => document.querySelector('.navbar a.navbar__link')?.getAttribute('href') === '/docs/1.0',
        );
        if (!mobile) assert.match(await summary.innerText(), /Versions:\s+1\.0 \(legacy\)$/);
        if (mobile) {
          // A page without a sidebar: the menu opens on its primary part.
          await page.locator('[data-mobile-sidebar-toggle]').click();
          const menu = page.locator('#mobile-sidebar [data-mobile-primary] details[data-plugin-id] summary');
          assert.match(await menu.innerText(), /1\.0 \(legacy\)$/);
        }
        assert.deepEqual((await docsLinks(page, mobile)).slice(0, 3), [
          ['Docs', '/docs/1.0'],
          ['Limits', '/docs/1.0/reference/rate-limits'],
          ['Auth', '/docs/getting-started/authentication'],
        ]);
        assert.equal(await layoutShift(page), 0, 'switching to the preferred version moves nothing');
        assert.deepEqual(watched.problems, []);
      });
    });
  });
}

test('with JavaScript off, pages outside the docs show the last version', async () => {
  await site.withPage({ javaScriptEnabled: false, expectProblems: true }, async ({ page }) => {
    await page.goto(`${site.url}/search`);
    assert.match(await page.locator('.navbar details[data-plugin-id] summary').innerText(), /Versions:\s+2\.1$/);
    assert.deepEqual((await docsLinks(page, false)).slice(0, 4), [
      ['Docs', '/docs'],
      ['Limits', '/docs/reference/rate-limits'],
      ['Auth', '/docs/getting-started/authentication'],
      ['2.1', '/docs'],
    ]);
  });
});
