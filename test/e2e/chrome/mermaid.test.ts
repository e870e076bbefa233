// Mermaid diagrams in Chromium: drawn as SVG on the pages that have one (in .md and .mdx), in the
// colour mode's theme and again when it changes; a syntax error shows in place with the source;
// without JavaScript the source is readable; a page without diagrams never requests mermaid.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, serveDirectory, watchConsole } from '../../helpers/browser.js';
import { buildRealSite } from '../../helpers/build-real-site.js';
import { createMiniSite, fixtureSiteFiles, REPO } from '../../helpers/mini-site.js';
import { newPage, waitForHydration } from './real-site.js';

let browser: Browser;
let server: Awaited<ReturnType<typeof serveDirectory>>;

before(async () => {
  const root = await createMiniSite({ files: fixtureSiteFiles(join(REPO, 'test/markdown/fixtures/mermaid')) });
  server = await serveDirectory(await buildRealSite(['--config', join(root, 'site.config.ts')]));
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const SVG = '[data-mermaid] .mermaid-diagram__svg svg';

test('a diagram is drawn as SVG in .md and .mdx pages, following the colour mode', async () => {
  const { context, page } = await newPage(browser);
  const { problems } = watchConsole(page);
  await page.goto(`${server.url}/guides/request-flow`);
  await page.waitForSelector(SVG);
  assert.match((await page.locator(SVG).textContent()) ?? '', /API gateway/);
  assert.equal(await page.locator('[data-mermaid] .code-block').isVisible(), false, 'the source hides');
  const fill = () => page.locator('[data-mermaid]').getAttribute('data-mermaid-theme');
  assert.equal(await fill(), 'default');
  await waitForHydration(page);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await page.waitForSelector('[data-mermaid][data-mermaid-theme="dark"] .mermaid-diagram__svg svg');
  await page.goto(`${server.url}/guides/reward-pipeline`);
  await page.waitForSelector(SVG);
  assert.match((await page.locator(SVG).textContent()) ?? '', /Proof of coverage/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a diagram with a syntax error shows the error and its source, not a blank', async () => {
  const { context, page } = await newPage(browser);
  await page.goto(`${server.url}/guides/broken-diagram`);
  const error = page.locator('[data-mermaid] [role="alert"]');
  await error.waitFor();
  assert.match(await error.innerText(), /syntax error[^]*Parse error on line/i);
  assert.ok(await page.locator('[data-mermaid] .code-block').isVisible(), 'the source stays readable');
  assert.equal(await page.locator(SVG).count(), 0);
  await context.close();
});

test('without JavaScript the source is readable; a page without diagrams never loads mermaid', async () => {
  const off = await newPage(browser, { javaScriptEnabled: false });
  await off.page.goto(`${server.url}/guides/request-flow`);
  assert.match(await off.page.locator('[data-mermaid] pre').innerText(), /sequenceDiagram[^]*over quota/);
  await off.context.close();
  const { context, page } = await newPage(browser);
  const scripts: string[] = [];
  page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
  await page.goto(`${server.url}/`);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  assert.deepEqual(
    scripts.filter((path) => /mermaid/.test(path)),
    [],
  );
  await context.close();
});
