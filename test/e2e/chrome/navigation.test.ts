// Client-side navigation, preloading, the progress bar, scroll handling, the crash screen and
// the hideable navbar, in Chromium against the repository's built site.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { msUntilAppears, useRealSiteInBrowser, waitForHydration } from './real-site.js';

const site = useRealSiteInBrowser();

type Marked = Window & { __sameDocument?: boolean };
type FetchLog = Window & { __fetches?: string[] };
const markDocument = (page: Page) => page.evaluate(() => ((window as Marked).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as Marked).__sameDocument === true);
const waitForPath = (page: Page, path: string) =>
  page.waitForFunction(
    (p) => location.pathname === p && document.querySelector('.page')?.getAttribute('data-route') === p,
    path,
  );

test('internal links swap the page without a reload: content, title, head, active sidebar and navbar items', async () => {
  await site.withPage({}, async ({ page }) => {
    await page.goto(site.url + '/guides/authentication');
    await waitForHydration(page);
    await markDocument(page);
    await page.click('.sidebar a.menu-link[href="/guides/pagination"]');
    await waitForPath(page, '/guides/pagination');
    assert.equal(await sameDocument(page), true, 'no full page load');
    assert.equal(await page.title(), 'Pagination | HeliumGeek API');
    assert.equal(await page.textContent('main h1'), 'Pagination');
    assert.equal(
      await page.getAttribute('link[rel="canonical"]', 'href'),
      'https://docs.heliumgeek.com/guides/pagination',
    );
    assert.equal(await page.getAttribute('meta[property="og:title"]', 'content'), 'Pagination');
    assert.equal(await page.locator('meta[name="description"]').count(), 1);
    assert.equal(await page.textContent('.sidebar [aria-current="page"]'), 'Pagination');
    assert.equal(
      await page.evaluate(() => JSON.parse(document.getElementById('__docsgen')!.textContent!).route),
      '/guides/pagination',
    );
    // Another section: the sidebar is replaced and the navbar marks the new section.
    await page.click('.navbar__items a.navbar__link:text("API Reference")');
    await waitForPath(page, '/api/reference/heliumgeek-api-for-helium-network');
    assert.equal(await sameDocument(page), true);
    assert.equal(await page.getAttribute('.sidebar', 'data-sidebar'), 'apiSidebar');
    assert.equal(await page.textContent('.navbar__link--active'), 'API Reference');
    assert.equal(await page.locator('.navbar__link[aria-current]').count(), 1);
    // An operation page: its code tabs work after the swap, and the islands are still hydrated.
    await page.click('.sidebar a.menu-link[href="/api/reference/radio-rewards"]');
    await waitForPath(page, '/api/reference/radio-rewards');
    await page.click('[data-code-tabs="language"] [data-tab-value="python"]');
    assert.equal(await page.isVisible('[data-code-tabs="language"] [data-tab-panel="python"]'), true);
    assert.equal(await page.isEnabled('.color-mode-toggle'), true);
    assert.equal(await page.textContent('[data-route-announcer]'), 'Radio rewards | HeliumGeek API');
    assert.equal(await sameDocument(page), true);
    // Other client code (a search hit) asks for a navigation with the 'docsgen:navigate' event.
    const handled = await page.evaluate(
      () =>
        !window.dispatchEvent(
          new CustomEvent('docsgen:navigate', { detail: { url: '/guides/usage#quota-headers' }, cancelable: true }),
        ),
    );
    assert.equal(handled, true, 'the event was taken');
    await waitForPath(page, '/guides/usage');
    assert.equal(await page.evaluate(() => location.hash), '#quota-headers');
    assert.equal(await sameDocument(page), true);
  });
});

