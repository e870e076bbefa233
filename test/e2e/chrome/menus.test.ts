// Mobile sidebar, collapsible sidebar categories and <details> blocks, tab overflow menus closing
// on outside interaction, code-sample tabs remembered and synced, and copy buttons, in Chromium
// against the repository's built site.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, useRealSiteInBrowser, waitForHydration } from './real-site.js';

const OPERATION = '/api/reference/radio-rewards';
const site = useRealSiteInBrowser();

const focusInside = (page: Page, selector: string) =>
  page.evaluate(
    (s) => Boolean(document.activeElement && document.querySelector(s)?.contains(document.activeElement)),
    selector,
  );

describe('mobile sidebar', () => {
  test('opens on the section sidebar, goes back to the primary menu, locks scroll, traps focus and closes on Escape', async () => {
    await site.withPage({ viewport: MOBILE }, async ({ page }) => {
      await page.goto(site.url + '/examples/rewards/daily-trend');
      await waitForHydration(page);
      assert.equal(await page.isVisible('.page__sidebar'), false, 'no desktop sidebar below 996 px');
      const toggle = page.locator('[data-mobile-sidebar-toggle]');
      await toggle.click();
      const panel = page.locator('#mobile-sidebar');
      await panel.waitFor();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      assert.equal(
        await panel.locator('[data-mobile-secondary] [aria-current="page"]').getAttribute('href'),
        '/examples/rewards/daily-trend',
      );
      assert.equal(await panel.locator('[data-mobile-primary]').isVisible(), false);
      // Page scroll is locked behind it.
      assert.equal(await page.evaluate(() => getComputedStyle(document.body).overflow), 'hidden');
      await page.mouse.move(370, 400); // over the backdrop
      // The wheel event reached the page and two frames have passed: a scroll it caused would show by then.
      const wheeled = page.evaluate(
        () =>
          new Promise((resolve) =>
            addEventListener('wheel', () => requestAnimationFrame(() => requestAnimationFrame(resolve)), {
              once: true,
              capture: true,
            }),
          ),
      );
      await page.mouse.wheel(0, 800);
      await wheeled;
      assert.equal(await page.evaluate(() => window.scrollY), 0);
      // Focus stays inside, forwards and backwards.
      const focusables = await page.evaluate(
        () =>
          [...document.querySelectorAll('.mobile-sidebar__panel a[href], .mobile-sidebar__panel button')].filter(
            (el) => el.getClientRects().length > 0,
          ).length,
      );
      assert.equal(
        await page.evaluate(() => document.activeElement?.classList.contains('navbar__brand')),
        true,
        'the first element has focus on opening',
      );
      for (let i = 0; i < focusables; i++) await page.keyboard.press('Tab'); // through to the last element and around
      assert.equal(
        await focusInside(page, '.mobile-sidebar__panel'),
        true,
        'focus inside after going past the last element',
      );
      assert.equal(
        await page.evaluate(() => document.activeElement?.classList.contains('navbar__brand')),
        true,
        'Tab from the last element goes to the first',
      );
      await page.keyboard.press('Shift+Tab');
      assert.equal(
        await page.evaluate(() => document.activeElement?.closest('[data-mobile-secondary]') !== null),
        true,
        'Shift+Tab from the first goes to the last',
      );
      // A category of the cloned sidebar still collapses.
      await panel.locator('[data-mobile-secondary] [data-collapse-toggle]').first().click();
      await page.waitForFunction(() =>
        document
          .querySelector('#mobile-sidebar [data-mobile-secondary] .menu-category')!
          .classList.contains('menu-category--collapsed'),
      );
      // Back to the primary menu: the navbar items.
      await panel.locator('[data-mobile-sidebar-back]').click();
      assert.deepEqual(await panel.locator('[data-mobile-primary] a.menu-link').allTextContents(), [
        'Guides',
        'API Reference',
        'Examples',
      ]);
      assert.equal(await panel.locator('[data-mobile-secondary]').isVisible(), false);
      assert.equal(await panel.locator('[data-mobile-primary] [aria-current]').textContent(), 'Examples');
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      assert.equal(
        await page.evaluate(() => document.activeElement?.hasAttribute('data-mobile-sidebar-toggle')),
        true,
        'focus back on the hamburger',
      );
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(await page.evaluate(() => getComputedStyle(document.body).overflow), 'visible');
    });
  });

  test('closes by itself when the view becomes desktop, and after following a link', async () => {
    await site.withPage({ viewport: MOBILE }, async ({ page }) => {
      await page.goto(site.url + '/guides/authentication');
      await waitForHydration(page);
      await page.click('[data-mobile-sidebar-toggle]');
      await page.waitForSelector('#mobile-sidebar', { state: 'visible' });
      await page.setViewportSize(DESKTOP);
      await page.waitForSelector('#mobile-sidebar', { state: 'hidden' });
      assert.equal(await page.evaluate(() => document.body.classList.contains('scroll-locked')), false);
      await page.setViewportSize(MOBILE);
      await page.click('[data-mobile-sidebar-toggle]');
      await page.click('#mobile-sidebar [data-mobile-secondary] a.menu-link[href="/guides/usage"]');
      await page.waitForSelector('.page[data-route="/guides/usage"]');
      assert.equal(await page.isVisible('#mobile-sidebar'), false);
      assert.equal(await page.evaluate(() => document.body.classList.contains('scroll-locked')), false);
      // From the primary menu to another section.
      await page.click('[data-mobile-sidebar-toggle]');
      await page.click('#mobile-sidebar [data-mobile-sidebar-back]');
      await page.click('#mobile-sidebar [data-mobile-primary] a:text("Examples")');
      await page.waitForFunction(() => location.pathname.startsWith('/examples/'));
      await page.click('[data-mobile-sidebar-toggle]');
      assert.equal(
        await page.getAttribute('#mobile-sidebar [data-mobile-secondary] [data-sidebar]', 'data-sidebar'),
        'examplesSidebar',
      );
    });
  });
});

