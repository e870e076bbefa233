// The search modal in Chromium on an index too large to load whole (the real site's pages with a
// generated index in search/): what hovering loads, and the term files a word's third letter needs
// fetched while its second is answered, so that the third letter waits for no download.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { useBuiltSite } from '../../helpers/browser.js';
import { realSiteBuild, waitForHydration } from '../chrome/real-site.js';
import { buildSearchIndex } from '../../../src/search/build-search-index.js';
import { createSearchEngine } from '../../../src/search/search-engine.js';
import { prefetchFilesFor, PREFETCH_FILES } from '../../../src/search/search-index-loader.js';
import { EAGER_LOAD_BYTES, termFileName, type SearchManifest } from '../../../src/search/search-index-format.js';
import { generateSearchSite } from '../../search/fixtures/generate-search-site.js';
import { GUIDE_SENTENCES } from '../../search/fixtures/guide-sentences.js';

const pages = generateSearchSite({ pages: 260, corpus: GUIDE_SENTENCES, vocabulary: 4000 });
const index = buildSearchIndex(pages, { termFileBytes: 6000 });
const files = new Map(index.files.map((f) => [f.path.replace(/^search\//, ''), String(f.contents)]));

const site = useBuiltSite(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-large-index-'));
  await cp(await realSiteBuild(), dir, { recursive: true });
  // The site's own index (search/index.json and search/HASH/), not its search page (search/index.html).
  for (const entry of await readdir(join(dir, 'search'), { withFileTypes: true }))
    if (entry.isDirectory() || entry.name === 'index.json')
      await rm(join(dir, 'search', entry.name), { recursive: true });
  for (const file of index.files) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFile(join(dir, file.path), file.contents);
  }
  return dir;
});

/** Types into the modal's field and waits for that query's results (the 'See all' link names it) or its no-results screen. */
async function typeAndWait(page: Page, text: string, query: string) {
  await page.keyboard.type(text);
  await page.waitForFunction((q) => {
    const modal = document.querySelector('[data-search-modal]');
    const seeAll = modal?.querySelector<HTMLAnchorElement>('[data-search-see-all]');
    if (seeAll) return new URL(seeAll.href).searchParams.get('q') === q;
    return modal?.querySelector('[role="status"]')?.textContent === `No results found for ${q}`;
  }, query);
}

/** Hovers the search button and waits for search to be ready (its User Timing mark): the manifest loaded, the warm-up run. */
async function hoverUntilReady(page: Page) {
  await page.hover('[data-search-button]');
  await page.waitForFunction(() => performance.getEntriesByName('docsgen-search-ready').length === 1);
}

const searchFiles = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((path) => path.startsWith('/search/')),
  );

test('hovering the button makes search ready (manifest loaded, engine warmed up) having downloaded only the manifest', async () => {
  await site.withPage({}, async ({ page }) => {
    await page.goto(`${site.url}/guides/usage`);
    await waitForHydration(page);
    await hoverUntilReady(page);
    assert.deepEqual(await searchFiles(page), ['/search/index.json']);
  });
});

const titles = (page: Page) =>
  page.$$eval('[data-search-modal] .search-group__title', (nodes) => nodes.map((n) => n.textContent));

test('two letters of a word fetch the term files of its third; the third letter fetches none, its results as in Node', async () => {
  const manifest = JSON.parse(files.get('index.json')!) as SearchManifest;
  assert.ok(manifest.totalBytes > EAGER_LOAD_BYTES, `an index of ${manifest.totalBytes} bytes is loaded whole`);
  const typing = (term: string) => ({ words: [{ lookups: [{ term, prefix: true, fuzzy: 0 }] }] });
  const words = [...new Set(pages.flatMap((p) => p.title.toLowerCase().split(' ')))].filter((w) => w.length > 4);
  const word = words.find((w) => {
    const ahead = prefetchFilesFor(manifest, typing(w.slice(0, 2))).length;
    return ahead >= 2 && ahead <= PREFETCH_FILES;
  });
  assert.ok(word, 'a word whose two letters span a few term files');
  const expected = prefetchFilesFor(manifest, typing(word.slice(0, 2))).map((n) => termFileName(manifest, n));

  await site.withPage({}, async ({ page }) => {
    // Resource entries are added when a response has arrived whole.
    const termFiles = async () => (await searchFiles(page)).filter((path) => path.includes('/terms-'));
    await page.goto(`${site.url}/guides/usage`);
    await waitForHydration(page);
    await hoverUntilReady(page);
    await page.keyboard.press('Control+k');
    await page.waitForSelector('[data-search-input]');
    await typeAndWait(page, word.slice(0, 2), word.slice(0, 2));
    await page.waitForFunction(
      (names) => names.every((name) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(name))),
      expected,
    );
    const before = await termFiles();
    await typeAndWait(page, word[2], word.slice(0, 3));
    assert.deepEqual(await termFiles(), before, `the third letter of '${word}' fetched term files`);

    const engine = createSearchEngine(async (name) => JSON.parse(files.get(name)!));
    const outcome = await engine.search(word.slice(0, 3));
    const groups = await engine.loadSnippets(outcome.top(8));
    assert.deepEqual(
      await titles(page),
      groups.map((g) => g.titleText),
    );
  });
});