test('back and forward restore scroll positions; a new page starts at the top or at its hash target', async () => {
  await site.withPage({}, async ({ page }) => {
    await page.goto(site.url + '/guides/authentication');
    await waitForHydration(page);
    await markDocument(page);
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForFunction(() => window.scrollY === 900);
    await page.evaluate(() => document.querySelector<HTMLElement>('a.pagination-nav__link--next')!.click()); // a click without scrolling to the link
    await waitForPath(page, '/guides/pagination');
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForFunction(() => window.scrollY === 400);
    await page.goBack();
    await waitForPath(page, '/guides/authentication');
    assert.equal(await page.evaluate(() => window.scrollY), 900);
    await page.goForward();
    await waitForPath(page, '/guides/pagination');
    assert.equal(await page.evaluate(() => window.scrollY), 400);
    // A link to an anchor of another page.
    await page.goBack();
    await waitForPath(page, '/guides/authentication');
    await page.click('main a[href="/guides/usage#when-requests-are-refused"]');
    await waitForPath(page, '/guides/usage');
    const top = await page.evaluate(
      () => document.getElementById('when-requests-are-refused')!.getBoundingClientRect().top,
    );
    assert.ok(top >= 0 && top < 120, `the hash target is at the top of the view (top ${top})`);
    assert.equal(await page.evaluate(() => location.hash), '#when-requests-are-refused');
    assert.equal(
      await page.getAttribute('.navbar', 'class'),
      'navbar navbar--hidden',
      'the navbar hides when jumping to an anchor',
    );
    assert.equal(await sameDocument(page), true);
  });
});

test('links are preloaded on hover and focus, but not on data-saver or 2g connections', async () => {
  const requests = (page: Page) => {
    const seen: string[] = [];
    page.on('request', (request) => request.resourceType() === 'fetch' && seen.push(new URL(request.url()).pathname));
    return seen;
  };
  await site.withPage({}, async ({ page }) => {
    const seen = requests(page);
    await page.goto(site.url + '/guides/authentication');
    await waitForHydration(page);
    const preloaded = Promise.all(
      ['/guides/time-series', '/guides/usage'].map((path) =>
        page.waitForRequest((r) => r.resourceType() === 'fetch' && new URL(r.url()).pathname === path),
      ),
    );
    await page.hover('.sidebar a.menu-link[href="/guides/time-series"]');
    await page.focus('.sidebar a.menu-link[href="/guides/usage"]');
    await preloaded;
    assert.deepEqual(
      seen.filter((p) => p.startsWith('/guides/')),
      ['/guides/time-series', '/guides/usage'],
    );
  });

  for (const connection of [
    { saveData: true, effectiveType: '4g' },
    { saveData: false, effectiveType: '2g' },
    { saveData: false, effectiveType: 'slow-2g' },
  ]) {
    await site.withPage({}, async ({ page }) => {
      await page.addInitScript({
        content: `Object.defineProperty(navigator, 'connection', { configurable: true, value: ${JSON.stringify(connection)} });`,
      });
      // A preload starts its fetch in the hover or focus handler itself, which has run once hover()
      // and focus() return: the page's own count of fetch calls says at once whether one started.
      await page.addInitScript(() => {
        const calls: string[] = ((window as FetchLog).__fetches = []);
        const original = window.fetch.bind(window);
        window.fetch = (input, init) => (calls.push(String(input)), original(input, init));
      });
      await page.goto(site.url + '/guides/authentication');
      await waitForHydration(page);
      await page.hover('.sidebar a.menu-link[href="/guides/time-series"]');
      await page.focus('.sidebar a.menu-link[href="/guides/usage"]');
      assert.deepEqual(
        await page.evaluate(() => (window as FetchLog).__fetches),
        [],
        `no preload with ${JSON.stringify(connection)}`,
      );
      await page.click('.sidebar a.menu-link[href="/guides/usage"]');
      await waitForPath(page, '/guides/usage');
    });
  }
});

test('a page that fails to load is loaded normally instead', async () => {
  // The aborted fetch is a console error of its own.
  await site.withPage({ expectProblems: true }, async ({ page }) => {
    await page.goto(site.url + '/guides/authentication');
    await waitForHydration(page);
    await markDocument(page);
    await page.route('**/guides/pagination', (route) =>
      route.request().resourceType() === 'fetch' ? route.abort('failed') : route.continue(),
    );
    await page.click('.sidebar a.menu-link[href="/guides/pagination"]');
    await page.waitForURL('**/guides/pagination');
    await page.waitForSelector('main h1:text("Pagination")');
    assert.equal(await sameDocument(page), false, 'a full page load happened');
  });
});

