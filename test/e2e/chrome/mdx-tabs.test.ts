// Docusaurus <Tabs> on MDX pages in Chromium: a groupId choice follows on the page, on other pages
// and in other browser tabs; queryString reads and writes the URL; without JavaScript the tabs are
// links to their panels and every panel can be read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { useBuiltSite } from '../../helpers/browser.js';
import { buildRealSite } from '../../helpers/build-real-site.js';
import { createMiniSite, fixtureSiteFiles, REPO } from '../../helpers/mini-site.js';
import { waitForHydration } from './real-site.js';

const FIXTURE = join(REPO, 'test/markdown/fixtures/mdx');
const site = useBuiltSite(async () => {
  const root = await createMiniSite({ files: fixtureSiteFiles(FIXTURE) });
  return buildRealSite(['--config', join(root, 'site.config.ts')]);
});

const OS = '[data-tabs-group="operating-systems"]';

/** The value of the tab shown in the first group with `groupId` operating-systems, once it shows it. */
async function shownOs(page: Page, expected: string): Promise<void> {
  await page.waitForFunction(
    ([selector, value]) => {
      const group = document.querySelector(selector)!;
      const panel = [...group.querySelectorAll<HTMLElement>('[data-tab-panel]')].find((p) => !p.hidden);
      const tab = group.querySelector('[aria-selected="true"]') as HTMLElement | null;
      return panel?.dataset.tabPanel === value && tab?.dataset.tabValue === value;
    },
    [OS, expected] as const,
  );
}

test('a groupId choice follows on the page, on other pages and in other browser tabs; queryString is written to the URL', async () => {
  await site.withPage({}, async ({ page, context }) => {
    await page.goto(`${site.url}/guides/install-cli`);
    await waitForHydration(page);
    await shownOs(page, 'mac');
    assert.ok(await page.locator(`${OS} #tabs-1-mac`).isVisible(), 'the default tab (`default` prop) shows');
    await page.locator(`${OS} [role="tab"][data-tab-value="linux"]`).click();
    await shownOs(page, 'linux');
    assert.equal(new URL(page.url()).searchParams.get('operating-systems'), 'linux', 'queryString writes the choice');
    assert.equal(new URL(page.url()).hash, '', 'the hash is left alone');
    const other = await context.newPage();
    await other.goto(`${site.url}/guides/sdk-clients`);
    await shownOs(other, 'linux');
    await other.locator(`${OS} [role="tab"][data-tab-value="win"]`).first().click();
    await shownOs(page, 'win'); // the first browser tab follows through the storage event
    // The other group of the same groupId on the page follows too.
    const proxy = other.locator(OS).nth(1);
    await proxy.locator('[role="tab"][data-tab-value="win"][aria-selected="true"]').waitFor();
    assert.match(await proxy.locator('[data-tab-panel]:not([hidden])').innerText(), /Environment Variables/);
    assert.equal(
      await other.evaluate(() => localStorage.getItem('docusaurus.tab.operating-systems')),
      'win',
      'stored under Docusaurus’ key',
    );
  });
});

test('?{queryString}=value picks the tab on arrival, over the stored choice', async () => {
  await site.withPage({}, async ({ page }) => {
    await page.goto(`${site.url}/guides/sdk-clients`);
    await page.evaluate(() => localStorage.setItem('docusaurus.tab.operating-systems', 'linux'));
    await page.goto(`${site.url}/guides/install-cli?operating-systems=win`);
    await shownOs(page, 'win');
    await page.goto(`${site.url}/guides/install-cli`);
    await shownOs(page, 'linux');
  });
});

test('without JavaScript: the default panel shows, and each tab link shows its panel', async () => {
  await site.withPage({ javaScriptEnabled: false }, async ({ page }) => {
    await page.goto(`${site.url}/guides/sdk-clients`);
    const panel = (id: string) => page.locator(`[id="${id}"]`);
    assert.ok(await panel('tabs-2-py').isVisible(), 'defaultValue="py" shows first');
    assert.equal(await panel('tabs-2-js').isVisible(), false);
    await page.locator('a[role="tab"][href="#tabs-2-go"]').click();
    await page.waitForFunction(() => location.hash === '#tabs-2-go');
    assert.ok(await panel('tabs-2-go').isVisible(), 'the targeted panel shows');
    assert.equal(await panel('tabs-2-py').isVisible(), false, 'and the default one hides');
    assert.match(await panel('tabs-2-go').innerText(), /Go support is in beta/);
  });
});
