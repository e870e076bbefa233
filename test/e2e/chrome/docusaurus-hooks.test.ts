// Docusaurus' hooks and theme images in a hydrated site component, in Chromium: useIsBrowser turns
// true after hydration, useLocation is the browser's, useColorMode follows the navbar's toggle and
// ThemedImage shows the image of the mode, with no hydration mismatch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBuiltSite } from '../../helpers/browser.js';
import { buildRealSite } from '../../helpers/build-real-site.js';
import { createMiniSite } from '../../helpers/mini-site.js';
import { waitForHydration } from './real-site.js';

const PANEL = `import { useState } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useLocation } from '@docusaurus/router';
import { useColorMode } from '@docusaurus/theme-common';

export default function CoveragePanel() {
  const isBrowser = useIsBrowser();
  const { pathname, search } = useLocation();
  const { colorMode } = useColorMode();
  const [zoom, setZoom] = useState(8);
  return (
    <div data-testid="panel">
      <p data-testid="where">{pathname}{search} · {isBrowser ? 'browser' : 'server'} · {colorMode}</p>
      <button onClick={() => setZoom(zoom + 1)}>Zoom {zoom}</button>
    </div>
  );
}
`;

const PAGE = `---
title: Coverage map
---
import ThemedImage from '@theme/ThemedImage';
import CoveragePanel from '@site/src/components/CoveragePanel';

<ThemedImage alt="Coverage" sources={{ light: '/img/cov-light.svg', dark: '/img/cov-dark.svg' }} />

<CoveragePanel />
`;

const site = useBuiltSite(async () => {
  const svg = (fill: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="${fill}"/></svg>`;
  const root = await createMiniSite({
    files: {
      'src/components/CoveragePanel.jsx': PANEL,
      'content/guides/coverage.mdx': PAGE,
      'static/img/cov-light.svg': svg('#eee'),
      'static/img/cov-dark.svg': svg('#222'),
      'static/img/favicon.svg': svg('#0f6e5e'),
    },
  });
  return buildRealSite(['--config', join(root, 'site.config.ts')]);
});

const shownImage = (page: import('playwright-core').Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('img.themed-image')]
      .filter((image) => getComputedStyle(image).display !== 'none')
      .map((image) => new URL(image.src).pathname),
  );

test('after hydration the component sees the browser, its location and the colour mode, and follows the toggle', async () => {
  await site.withPage({ colorScheme: 'light' }, async ({ page }) => {
    await page.goto(`${site.url}/guides/coverage?zoom=9`);
    await waitForHydration(page);
    const where = page.getByTestId('where');
    await page.waitForFunction(() => /browser/.test(document.querySelector('[data-testid="where"]')!.textContent!));
    assert.equal(await where.innerText(), '/guides/coverage?zoom=9 · browser · light');
    assert.deepEqual(await shownImage(page), ['/img/cov-light.svg']);
    await page.click('.color-mode-toggle'); // system → light
    await page.waitForFunction(() => document.documentElement.dataset.themeChoice === 'light');
    await page.click('.color-mode-toggle'); // light → dark
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.waitForFunction(() => /dark$/.test(document.querySelector('[data-testid="where"]')!.textContent!));
    assert.deepEqual(await shownImage(page), ['/img/cov-dark.svg'], 'the dark image, without a reload');
    await page.getByRole('button', { name: 'Zoom 8' }).click();
    await page.getByRole('button', { name: 'Zoom 9' }).waitFor();
  });
});

test('without JavaScript the light image shows and the component is its server render', async () => {
  await site.withPage({ javaScriptEnabled: false }, async ({ page }) => {
    await page.goto(`${site.url}/guides/coverage`);
    assert.deepEqual(await shownImage(page), ['/img/cov-light.svg']);
    assert.equal(await page.getByTestId('where').innerText(), '/guides/coverage · server · light');
  });
});
