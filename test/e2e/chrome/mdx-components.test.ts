// The site's own components on MDX pages in Chromium: hydrated where they are used (state works,
// no hydration mismatch), with their CSS modules scoped and shipped only there; a Markdown page of
// the same site loads no component code, and a navigation to and from a component page works.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { useBuiltSite } from '../../helpers/browser.js';
import { buildRealSite } from '../../helpers/build-real-site.js';
import { createMiniSite, fixtureSiteFiles, REPO } from '../../helpers/mini-site.js';
import { waitForHydration } from './real-site.js';

const FIXTURE = join(REPO, 'test/markdown/fixtures/mdx');
// A swizzled src/theme/MDXComponents (and the components it registers, and a page using them without imports).
const SCOPE = fixtureSiteFiles(join(REPO, 'test/markdown/fixtures/mdx-scope'));
const SCOPE_FILES = Object.fromEntries(
  Object.entries(SCOPE).filter(([path]) => path.startsWith('src/') || path === 'content/guides/send-data.mdx'),
);
const site = useBuiltSite(async () => {
  const root = await createMiniSite({
    files: {
      ...fixtureSiteFiles(FIXTURE),
      ...SCOPE_FILES,
      'content/guides/release-notes.md': '---\ntitle: Release notes\n---\n\n## 2.4.1\n\nFaster `hotspots list`.\n',
    },
  });
  return buildRealSite(['--config', join(root, 'site.config.ts')]);
});

/** Script and stylesheet URLs the page requested. */
function requests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(new URL(request.url()).pathname));
  return urls;
}

const ESTIMATOR = 'docsgen-island[data-island="src/components/RewardEstimator/index.tsx#default"]';

test('a site component with state is interactive once hydrated, without hydration errors', async () => {
  await site.withPage({}, async ({ page }) => {
    await page.goto(`${site.url}/guides/estimate-rewards`);
    await waitForHydration(page);
    await page.waitForSelector(`${ESTIMATOR}[data-hydrated]`);
    const estimate = page.locator(`${ESTIMATOR} [data-testid="estimate"]`);
    assert.match(await estimate.innerText(), /25\.20 HNT a month for 2 hotspots/);
    await page.locator(`${ESTIMATOR} button`).click();
    await page.waitForFunction((s) => /for 3 hotspots/.test(document.querySelector(s)!.textContent!), `${ESTIMATOR} p`);
    assert.match(await estimate.innerText(), /37\.80 HNT/);
    // Its CSS module: scoped class names, and the rules apply (the result is bold and green).
    const result = await estimate.evaluate((element) => ({
      className: element.className,
      weight: getComputedStyle(element).fontWeight,
      colour: getComputedStyle(element).color,
    }));
    assert.match(result.className, /^RewardEstimator_[0-9a-f]{6}_result$/);
    assert.deepEqual([result.weight, result.colour], ['600', 'rgb(46, 133, 85)']);
    // Children the component shows only when opened come from the server's HTML.
    const collapsible = page.locator('docsgen-island[data-island$="#Collapsible"]').first();
    await page.waitForSelector('docsgen-island[data-island$="#Collapsible"][data-hydrated]');
    await collapsible.locator('button').click();
    await collapsible.locator('.collapsible__body pre').waitFor();
    assert.match(await collapsible.innerText(), /multiplied by 30 days/);
  });
});

test('a Markdown page of the same site loads no component code or stylesheet; navigating to a component page hydrates it', async () => {
  await site.withPage({}, async ({ page }) => {
    const urls = requests(page);
    await page.goto(`${site.url}/guides/release-notes`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const componentFiles = (list: string[]) =>
      list.filter((url) => /mdx-islands|RewardEstimator|Collapsible|\.css$/.test(url));
    assert.deepEqual(
      componentFiles(urls).filter((url) => !/\/assets\/css\/styles\./.test(url)),
      [],
      'only the site stylesheet, no component chunk',
    );
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/guides/estimate-rewards';
      link.textContent = 'go';
      document.querySelector('main')!.append(link);
      link.click();
    });
    await page.waitForSelector(`${ESTIMATOR}[data-hydrated]`);
    await page.locator(`${ESTIMATOR} button`).click();
    await page.waitForFunction((s) => /for 3 hotspots/.test(document.querySelector(s)!.textContent!), `${ESTIMATOR} p`);
    assert.ok(
      urls.some((url) => /\.css$/.test(url) && !/styles\./.test(url)),
      'the component stylesheet loads with the page',
    );
  });
});

test('without JavaScript the components show as the server rendered them', async () => {
  await site.withPage({ javaScriptEnabled: false }, async ({ page }) => {
    await page.goto(`${site.url}/guides/estimate-rewards`);
    assert.match(await page.locator(`${ESTIMATOR} [data-testid="estimate"]`).innerText(), /for 2 hotspots/);
  });
});

const FEE_CARD = 'docsgen-island[data-island="src/components/FeeCard/index.jsx#default"]';

test('a component MDXComponents registers hydrates on the page that uses it, with only its code', async () => {
  await site.withPage({}, async ({ page }) => {
    const urls = requests(page);
    await page.goto(`${site.url}/guides/send-data`);
    await waitForHydration(page);
    await page.waitForSelector(`${FEE_CARD}[data-hydrated]`);
    assert.equal(await page.locator(`${FEE_CARD} [data-fee-total]`).innerText(), '2,000 DC a day');
    await page.locator(`${FEE_CARD} [data-fee-input]`).fill('2500');
    await page.waitForFunction((s) => document.querySelector(s)!.textContent === '5,000 DC a day', `${FEE_CARD} p`);
    const card = await page.locator(`${FEE_CARD} > div`).evaluate((element) => getComputedStyle(element).borderRadius);
    assert.equal(card, '8px', 'its CSS module applies');
    assert.ok(
      urls.some((url) => /\/FeeCard\.[^/]+\.js$/.test(url)),
      'its chunk loads',
    );
    assert.ok(!urls.some((url) => /RewardEstimator/.test(url)), 'no other component code');
    // A page of the site that does not use it does not load it.
    const other = requests(page);
    await page.goto(`${site.url}/guides/estimate-rewards`);
    await page.waitForSelector(`${ESTIMATOR}[data-hydrated]`);
    assert.ok(!other.some((url) => /FeeCard/.test(url)), other.join(' '));
  });
});
