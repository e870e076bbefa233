// Docusaurus content in Chromium: KaTeX's stylesheet follows client-side navigation (it is linked
// only from pages with math, so moving between pages must add and remove it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useBuiltSite } from '../../helpers/browser.js';
import { buildRealSite } from '../../helpers/build-real-site.js';
import { createMiniSite, REPO } from '../../helpers/mini-site.js';
import { waitForHydration } from './real-site.js';

const site = useBuiltSite(async () => {
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
  return buildRealSite(['--config', join(root, 'site.config.ts')]);
});

test('KaTeX CSS is added when client-side navigation reaches a math page, and removed when it leaves', async () => {
  await site.withPage({}, async ({ page }) => {
    await page.goto(`${site.url}/guides/start`);
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
  });
});