describe('collapsibles', () => {
  /**
   * Clicks the element in the page and samples the height of `measured` every animation frame for
   * `ms` and until the animation is over: [start height, heights while animating…, end height],
   * the transitions the click started, and the transition's clock at each sample.
   */
  const sampleHeights = (page: Page, click: string, measured: string, ms = 400) =>
    page.evaluate(
      async ({ click, measured, ms }) => {
        const target = document.querySelector<HTMLElement>(measured)!;
        const heights = [target.getBoundingClientRect().height];
        const times = [0];
        const started = performance.now();
        document.querySelector<HTMLElement>(click)!.click();
        // The transition the click started (getAnimations flushes styles, so it is there at once).
        const animations = target.getAnimations();
        const transitions = animations.map(
          (a) => `${(a as CSSTransition).transitionProperty} ${a.effect?.getTiming().duration}ms`,
        );
        // The transition's own clock at each sample: null until the browser has started it, then its
        // current time; 'done' once it is over or removed. A loaded machine can take several frames to
        // start an animation, so assertions about its timing read this clock, not frame counts.
        // (No named functions in here: the test runner's transform would name them with a helper the page lacks.)
        const clocks: (number | null | 'done')[] = [null];
        // At least `ms`, then until the animation has let go of the element (a loaded machine drops frames).
        while (performance.now() < started + ms || (target.style.height !== '' && performance.now() < started + 3000)) {
          await new Promise(requestAnimationFrame);
          const animation = animations[0];
          const over = !animation || animation.playState === 'finished' || !target.getAnimations().includes(animation);
          clocks.push(over ? 'done' : animation.currentTime === null ? null : Number(animation.currentTime));
          heights.push(target.getBoundingClientRect().height);
          times.push(performance.now() - started);
        }
        return {
          heights,
          clocks,
          transitions,
          framesIn200ms: times.filter((t) => t > 0 && t < 200).length,
        };
      },
      { click, measured, ms },
    );
  const between = (heights: number[], low: number, high: number) =>
    heights.filter((h) => h > low + 0.5 && h < high - 0.5);
  /** Heights in between were seen, unless the machine drew too few frames to see any. */
  const seenAnimating = (result: { heights: number[]; framesIn200ms: number }, low: number, high: number) =>
    between(result.heights, low, high).length >= 1 || result.framesIn200ms < 3;
  /**
   * A 1 ms transition: the height is the start height while the transition's clock is under 1 ms
   * (not started yet, or just started) and the end height from the moment it has run its 1 ms. Read
   * against the transition's own clock, this holds however many frames a loaded machine takes to start it.
   */
  const jumpsWithItsClock = ({ heights, clocks }: { heights: number[]; clocks: (number | null | 'done')[] }) =>
    clocks.at(-1) === 'done' &&
    clocks.every((c, i) =>
      // The start height is set in whole pixels (offsetHeight), so it may differ from the first sample by < 1 px.
      c === 'done' || (c !== null && c >= 1) ? heights[i] === heights.at(-1) : Math.abs(heights[i] - heights[0]) < 1,
    );
  const categoryIndex = (page: Page, label: string) =>
    page.evaluate(
      (l) =>
        [...document.querySelectorAll('.page__sidebar .menu-category')].findIndex(
          (c) => c.querySelector(':scope > .menu-category__header')?.textContent === l,
        ) + 1,
      label,
    );

  test('sidebar categories collapse and expand with a height animation', async () => {
    await site.withPage({}, async ({ page }) => {
      await page.goto(site.url + '/examples/rewards/last-epoch');
      await waitForHydration(page);
      const n = await categoryIndex(page, 'Health');
      const category = `.page__sidebar .menu-category:nth-of-type(${n})`;
      const toggle = page.locator(`${category} > .menu-category__header > [data-collapse-toggle]`);
      const collapse = await sampleHeights(page, `${category} [data-collapse-toggle]`, `${category} > .collapsible`);
      const { heights: collapsing, transitions } = collapse;
      const full = collapsing[0];
      assert.ok(full > 40, `expanded at first (${full} px)`);
      assert.equal(collapsing.at(-1), 0);
      assert.deepEqual(transitions, ['height 200ms']);
      assert.ok(seenAnimating(collapse, 0, full), `animated through ${JSON.stringify(collapsing)}`);
      assert.equal(await page.isHidden(`${category} > .collapsible`), true);
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(await toggle.getAttribute('aria-label'), "Expand sidebar category 'Health'");
      // The label toggles it too.
      const expand = await sampleHeights(page, `${category} .menu-category__label`, `${category} > .collapsible`);
      const { heights: expanding, transitions: growing } = expand;
      assert.equal(expanding.at(-1), full);
      assert.deepEqual(growing, ['height 200ms']);
      assert.ok(seenAnimating(expand, 0, full), `animated through ${JSON.stringify(expanding)}`);
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    });
  });

  test('<details> blocks in the content animate their height', async () => {
    await site.withPage({}, async ({ page }) => {
      await page.goto(site.url + OPERATION);
      await waitForHydration(page);
      const details = 'details.api-schema__node';
      const close = await sampleHeights(page, `${details} > summary`, details);
      const { heights: closing, transitions } = close;
      const [open, closed] = [closing[0], closing.at(-1)!];
      assert.deepEqual(transitions, ['height 200ms']);
      assert.ok(closed < open, 'closed < open');
      assert.ok(seenAnimating(close, closed, open), `animated through ${JSON.stringify(closing)}`);
      assert.equal(await page.evaluate((d) => document.querySelector(d)!.hasAttribute('open'), details), false);
      const reopen = await sampleHeights(page, `${details} > summary`, details);
      const { heights: opening } = reopen;
      assert.equal(opening.at(-1), open);
      assert.ok(seenAnimating(reopen, closed, open), `animated through ${JSON.stringify(opening)}`);
    });
  });

  test('under prefers-reduced-motion the animations last 1 ms', async () => {
    await site.withPage({ reducedMotion: 'reduce' }, async ({ page }) => {
      await page.goto(site.url + OPERATION);
      await waitForHydration(page);
      const category = `.page__sidebar .menu-category:nth-of-type(${await categoryIndex(page, 'IoT')})`;
      assert.equal(
        await page.evaluate(
          (c) => getComputedStyle(document.querySelector(`${c} > .collapsible`)!).transitionDuration,
          category,
        ),
        '0.001s',
      );
      const collapsing = await sampleHeights(
        page,
        `${category} [data-collapse-toggle]`,
        `${category} > .collapsible`,
        200,
      );
      assert.ok(collapsing.heights[0] > 40, 'collapsing.heights[0] > 40');
      assert.equal(collapsing.heights.at(-1), 0);
      assert.deepEqual(collapsing.transitions, ['height 1ms']);
      assert.ok(
        between(collapsing.heights, 0, collapsing.heights[0]).length === 0 && jumpsWithItsClock(collapsing),
        `collapsed at once: ${JSON.stringify(collapsing)}`,
      );
      const details = 'details.api-schema__node';
      const closing = await sampleHeights(page, `${details} > summary`, details, 200);
      assert.deepEqual(closing.transitions, ['height 1ms']);
      assert.ok(
        between(closing.heights, closing.heights.at(-1)!, closing.heights[0]).length === 0 &&
          jumpsWithItsClock(closing),
        `closed at once: ${JSON.stringify(closing)}`,
      );
      assert.equal(await page.evaluate((d) => document.querySelector(d)!.hasAttribute('open'), details), false);
    });
  });
});

