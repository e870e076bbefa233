// Colour mode, announcement bar, storage failures and the wrong-baseUrl banner, in Chromium
// against the repository's built site.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { serveDirectory } from '../../helpers/browser.js';
import { useRealSiteInBrowser, waitForHydration } from './real-site.js';

const site = useRealSiteInBrowser();
const GUIDE = '/guides/authentication';

const state = (page: Page) =>
  page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    choice: document.documentElement.dataset.themeChoice,
    stored: localStorage.getItem('theme'),
    label: document.querySelector('.color-mode-toggle')?.getAttribute('aria-label'),
  }));

/** Records the theme and the body background at DOMContentLoaded, i.e. before the client runs any effect. */
const recordAtDomContentLoaded = () => {
  document.addEventListener('DOMContentLoaded', () => {
    (window as unknown as { __atDcl: unknown }).__atDcl = {
      theme: document.documentElement.dataset.theme,
      background: getComputedStyle(document.body).backgroundColor,
    };
  });
};

describe('colour mode', () => {
  test('follows a dark system preference before first paint, and a stored choice wins over it (no flash)', async () => {
    await site.withPage({ colorScheme: 'dark' }, async ({ page }) => {
      await page.addInitScript(recordAtDomContentLoaded);
      await page.goto(site.url + GUIDE);
      assert.deepEqual(await page.evaluate(() => (window as unknown as { __atDcl: unknown }).__atDcl), {
        theme: 'dark',
        background: 'rgb(27, 27, 29)',
      });
      await page.evaluate(() => localStorage.setItem('theme', 'light'));
      await page.reload();
      assert.deepEqual(await page.evaluate(() => (window as unknown as { __atDcl: unknown }).__atDcl), {
        theme: 'light',
        background: 'rgb(255, 255, 255)',
      });
    });
  });

  test('the toggle is disabled until the page runs in a browser', async () => {
    const html = await (await fetch(site.url + GUIDE)).text();
    assert.match(html, /<button[^>]*class="navbar-icon-button color-mode-toggle"[^>]*disabled=""/);
    // The refused script is a console error of its own.
    await site.withPage({ expectProblems: true }, async ({ page }) => {
      await page.route('**/assets/js/islands.*.js', (route) => route.abort());
      // The islands' code was asked for and refused: the page has done all it will do without it.
      await Promise.all([
        page.waitForEvent('requestfailed', (request) => request.url().includes('/assets/js/islands.')),
        page.goto(site.url + GUIDE),
      ]);
      assert.equal(await page.isDisabled('.color-mode-toggle'), true, 'disabled while its island is not hydrated');
    });
    await site.withPage({}, async ({ page }) => {
      await page.goto(site.url + GUIDE);
      await waitForHydration(page);
      assert.equal(await page.isEnabled('.color-mode-toggle'), true);
    });
  });

  test('cycles system → light → dark → system, storing light and dark under "theme" only', async () => {
    await site.withPage({ colorScheme: 'dark' }, async ({ page }) => {
      await page.goto(site.url + GUIDE);
      await waitForHydration(page);
      assert.deepEqual(await state(page), {
        theme: 'dark',
        choice: 'system',
        stored: null,
        label: 'Switch between dark and light mode (currently system mode)',
      });
      await page.click('.color-mode-toggle');
      assert.deepEqual(await state(page), {
        theme: 'light',
        choice: 'light',
        stored: 'light',
        label: 'Switch between dark and light mode (currently light mode)',
      });
      await page.click('.color-mode-toggle');
      assert.deepEqual(await state(page), {
        theme: 'dark',
        choice: 'dark',
        stored: 'dark',
        label: 'Switch between dark and light mode (currently dark mode)',
      });
      await page.click('.color-mode-toggle');
      assert.deepEqual(await state(page), {
        theme: 'dark',
        choice: 'system',
        stored: null,
        label: 'Switch between dark and light mode (currently system mode)',
      });
      // In system mode the page follows a change of the system preference.
      await page.emulateMedia({ colorScheme: 'light' });
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    });
  });

  test('alternates dark and light when the system preference is not respected', async () => {
    await site.withPage({ colorScheme: 'dark' }, async ({ page }) => {
      // The same pages built with colorMode.respectPrefersColorScheme: false.
      await page.route('**/*', async (route) => {
        if (route.request().resourceType() !== 'document') return route.continue();
        const response = await route.fetch();
        const body = (await response.text())
          .replace('"respect":true', '"respect":false')
          .replace('"respectPrefersColorScheme":true', '"respectPrefersColorScheme":false')
          .replace('respectPrefersColorScheme&quot;:true', 'respectPrefersColorScheme&quot;:false');
        await route.fulfill({ response, body });
      });
      await page.goto(site.url + GUIDE);
      await waitForHydration(page);
      assert.deepEqual((await state(page)).theme, 'light', 'the default mode, whatever the system says');
      const seen: (string | null)[] = [];
      for (let i = 0; i < 4; i++) {
        await page.click('.color-mode-toggle');
        seen.push((await state(page)).stored);
      }
      assert.deepEqual(seen, ['dark', 'light', 'dark', 'light']);
    });
  });

  test('a choice made in one tab shows in the other tabs', async () => {
    await site.withPage({ colorScheme: 'light' }, async ({ page, context }) => {
      const other = await context.newPage();
      await page.goto(site.url + GUIDE);
      await other.goto(site.url + '/examples/rewards/last-epoch');
      await waitForHydration(page);
      await waitForHydration(other);
      await page.click('.color-mode-toggle'); // system → light
      await page.click('.color-mode-toggle'); // light → dark
      await other.waitForFunction(
        () =>
          document.documentElement.dataset.theme === 'dark' && document.documentElement.dataset.themeChoice === 'dark',
      );
      assert.match((await state(other)).label ?? '', /currently dark mode/);
      await page.click('.color-mode-toggle'); // dark → system (removes the key)
      await other.waitForFunction(
        () =>
          document.documentElement.dataset.themeChoice === 'system' &&
          document.documentElement.dataset.theme === 'light',
      );
    });
  });
});