test('the progress bar starts 200 ms after a path-changing navigation and completes when the route has updated', async () => {
  await site.withPage({}, async ({ page }) => {
    await page.goto(site.url + '/guides/authentication');
    await waitForHydration(page);
    await page.route('**/guides/time-series', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 900));
      await route.continue();
    });
    const appearedAfter = await msUntilAppears(
      page,
      '.sidebar a.menu-link[href="/guides/time-series"]',
      '[data-progress-bar]',
    );
    assert.ok(appearedAfter >= 200, `the bar appeared ${appearedAfter} ms after the click`);
    assert.equal(await page.locator('.spinner').count(), 0, 'no spinner');
    await waitForPath(page, '/guides/time-series');
    assert.equal(
      await page.evaluate(() => document.querySelector<HTMLElement>('[data-progress-bar]')?.style.width),
      '100%',
    );
    await page.waitForSelector('[data-progress-bar]', { state: 'detached', timeout: 10_000 });
    // A hash change on the same page is no path change: no bar.
    // Watched for longer than the bar's 200 ms delay: it must not appear at any moment.
    const barAppeared = page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const observer = new MutationObserver(() => {
            if (document.querySelector('[data-progress-bar]')) resolve(true);
          });
          observer.observe(document, { subtree: true, childList: true });
          setTimeout(() => (observer.disconnect(), resolve(false)), 400);
        }),
    );
    await page.click('.toc a[href^="#"]');
    assert.equal(await barAppeared, false);
  });
});

test('a page that cannot be displayed shows the crash screen; its try-again button clears the error', async () => {
  await site.withPage({}, async ({ page }) => {
    await page.goto(site.url + '/guides/authentication');
    await waitForHydration(page);
    const broken = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        body: (await response.text()).replace('id="main-content"', 'id="main-content-gone"'),
      });
    };
    await page.route('**/guides/pagination', broken);
    await page.click('.sidebar a.menu-link[href="/guides/pagination"]');
    const crash = page.locator('.crash-screen');
    await crash.waitFor();
    assert.equal(await crash.locator('h1').textContent(), 'This page crashed.');
    assert.equal(
      await crash.locator('.error-box__message').textContent(),
      'This page could not be displayed: /guides/pagination',
    );
    assert.deepEqual(await crash.locator('.crash-screen__causes li').allTextContents(), [
      'Cause: The page at /guides/pagination has no main content region (#main-content).',
    ]);
    assert.equal(new URL(page.url()).pathname, '/guides/pagination');
    await page.unroute('**/guides/pagination', broken);
    await crash.locator('button:text("Try again")').click();
    await page.waitForSelector('main h1:text("Pagination")');
    assert.equal(await page.locator('.crash-screen').count(), 0);
  });
});

test('the navbar hides on scroll down, comes back on scroll up, always shows near the top and hides on anchor jumps', async () => {
  // Below 1280px: wider, an operation page is two columns with the code on the right and no TOC.
  await site.withPage({ viewport: { width: 1200, height: 800 } }, async ({ page }) => {
    await page.goto(site.url + '/api/reference/radio-rewards');
    await waitForHydration(page);
    // Each state is waited for (scroll handlers run on animation frames, later on a busy machine).
    const navbarHidden = (hidden: boolean, message: string) =>
      page
        .waitForFunction(
          (want) => document.querySelector('.navbar')!.classList.contains('navbar--hidden') === want,
          hidden,
          { timeout: 10_000 },
        )
        .catch(() => assert.fail(message));
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 800);
    await page.waitForFunction(() => window.scrollY > 300);
    await navbarHidden(true, 'hidden after scrolling down');
    await page.mouse.wheel(0, -200);
    await navbarHidden(false, 'back after scrolling up');
    await page.mouse.wheel(0, 600);
    await navbarHidden(true, 'hidden after scrolling down again');
    await page.evaluate(() => window.scrollTo(0, 10));
    await navbarHidden(false, 'always shown near the top');
    await page.click('.toc a[href="#responses"]');
    await navbarHidden(true, 'hidden when jumping to an anchor');
    assert.equal(await page.evaluate(() => location.hash), '#responses');
    await page
      .waitForSelector('.toc a[aria-current][href="#responses"]', { timeout: 10_000 })
      .catch(() => assert.fail('the table of contents marks the section in view'));
  });
});

test('navigating away before the islands finished hydrating reports no error (their roots are unmounted quietly)', async () => {
  await site.withPage({}, async ({ page, context }) => {
    await page.goto(site.url + '/guides/authentication');
    await waitForHydration(page);
    // A slow CPU keeps React hydrating the next page's islands when the reader already goes back.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 30 });
    for (let round = 0; round < 4; round++) {
      await page.evaluate(() => document.querySelector<HTMLElement>('a.pagination-nav__link--next')!.click());
      await waitForPath(page, '/guides/pagination');
      await page.evaluate(() => history.back());
      await waitForPath(page, '/guides/authentication');
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await waitForHydration(page);
  });
});
