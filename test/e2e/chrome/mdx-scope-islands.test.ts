// A stateful component the site's src/theme/MDXComponents defines itself (Docusaurus' global MDX
// scope), and one an MDX partial defines, hydrate in Chromium as islands of the mapping's module and
// of the partial's: they respond to clicks, with no hydration error; without JavaScript the
// server's HTML is there; a page that uses only the mapping's markup components (and a site
// component it imports) loads none of the mapping's or the partial's code. And BrowserOnly inside a
// hydrated site component: its fallback without JavaScript, its children once hydrated.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBuiltSite } from '../../helpers/browser.js';
import { buildRealSite } from '../../helpers/build-real-site.js';
import { createMiniSite, fixtureSiteFiles, REPO } from '../../helpers/mini-site.js';
import { builtScriptsWith, scriptsLoadedOn, waitForHydration } from './real-site.js';

const FIXTURE = join(REPO, 'test/markdown/fixtures/mdx-scope-islands');

let out = '';
const site = useBuiltSite(async () => {
  const root = await createMiniSite({ files: fixtureSiteFiles(FIXTURE) });
  out = await buildRealSite(['--config', join(root, 'site.config.ts')]);
  return out;
});

const STEPPER = 'docsgen-island[data-island="src/theme/MDXComponents.js#Stepper"]';

test("the mapping's Stepper responds to clicks once hydrated", async () => {
  await site.withPage({}, async ({ page }) => {
    await page.goto(`${site.url}/guides/onboard-gateway`);
    await waitForHydration(page);
    await page.waitForSelector(`${STEPPER}[data-hydrated]`);
    const text = page.locator(`${STEPPER} .stepper__text`);
    assert.equal(await text.innerText(), 'Register the gateway with its onboarding key.');
    await page.locator(`${STEPPER} button`, { hasText: 'Next step' }).click();
    await page.waitForFunction(
      (s) => /^Step 2 of 3$/.test(document.querySelector(s)!.textContent!),
      `${STEPPER} .stepper__count`,
    );
    assert.equal(await text.innerText(), 'Assert its location (the hex it sits in).');
    await page.locator(`${STEPPER} button`, { hasText: 'Back' }).click();
    await page.waitForFunction(
      (s) => /^Step 1 of 3$/.test(document.querySelector(s)!.textContent!),
      `${STEPPER} .stepper__count`,
    );
    assert.equal(await page.locator(`${STEPPER} button`, { hasText: 'Back' }).isDisabled(), true);
  });
});

test("without JavaScript the Stepper's server HTML is on the page", async () => {
  await site.withPage({ javaScriptEnabled: false }, async ({ page }) => {
    await page.goto(`${site.url}/guides/onboard-gateway`);
    assert.equal(await page.locator(`${STEPPER} .stepper__count`).innerText(), 'Step 1 of 3');
    assert.equal(await page.locator(`${STEPPER} button`, { hasText: 'Back' }).isDisabled(), true);
    assert.equal(await page.locator('kbd.kbd').first().innerText(), 'Ctrl');
  });
});

const scriptsWith = (pattern: RegExp) => builtScriptsWith(out, pattern);

test("the mapping's code is one chunk, loaded only on a page that uses its Stepper", async () => {
  const mapping = scriptsWith(/Next step/);
  assert.equal(mapping.length, 1, `the mapping is one chunk: ${mapping.join(' ')}`);
  assert.ok(!/\/entry\./.test(mapping[0]), 'not the entry every page loads');
  const onOnboarding = await scriptsLoadedOn(site, '/guides/onboard-gateway', [`${STEPPER}[data-hydrated]`]);
  assert.ok(onOnboarding.includes(mapping[0]), `the chunk loads where Stepper is used: ${onOnboarding.join(' ')}`);
  // Kbd (markup only) and Highlight (an island of its own module) are used here, Stepper is not.
  const onAntenna = await scriptsLoadedOn(site, '/guides/antenna-basics');
  assert.ok(!onAntenna.includes(mapping[0]), `no mapping chunk on a page without Stepper: ${onAntenna.join(' ')}`);
});

const DC_PRICE = 'docsgen-island[data-island="content/guides/_dc-price.mdx#DcPrice"]';

test("a partial's own DcPrice hydrates on the page that imports the partial, its server HTML without JavaScript", async () => {
  await site.withPage({}, async ({ page }) => {
    await page.goto(`${site.url}/guides/data-credits`);
    await page.waitForSelector(`${DC_PRICE}[data-hydrated]`);
    await page.locator(`${DC_PRICE} button`).click();
    await page.waitForFunction((s) => document.querySelector(s)!.textContent === '$0.00001', `${DC_PRICE} button`);
  });
  await site.withPage({ javaScriptEnabled: false }, async ({ page }) => {
    await page.goto(`${site.url}/guides/data-credits`);
    assert.equal(await page.locator(`.admonition ${DC_PRICE} button`).innerText(), '1 DC');
  });
  const partial = scriptsWith(/Show in US dollars/);
  assert.equal(partial.length, 1, `the partial's module is one chunk: ${partial.join(' ')}`);
  assert.ok(
    (await scriptsLoadedOn(site, '/guides/data-credits', [`${DC_PRICE}[data-hydrated]`])).includes(partial[0]),
    'loaded where used',
  );
  assert.ok(!(await scriptsLoadedOn(site, '/guides/antenna-basics')).includes(partial[0]), 'and nowhere else');
});

const COVERAGE = 'docsgen-island[data-island="src/components/CoverageLink.jsx#default"]';

test('BrowserOnly in a hydrated site component shows its fallback without JavaScript and its children once hydrated', async () => {
  await site.withPage({ javaScriptEnabled: false }, async ({ page }) => {
    await page.goto(`${site.url}/guides/antenna-basics`);
    assert.equal(await page.locator(`${COVERAGE} .coverage-link`).innerText(), 'Coverage map for 882830829bfffff');
  });
  await site.withPage({}, async ({ page }) => {
    await page.goto(`${site.url}/guides/antenna-basics`);
    await page.waitForSelector(`${COVERAGE}[data-hydrated] a.coverage-link`);
    assert.equal(
      await page.locator(`${COVERAGE} a`).getAttribute('href'),
      'https://explorer.example.org/hex/882830829bfffff?from=%2Fguides%2Fantenna-basics',
    );
  });
});
