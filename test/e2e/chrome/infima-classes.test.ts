// Infima's grid and buttons in Chromium, as a Docusaurus quickstart page lays them out: two col--6
// cards side by side on a wide screen and stacked on a phone, a primary button in the accent colour.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBuiltSite } from '../../helpers/browser.js';
import { buildRealSite } from '../../helpers/build-real-site.js';
import { createMiniSite, fixtureSiteFiles, REPO } from '../../helpers/mini-site.js';

const site = useBuiltSite(async () => {
  const root = await createMiniSite({ files: fixtureSiteFiles(join(REPO, 'test/markdown/fixtures/infima')) });
  return buildRealSite(['--config', join(root, 'site.config.ts')]);
});

const CARDS = '.markdown__body .row > .col';

for (const [width, sideBySide] of [
  [1440, true],
  [390, false],
] as const)
  test(`at ${width} px the col--6 cards are ${sideBySide ? 'side by side' : 'stacked'}`, async () => {
    await site.withPage({ viewport: { width, height: 900 } }, async ({ page }) => {
      await page.goto(`${site.url}/guides/quickstart`);
      await page.locator(CARDS).first().waitFor();
      const boxes = await page.locator(CARDS).evaluateAll((cols) => cols.map((col) => col.getBoundingClientRect()));
      assert.equal(boxes.length, 2);
      if (sideBySide) {
        assert.equal(Math.round(boxes[0].top), Math.round(boxes[1].top), 'same row');
        assert.ok(boxes[1].left >= boxes[0].right - 1, 'the second card is right of the first');
        assert.ok(Math.abs(boxes[0].width - boxes[1].width) < 1, 'equal widths');
      } else {
        assert.ok(boxes[1].top >= boxes[0].bottom - 1, 'the second card is below the first');
      }
    });
  });

test('a button--primary link is a button in the accent colour, a badge is a badge', async () => {
  await site.withPage({}, async ({ page }) => {
    await page.goto(`${site.url}/guides/quickstart`);
    const button = page.locator('.markdown__body a.button--primary');
    await button.waitFor();
    const look = await button.evaluate((element) => {
      const style = getComputedStyle(element);
      const accent = getComputedStyle(document.documentElement).getPropertyValue('--dg-accent').trim();
      const probe = document.createElement('span');
      probe.style.color = accent;
      document.body.append(probe);
      const accentRgb = getComputedStyle(probe).color;
      probe.remove();
      return {
        background: style.backgroundColor,
        accentRgb,
        decoration: style.textDecorationLine,
        display: style.display,
      };
    });
    assert.equal(look.background, look.accentRgb);
    assert.equal(look.decoration, 'none');
    assert.equal(look.display, 'block', 'button--block');
    const badge = await page
      .locator('.markdown__body .badge--success')
      .evaluate((element) => getComputedStyle(element).display);
    assert.equal(badge, 'inline-block');
  });
});
