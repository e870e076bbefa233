// A deep link to a field inside an `anyOf` alternative that is not the one shown: opening it selects
// that alternative, expands the collapsed levels down to the field and scrolls it into view, at
// 1440px and 390px, on load and when the hash changes in the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { useBuiltSite } from '../../helpers/browser.js';
import { buildRealSite } from '../../helpers/build-real-site.js';
import { REPO, createMiniSite } from '../../helpers/mini-site.js';
import { waitForHydration } from './real-site.js';

const site = useBuiltSite(async () => {
  const root = await createMiniSite({
    files: {
      'static/img/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
      'api/tidewatch.yaml': readFileSync(join(REPO, 'test/openapi/fixtures/constructs/tidegauge-3.1.yaml'), 'utf8'),
    },
  });
  const configPath = join(root, 'site.config.ts');
  writeFileSync(
    configPath,
    readFileSync(configPath, 'utf8').replace('templatesDir:', "openapi: 'api/tidewatch.yaml',\n  templatesDir:"),
  );
  return buildRealSite(['--config', configPath]);
});

const ROUTE = '/api/reference/latest-observation';
/** `observation` → the Current alternative (the second) → `flow` → `vector` → `bearing_deg`. */
const FIELD = 'res-200-observation.flow.vector.bearing_deg';

/** Where the field stands: in view, every <details> above it open, and which alternative of its group is open. */
function state(page: Page, id: string) {
  return page.evaluate((i) => {
    const el = document.getElementById(i)!;
    const box = el.getBoundingClientRect();
    const group = el.closest('.api-alternatives__list')!;
    const alternatives = [...group.querySelectorAll(':scope > details')] as HTMLDetailsElement[];
    const hit = document.elementFromPoint(Math.min(box.left + 8, window.innerWidth - 1), box.top + 4);
    return {
      inView: box.top >= 0 && box.top < window.innerHeight && box.height > 0,
      uncovered: hit !== null && el.contains(hit),
      closedAbove: [...document.querySelectorAll('details')].filter((d) => d.contains(el) && !d.open).length,
      open: alternatives.map((d) => d.open),
      labels: alternatives.map((d) => d.querySelector(':scope > summary')?.textContent),
    };
  }, id);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
])
  test(`at ${viewport.width}px a deep link into the anyOf alternative not shown selects it, opens the levels and scrolls there`, async () => {
    await site.withPage({ viewport }, async ({ page, context }) => {
      await page.goto(`${site.url}${ROUTE}`);
      await waitForHydration(page);
      const before = await state(page, FIELD);
      assert.deepEqual(before.labels, ['Water level', 'Current'], 'the alternatives of `observation`');
      assert.deepEqual(before.open, [true, false], 'the first alternative is the one shown');
      assert.ok(before.closedAbove > 0, 'the field starts hidden in closed levels');
      assert.equal(await page.locator(`[id="${FIELD}"]`).isVisible(), false);

      const fresh = await context.newPage();
      await fresh.goto(`${site.url}${ROUTE}#${FIELD}`);
      await waitForHydration(fresh);
      await fresh.locator(`[id="${FIELD}"]`).waitFor({ state: 'visible', timeout: 10_000 });
      await fresh.waitForFunction((i) => {
        const box = document.getElementById(i)!.getBoundingClientRect();
        return box.top >= 0 && box.top < window.innerHeight;
      }, FIELD);
      const opened = await state(fresh, FIELD);
      assert.deepEqual(opened.open, [false, true], 'the Current alternative is selected, Water level no longer shown');
      assert.equal(opened.closedAbove, 0, 'every level above the field is open');
      assert.ok(
        opened.inView && opened.uncovered,
        `the field is in view, not under the navbar: ${JSON.stringify(opened)}`,
      );
      await fresh.close();

      // In the same page, by changing the hash (a 'Direct link to …' link copied from elsewhere).
      await page.evaluate((id) => (location.hash = id), FIELD);
      await page.locator(`[id="${FIELD}"]`).waitFor({ state: 'visible', timeout: 10_000 });
      await page.waitForFunction((i) => document.getElementById(i)!.getBoundingClientRect().top >= 0, FIELD);
      const changed = await state(page, FIELD);
      assert.deepEqual(changed.open, [false, true], 'the hash change selects the alternative too');
      assert.ok(changed.inView && changed.uncovered, `scrolled to: ${JSON.stringify(changed)}`);
    });
  });
