// The oneOf selector in Chromium on the repository's site (Gateway: iot or mobile, by `network`):
// the summaries form one row of tabs, one alternative shows at a time, and picking another needs
// no JavaScript, at 1440px and at 390px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useRealSiteInBrowser } from './real-site.js';

const session = useRealSiteInBrowser();
const ROUTE = '/api/reference/fetch-a-single-gateway-by-address';
const SELECTOR = '.api-alternatives:not(.api-examples)';

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  for (const javaScriptEnabled of [true, false]) {
    test(`oneOf selector at ${viewport.width}px (js: ${javaScriptEnabled}): one alternative at a time, tabs in a row`, async () => {
      await session.withPage({ viewport, javaScriptEnabled }, async ({ page }) => {
        await page.goto(`${session.url}${ROUTE}`);
        const group = page.locator(SELECTOR).first();
        const labels = group.locator(':scope > .api-alternatives__list > details > summary');
        assert.deepEqual(await labels.allTextContents(), ['iot', 'mobile']);
        const bodies = group.locator(':scope > .api-alternatives__list > details > .api-alternative__body');
        await bodies.nth(0).waitFor({ state: 'visible' });
        assert.equal(await bodies.nth(1).isVisible(), false, 'the second alternative starts hidden');
        const [first, second] = [await labels.nth(0).boundingBox(), await labels.nth(1).boundingBox()];
        assert.ok(first && second && Math.abs(first.y - second.y) < 2, 'the labels sit in one row, like tabs');
        await labels.nth(1).click();
        await bodies.nth(1).waitFor({ state: 'visible' });
        assert.equal(await bodies.nth(0).isVisible(), false, 'picking mobile hides iot');
        // Boxes are relative to the window, which the click may have scrolled: measure both now.
        const [tab, body] = [await labels.nth(1).boundingBox(), await bodies.nth(1).boundingBox()];
        assert.ok(body && tab && body.y >= tab.y + tab.height, 'the open alternative shows below the tabs');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `no horizontal scrolling (${overflow}px)`);
      });
    });
  }
}
