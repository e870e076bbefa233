// The search modal in Chromium on an index too large to load whole (the real site's pages with a
// generated index in search/): what hovering loads, the term files a word's third letter needs
// fetched while its second is answered, so that the third letter waits for no download, and the
// result list shown from the page list before the content files arrive (snippets filled in later).
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
import {
  EAGER_LOAD_BYTES,
  pageListName,
  termFileName,
  type SearchManifest,
} from '../../../src/search/search-index-format.js';
import { generateSearchSite } from '../../search/fixtures/generate-search-site.js';
import { GUIDE_SENTENCES } from '../../search/fixtures/guide-sentences.js';

const pages = generateSearchSite({ pages: 260, corpus: GUIDE_SENTENCES, vocabulary: 4000 });
const index = buildSearchIndex(pages, { termFileBytes: 6000 });
const files = new Map(index.files.map((f) => [f.path.replace(/^search\//, ''), String(f.contents)]));
const manifest = JSON.parse(files.get('index.json')!) as SearchManifest;

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

test('hovering the button makes search ready (manifest and page list loaded, engine warmed up), downloading only those', async () => {
  await site.withPage({}, async ({ page }) => {
    await page.goto(`${site.url}/guides/usage`);
    await waitForHydration(page);
    await hoverUntilReady(page);
    assert.deepEqual((await searchFiles(page)).sort(), ['/search/index.json', `/search/${pageListName(manifest)}`]);
  });
});

const titles = (page: Page) =>
  page.$$eval('[data-search-modal] .search-group__title', (nodes) => nodes.map((n) => n.textContent));

test('two letters of a word fetch the term files of its third; the third letter fetches none, its results as in Node', async () => {
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

/**
 * Holds the responses of the content files until `release()` (then lets them through): a
 * result list shown meanwhile was made without them.
 */
async function holdContentFiles(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/search\/content-\d+\.[\w-]+\.json$/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** The modal's result options: href, text, whether pending, and where each row is. */
const options = (page: Page) =>
  page.$$eval('[data-search-modal] [data-search-hit]', (links) =>
    links.map((link) => {
      const row = link.closest('li')!.getBoundingClientRect();
      return {
        href: new URL((link as HTMLAnchorElement).href).pathname + new URL((link as HTMLAnchorElement).href).hash,
        role: link.getAttribute('role'),
        text: link.querySelector('.search-hit__content')!.textContent!.trim(),
        pending: link.hasAttribute('data-search-pending'),
        row: { top: row.top, height: row.height },
      };
    }),
  );

/** A word of the generated titles that finds several pages. */
const titleWord = pages[7].title.split(' ').at(-1)!.toLowerCase();

test('the result list shows from the page list before the content files arrive; the snippets fill in without moving a row', async () => {
  const engine = createSearchEngine(async (name) => JSON.parse(files.get(name)!));
  const outcome = await engine.search(titleWord);
  const expected = await engine.loadSnippets(outcome.top(8), { hitsPerGroup: 3 });
  assert.ok(expected.length > 1, `'${titleWord}' finds ${expected.length} pages`);

  await site.withPage({}, async ({ page }) => {
    await page.goto(`${site.url}/guides/usage`);
    await waitForHydration(page);
    const release = await holdContentFiles(page);
    await hoverUntilReady(page);
    await page.keyboard.press('Control+k');
    await page.waitForSelector('[data-search-input]');
    await typeAndWait(page, titleWord, titleWord);

    // Titles, types and links at once; every hit pending, named by its page's title for screen readers.
    assert.deepEqual(
      await titles(page),
      expected.map((g) => g.titleText),
    );
    const listed = await options(page);
    assert.deepEqual(
      listed.map(({ href, role, text, pending }) => ({ href, role, text, pending })),
      expected.flatMap((g) => g.hits.map(() => ({ href: g.route, role: 'option', text: g.titleText, pending: true }))),
    );
    assert.equal(await page.locator('[data-search-modal] [role="listbox"]').count(), 1);
    assert.equal(
      await page.locator('[data-search-input]').getAttribute('aria-activedescendant'),
      await page.locator('[data-search-modal] [role="option"]').first().getAttribute('id'),
    );
    const status = page.locator('[data-search-modal] [role="status"]');
    assert.equal(await status.textContent(), `${outcome.total} results`);
    assert.deepEqual(
      (await searchFiles(page)).filter((path) => path.includes('/content-')),
      [],
    );
    // The live region must not speak again when the snippets arrive.
    await status.evaluate((node) => {
      const counted = window as unknown as { statusChanges: number };
      counted.statusChanges = 0;
      new MutationObserver((records) => (counted.statusChanges += records.length)).observe(node, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });

    release();
    await page.waitForFunction(() => !document.querySelector('[data-search-modal] [data-search-pending]'));
    const described = await options(page);
    assert.deepEqual(
      described.map(({ href, pending }) => ({ href, pending })),
      expected.flatMap((g) => g.hits.map((hit) => ({ href: hit.route, pending: false }))),
    );
    assert.deepEqual(
      described.map((option) => option.row),
      listed.map((option) => option.row),
      'rows moved or changed height when their snippets arrived',
    );
    assert.ok(
      (await page.locator('[data-search-modal] .search-hit__snippet mark').count()) > 0,
      'no snippet highlights a match',
    );
    assert.equal(await page.evaluate(() => (window as unknown as { statusChanges: number }).statusChanges), 0);
    assert.equal(await status.textContent(), `${outcome.total} results`);
  });
});

test('Enter on a row whose snippet has not arrived opens its page', async () => {
  await site.withPage({}, async ({ page }) => {
    // The generated pages are not in the real site: any of them is served as its usage guide.
    const usage = await page.request.get(`${site.url}/guides/usage`).then((response) => response.text());
    await page.route(/\/reference\/page-\d+$/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: usage }),
    );
    await page.goto(`${site.url}/guides/usage`);
    await waitForHydration(page);
    await holdContentFiles(page);
    await hoverUntilReady(page);
    await page.keyboard.press('Control+k');
    await page.waitForSelector('[data-search-input]');
    await typeAndWait(page, titleWord, titleWord);
    const listed = await options(page);
    const target = listed.findIndex((option) => option.href !== listed[0].href);
    assert.ok(target > 0 && listed[target].pending, 'a second page, pending');
    for (let i = 0; i < target; i++) await page.keyboard.press('ArrowDown');
    assert.equal(
      await page.locator('[data-search-modal] [role="option"]').nth(target).getAttribute('aria-selected'),
      'true',
    );
    await page.keyboard.press('Enter');
    await page.waitForFunction((route) => location.pathname === route, listed[target].href);
    assert.equal(await page.locator('[data-search-modal] [data-search-input]').count(), 0, 'the modal closed');
  });
});
