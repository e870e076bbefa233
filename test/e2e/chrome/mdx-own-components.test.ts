// Components an MDX page defines itself (export function FeeCalculator…) and components of an npm
// package installed in the site hydrate in Chromium as islands of their own chunks: they respond
// to clicks, with no hydration error; without JavaScript the server's HTML is there; a page of the
// same site without them loads no more JavaScript than its own HTML names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { useBuiltSite } from '../../helpers/browser.js';
import { buildRealSite } from '../../helpers/build-real-site.js';
import { createMiniSite, fixtureSiteFiles, REPO } from '../../helpers/mini-site.js';
import { builtScriptsWith, scriptsLoadedOn, waitForHydration } from './real-site.js';

const FIXTURE = join(REPO, 'test/markdown/fixtures/mdx-own');

/** The fixture's pages, and its npm package installed in the site's node_modules (as `npm install` would). */
export function ownComponentsSiteFiles(): Record<string, string> {
  const packages = fg.sync('**', { cwd: join(FIXTURE, 'npm') });
  return {
    ...fixtureSiteFiles(FIXTURE),
    ...Object.fromEntries(
      packages.map((path) => [`node_modules/${path}`, readFileSync(join(FIXTURE, 'npm', path), 'utf8')]),
    ),
  };
}

let out = '';
const site = useBuiltSite(async () => {
  const root = await createMiniSite({ files: ownComponentsSiteFiles() });
  out = await buildRealSite(['--config', join(root, 'site.config.ts')]);
  return out;
});

const CALCULATOR = 'docsgen-island[data-island="content/guides/packet-fees.mdx#FeeCalculator"]';
const TOGGLE = 'docsgen-island[data-island="npm:@meshtide/hex-toggle#HexToggle"]';

test("the page's own component and the npm package's respond to clicks once hydrated", async () => {
  await site.withPage({}, async ({ page }) => {
    await page.goto(`${site.url}/guides/packet-fees`);
    await waitForHydration(page);
    await page.waitForSelector(`${CALCULATOR}[data-hydrated]`);
    const fee = page.locator(`${CALCULATOR} [data-testid="fee"]`);
    assert.equal(await fee.innerText(), '48 packets a day cost 1440 DC a month');
    await page.locator(`${CALCULATOR} button`).click();
    await page.waitForFunction((s) => /^72 packets/.test(document.querySelector(s)!.textContent!), `${CALCULATOR} p`);
    assert.equal(await fee.innerText(), '72 packets a day cost 2160 DC a month');
    await page.waitForSelector(`${TOGGLE}[data-hydrated]`);
    await page.locator(`${TOGGLE} button`).click();
    await page.locator(`${TOGGLE} code`).waitFor();
    assert.equal(await page.locator(`${TOGGLE} code`).innerText(), '882830829bfffff');
    assert.equal(await page.locator(`${TOGGLE} button`).innerText(), 'Hide cell');
  });
});

test("without JavaScript the server's HTML of both components is on the page", async () => {
  await site.withPage({ javaScriptEnabled: false }, async ({ page }) => {
    await page.goto(`${site.url}/guides/packet-fees`);
    assert.equal(
      await page.locator(`${CALCULATOR} [data-testid="fee"]`).innerText(),
      '48 packets a day cost 1440 DC a month',
    );
    assert.equal(await page.locator(`${TOGGLE} button`).innerText(), 'Show cell');
    assert.equal(
      await page.locator('.fee-calculator span').first().getAttribute('style'),
      'background-color:#25c2a0;border-radius:2px;color:#fff;padding:0.2rem',
    );
  });
});

const scriptsWith = (pattern: RegExp) => builtScriptsWith(out, pattern);

test("each component's code is a chunk of its own, loaded on its page only; a page without them loads none of it", async () => {
  const own = scriptsWith(/Add a day's worth/);
  const npm = scriptsWith(/882830829bfffff/);
  assert.equal(own.length, 1, "the page's exports are one chunk");
  assert.equal(npm.length, 1, "the package's component is one chunk");
  assert.notEqual(own[0], npm[0], 'two chunks');
  // Each island fetches its chunk as it hydrates, after the page's own scripts.
  const onFees = await scriptsLoadedOn(site, '/guides/packet-fees', [
    `${CALCULATOR}[data-hydrated]`,
    `${TOGGLE}[data-hydrated]`,
  ]);
  assert.ok(onFees.includes(own[0]) && onFees.includes(npm[0]), `both chunks load on their page: ${onFees.join(' ')}`);
  const onRegions = await scriptsLoadedOn(site, '/guides/regions');
  const componentCode = [...own, ...npm, ...scriptsWith(/packet-fees\.mdx/)];
  const extra = onRegions.filter((path) => componentCode.includes(path));
  assert.deepEqual(extra, [], 'no component chunk or islands manifest on a page without components');
});
