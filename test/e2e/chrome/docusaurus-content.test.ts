// Docusaurus content in Chromium: KaTeX's stylesheet follows client-side navigation (it is linked
// only from pages with math, so moving between pages must add and remove it).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, serveDirectory, watchConsole } from '../../helpers/browser.js';
import { buildRealSite } from '../../helpers/build-real-site.js';
import { createMiniSite, REPO } from '../../helpers/mini-site.js';
import { newPage, waitForHydration } from './real-site.js';

let browser: Browser;
let server: Awaited<ReturnType<typeof serveDirectory>>;

before(async () => {
  const root = await createMiniSite({
    config: 'markdown: { math: true },',
    files: {
      'static/img/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
      'content/guides/start.md':
        '---\ntitle: Start\ndescription: Start here.\nsidebar_position: 1\n---\n\nSee [how rewards are computed](./reward-math.md).\n',
      'content/guides/reward-math.md': readFileSync(
        join(REPO, 'test/markdown/fixtures/docusaurus-math/reward-math.md'),
        'utf8',
      ),
    },
  });
  const out = await buildRealSite(['--config', join(root, 'site.config.ts')]);
  server = await serveDirectory(out);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('KaTeX CSS is added when client-side navigation reaches a math page, and removed when it leaves', async () => {
  const { context, page } = await newPage(browser);
  const { problems } = watchConsole(page);
  await page.goto(`${server.url}/guides/start`);
  await waitForHydration(page);
  const katexLinks = () => page.locator('head link[data-page-asset]').count();
  assert.equal(await katexLinks(), 0);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.locator('.markdown__body a[href="/guides/reward-math"]').click();
  await page.waitForSelector('[data-route="/guides/reward-math"] .katex');
  assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true);
  await page.waitForFunction(() =>
    getComputedStyle(document.querySelector('.katex')!).fontFamily.includes('KaTeX_Main'),
  );
  await page.goBack();
  await page.waitForSelector('[data-route="/guides/start"]');
  assert.equal(await katexLinks(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});
