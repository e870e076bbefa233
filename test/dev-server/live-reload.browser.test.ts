// Live reload in Chromium against `docsgen dev`: a Markdown save reloads the open page and keeps
// its scroll position, a CSS save swaps the stylesheet without reloading, a broken save shows the
// overlay and the fix removes it. Debian's Chromium, no timing assertions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { editSiteFile, useDevSiteInBrowser } from './dev-helpers.js';

const paragraphs = Array.from(
  { length: 120 },
  (_, i) => `Paragraph ${i} of a long page that needs scrolling to read to the end.`,
).join('\n\n');

const site = useDevSiteInBrowser({
  'static/img/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'content/guides/long.md': `---\ntitle: Long page\nsidebar_position: 3\n---\n\nMarker: original.\n\n${paragraphs}\n`,
});

// One page stays open through the saves below, each a step of this test that builds on the last.
test('live reload of an open page', async (t) => {
  // Failed requests are console errors; the last step checks them, leaving out the event stream's.
  await site.withPage({ expectProblems: true }, async ({ page, problems }) => {
    const { root, dev } = site;
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(new URL('/guides/long', dev.url).href);
    await page.waitForSelector('[data-island="ColorModeToggle"][data-hydrated]', { timeout: 30_000 });
    await page.waitForSelector('html[data-docsgen-live="connected"]', { timeout: 30_000 });

    /** page.waitForFunction, and on a timeout the dev server's log, which tells which save it saw and what it built. */
    async function waitInPage<T>(check: () => T, timeout = 60_000) {
      try {
        return await page.waitForFunction(check, undefined, { timeout });
      } catch (error) {
        throw new Error(
          `${(error as Error).message}\n--- docsgen dev output ---\n${dev.output().split('\n').slice(-30).join('\n')}`,
        );
      }
    }

    await t.test('a Markdown save reloads the page by itself and keeps the scroll position', async () => {
      await page.evaluate(() => window.scrollTo(0, 1500));
      await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);
      await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
      await editSiteFile(root, 'content/guides/long.md', (text) =>
        text.replace('Marker: original.', 'Marker: edited.'),
      );
      await waitInPage(() => document.querySelector('main')?.textContent?.includes('Marker: edited.'));
      await page.waitForLoadState('load');
      assert.equal(
        await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload),
        undefined,
        'the page reloaded',
      );
      await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 50, undefined, { timeout: 10_000 });
    });

    await t.test('a CSS save swaps the stylesheet without reloading', async () => {
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await editSiteFile(
        root,
        'templates/styles.css',
        (text) => `${text}\n.markdown__body p { outline: 3px solid rgb(1, 2, 3); }\n`,
      );
      await waitInPage(
        () => getComputedStyle(document.querySelector('.markdown__body p')!).outlineColor === 'rgb(1, 2, 3)',
      );
      assert.equal(
        await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
        true,
        'no reload',
      );
      assert.equal(
        await page.evaluate(() => document.querySelectorAll('link[rel="stylesheet"]').length),
        1,
        'the old stylesheet was removed',
      );
    });

    await t.test('a broken save shows the error overlay; the fix removes it', async () => {
      await editSiteFile(root, 'content/guides/long.md', (text) =>
        text.replace('title: Long page', 'title: [Long page'),
      );
      const text = await waitInPage(() => document.querySelector('docsgen-error-overlay')?.shadowRoot?.textContent);
      const overlay = String(await text.jsonValue());
      assert.match(overlay, /Build failed: 1 error/);
      assert.match(overlay, /content\/guides\/long\.md:\d+/);
      assert.match(overlay, /DG201/);
      // The last good page is still there underneath.
      assert.match(await page.evaluate(() => document.querySelector('main')?.textContent ?? ''), /Marker: edited\./);
      await editSiteFile(root, 'content/guides/long.md', (text) =>
        text.replace('title: [Long page', 'title: Long page'),
      );
      await waitInPage(() => !document.querySelector('docsgen-error-overlay'));
    });

    await t.test('no console errors along the way', () => {
      assert.deepEqual(
        problems.filter((problem) => !/__docsgen\/events/.test(problem)),
        [],
      );
    });
  });
});