describe('announcement bar', () => {
  const bar = '.announcement-bar';

  test('a dismissal is stored with the bar id, hides the bar before first paint on the next pages, and a new id shows it again', async () => {
    await site.withPage({}, async ({ page }) => {
      await page.goto(site.url + GUIDE);
      assert.equal(await page.isVisible(bar), true);
      await page.click('.announcement-bar__close');
      await page.waitForSelector(bar, { state: 'hidden' });
      assert.deepEqual(
        await page.evaluate(() => [
          localStorage.getItem('docusaurus.announcement.dismiss'),
          localStorage.getItem('docusaurus.announcement.id'),
        ]),
        ['true', 'hip-149-mobile-poc'],
      );
      await page.addInitScript(() =>
        document.addEventListener('DOMContentLoaded', () => {
          const element = document.querySelector('.announcement-bar');
          (window as unknown as { __barAtDcl: string }).__barAtDcl = element
            ? getComputedStyle(element).display
            : 'absent';
        }),
      );
      await page.goto(site.url + '/examples/rewards/last-epoch');
      assert.equal(await page.evaluate(() => (window as unknown as { __barAtDcl: string }).__barAtDcl), 'none');
      await waitForHydration(page);
      assert.equal(await page.isVisible(bar), false);
      // The site publishes a new announcement (another id): the old dismissal no longer applies.
      await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement'));
      await page.reload();
      assert.equal(await page.isVisible(bar), true);
    });
  });

  test('the old misspelt default id is migrated to the correct one', async () => {
    await site.withPage({}, async ({ page }) => {
      await page.goto(site.url + GUIDE);
      await page.evaluate(() => {
        localStorage.setItem('docusaurus.announcement.dismiss', 'true');
        localStorage.setItem('docusaurus.announcement.id', 'annoucement-bar');
      });
      await page.reload();
      assert.equal(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id')), 'announcement-bar');
      assert.equal(await page.isVisible(bar), true, 'the dismissal was for another bar');
    });
  });
});

test('with storage unavailable one warning is logged and everything works without persistence', async () => {
  await site.withPage({}, async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await page.goto(site.url + '/api/reference/radio-rewards');
    await waitForHydration(page);
    await page.click('.color-mode-toggle');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.themeChoice), 'light');
    await page.click('.color-mode-toggle');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    await page.click('.announcement-bar__close');
    await page.waitForSelector('.announcement-bar', { state: 'hidden' });
    await page.click('[data-code-tabs="language"] [data-tab-value="python"]');
    assert.equal(await page.isVisible('[data-code-tabs="language"] [data-tab-panel="python"]'), true);
    assert.equal(
      warnings.filter((w) => /storage/i.test(w)).length,
      1,
      `one storage warning, got ${JSON.stringify(warnings)}`,
    );
    await page.reload();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light', 'nothing was remembered');
    assert.equal(await page.isVisible('.announcement-bar'), true);
  });
});

test('a site served at a path that does not match its baseUrl shows the wrong-baseUrl banner', async () => {
  const wrong = await serveDirectory(site.dir, '/docs/');
  try {
    // Served under the wrong path, the page's stylesheet and scripts are 404s.
    await site.withPage({ expectProblems: true }, async ({ page }) => {
      await page.goto(wrong.url + '/docs/');
      const banner = page.locator('#base-url-issue-banner');
      await banner.waitFor();
      assert.equal(await banner.getAttribute('role'), 'alert');
      const text = await banner.textContent();
      assert.match(text ?? '', /did not load properly/);
      assert.match(
        text ?? '',
        /baseUrl is \/, but this page is served at \/docs\/\. We suggest trying baseUrl = \/docs\//,
      );
      await page.goto(wrong.url + '/docs/guides/usage');
      assert.match(
        (await page.locator('#base-url-issue-banner').textContent()) ?? '',
        /We suggest trying baseUrl = \/docs\//,
      );
      // Served where it belongs, no banner.
      await page.goto(site.url + '/guides/usage');
      await waitForHydration(page);
      assert.equal(await page.locator('#base-url-issue-banner').count(), 0);
    });
  } finally {
    await wrong.close();
  }
});