test('menus close on an outside mouse-down, touch or focus', async () => {
  await site.withPage({ hasTouch: true }, async ({ page }) => {
    await page.goto(site.url + OPERATION);
    await waitForHydration(page);
    const menu = page.locator('[data-code-tabs="language"] details');
    const isOpen = () => menu.evaluate((el) => (el as HTMLDetailsElement).open);
    await menu.locator('summary').click();
    assert.equal(await isOpen(), true);
    await page.mouse.move(20, 400);
    await page.mouse.down();
    await page.mouse.up();
    assert.equal(await isOpen(), false, 'closed on mouse-down outside');
    await menu.locator('summary').click();
    await page.touchscreen.tap(600, 700);
    assert.equal(await isOpen(), false, 'closed on touch outside');
    await menu.locator('summary').click();
    await page.focus('.search-button');
    assert.equal(await isOpen(), false, 'closed when focus moves outside');
    await menu.locator('summary').click();
    await menu.locator('[data-tab-value="rust"]').focus();
    assert.equal(await isOpen(), true, 'focus inside keeps it open');
    await page.keyboard.press('Escape');
    assert.equal(await isOpen(), false, 'Escape closes it');
  });
});

test('the code-sample language is remembered across pages and reloads, and synced across browser tabs', async () => {
  await site.withPage({}, async ({ page, context }) => {
    const other = await context.newPage();
    await page.goto(site.url + OPERATION);
    await other.goto(site.url + '/api/reference/radio-heartbeats');
    await waitForHydration(page);
    await waitForHydration(other);
    const selected = (p: Page) =>
      p.evaluate(() =>
        [...document.querySelectorAll('[data-code-tabs="language"]')].map((group) => ({
          tab: group.querySelector('[data-tab-value][aria-selected="true"]')?.getAttribute('data-tab-value'),
          visible: [...group.querySelectorAll<HTMLElement>('[data-tab-panel]')]
            .filter((panel) => !panel.hidden)
            .map((panel) => panel.dataset.tabPanel),
        })),
      );
    assert.deepEqual(await selected(page), [{ tab: 'curl', visible: ['curl'] }]);
    await page.click('[data-code-tabs="language"] [role="tablist"] [data-tab-value="python"]');
    assert.deepEqual(await selected(page), [{ tab: 'python', visible: ['python'] }]);
    assert.equal(await page.evaluate(() => localStorage.getItem('docsgen.code-language')), 'python');
    assert.equal(new URL(page.url()).hash, '', 'choosing a tab leaves the URL alone');
    await other.waitForFunction(
      () =>
        document.querySelector('[data-code-tabs="language"] [aria-selected="true"]')?.getAttribute('data-tab-value') ===
        'python',
    );
    // From the overflow menu, with the keyboard.
    await page.click('[data-code-tabs="language"] details summary');
    await page.click('[data-code-tabs="language"] details [data-tab-value="rust"]');
    assert.deepEqual(await selected(page), [{ tab: 'rust', visible: ['rust'] }]);
    await page.focus('[data-code-tabs="language"] [role="tablist"] [data-tab-value="curl"]');
    await page.keyboard.press('ArrowRight');
    assert.deepEqual(await selected(page), [{ tab: 'javascript', visible: ['javascript'] }]);
    // Another page, loaded normally and by client-side navigation.
    await page.goto(site.url + '/api/reference/network-radio-counts');
    assert.deepEqual(await selected(page), [{ tab: 'javascript', visible: ['javascript'] }]);
    await page.click('.sidebar a.menu-link[href="/api/reference/radio-reward-sums"]');
    await page.waitForFunction(() => location.pathname === '/api/reference/radio-reward-sums');
    assert.deepEqual(await selected(page), [{ tab: 'javascript', visible: ['javascript'] }]);
    await page.reload();
    await waitForHydration(page);
    assert.deepEqual(
      await selected(page),
      [{ tab: 'javascript', visible: ['javascript'] }],
      'the choice survives a reload',
    );
    // Response tabs switch too, but are not remembered.
    await page.click('[data-tabs="responses"] [data-tab-value="404"]');
    assert.equal(await page.isVisible('[data-tabs="responses"] [data-tab-panel="404"]'), true);
    assert.equal(await page.isVisible('[data-tabs="responses"] [data-tab-panel="200"]'), false);
  });
});

test('copy buttons copy the code and say so', async () => {
  await site.withPage({ permissions: ['clipboard-read', 'clipboard-write'] }, async ({ page }) => {
    await page.goto(site.url + '/guides/authentication');
    await waitForHydration(page);
    const block = page.locator('.code-block').first();
    await block.hover();
    const button = block.locator('button[data-copy]');
    await button.click();
    // The label changes once the clipboard write has resolved, not within the click.
    await page.waitForFunction(
      () => document.querySelector('.code-block button[data-copy]')!.textContent === 'Copied',
      undefined,
      { timeout: 10_000 },
    );
    assert.equal(await button.getAttribute('aria-label'), 'Copied');
    const code = await block.locator('pre code').textContent();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code!.replace(/\n$/, ''));
    await page.waitForFunction(() => document.querySelector('button[data-copy]')!.textContent === 'Copy', undefined, {
      timeout: 10_000,
    });
  });
});
