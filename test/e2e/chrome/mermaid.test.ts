// Mermaid diagrams in Chromium: drawn as SVG on the pages that have one (in .md and .mdx), in the
// colour mode's theme and again when it changes; a syntax error shows in place with the source;
// without JavaScript the source is readable; a page without diagrams never requests mermaid.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBuiltSite } from '../../helpers/browser.js';
import { buildRealSite } from '../../helpers/build-real-site.js';
import { createMiniSite, fixtureSiteFiles, REPO } from '../../helpers/mini-site.js';
import { waitForHydration } from './real-site.js';

const site = useBuiltSite(async () => {
  const root = await createMiniSite({ files: fixtureSiteFiles(join(REPO, 'test/markdown/fixtures/mermaid')) });
  return buildRealSite(['--config', join(root, 'site.config.ts')]);
});

const SVG = '[data-mermaid] .mermaid-diagram__svg svg';

test('a diagram is drawn as SVG in .md and .mdx pages, following the colour mode', async () => {
  await site.withPage({}, async ({ page }) => {
    await page.goto(`${site.url}/guides/request-flow`);
    await page.waitForSelector(SVG);
    assert.match((await page.locator(SVG).textContent()) ?? '', /API gateway/);
    assert.equal(await page.locator('[data-mermaid] .code-block').isVisible(), false, 'the source hides');
    const fill = () => page.locator('[data-mermaid]').getAttribute('data-mermaid-theme');
    assert.equal(await fill(), 'default');
    await waitForHydration(page);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await page.waitForSelector('[data-mermaid][data-mermaid-theme="dark"] .mermaid-diagram__svg svg');
    await page.goto(`${site.url}/guides/reward-pipeline`);
    await page.waitForSelector(SVG);
    assert.match((await page.locator(SVG).textContent()) ?? '', /Proof of coverage/);
  });
});

test('a diagram with a syntax error shows the error and its source, not a blank', async () => {
  await site.withPage({}, async ({ page }) => {
    await page.goto(`${site.url}/guides/broken-diagram`);
    const error = page.locator('[data-mermaid] [role="alert"]');
    await error.waitFor();
    assert.match(await error.innerText(), /syntax error[^]*Parse error on line/i);
    assert.ok(await page.locator('[data-mermaid] .code-block').isVisible(), 'the source stays readable');
    assert.equal(await page.locator(SVG).count(), 0);
  });
});

test('without JavaScript the source is readable; a page without diagrams never loads mermaid', async () => {
  await site.withPage({ javaScriptEnabled: false }, async ({ page }) => {
    await page.goto(`${site.url}/guides/request-flow`);
    assert.match(await page.locator('[data-mermaid] pre').innerText(), /sequenceDiagram[^]*over quota/);
  });
  await site.withPage({}, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
    await page.goto(`${site.url}/`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(
      scripts.filter((path) => /mermaid/.test(path)),
      [],
    );
  });
});
