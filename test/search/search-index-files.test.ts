/** The search index as the build gets it: on a worker thread for large sites, and from the build cache. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSearchIndex, type SearchIndexPart } from '../../src/search/build-search-index.js';
import {
  SEARCH_PART_PAGES,
  SEARCH_WORKER_THRESHOLD,
  indexSearchParts,
  searchIndexFiles,
  searchIndexFilesOffThread,
  searchIndexFromParts,
  searchPartInputs,
  type SearchPartInput,
} from '../../src/search/search-index-files.js';
import { cachedBatch, cachedEach, cachedEachAsync, type ItemCache } from '../../src/cache/cached.js';
import { isSpooled, type OutputFile, type SpooledFile } from '../../src/output/output-file.js';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '../../src/model.js';

function site(count: number, word = 'hotspot'): Page[] {
  return Array.from({ length: count }, (_, i): Page => {
    const route = `/guides/page-${i}`;
    const html = `<p>Page ${i} explains the ${word} ${i % 7 === 0 ? 'rewards' : 'coverage'} endpoint.</p><h2 id="details">Details ${i}</h2><p>Use bucket=day and min_time for ${word}s.</p>`;
    return {
      id: route,
      route,
      kind: 'doc',
      title: `Guide ${i}`,
      description: '',
      tags: [],
      hideTableOfContents: false,
      toc: [],
      anchors: [],
      links: [],
      body: { type: 'html', html },
      text: '',
      docsFeatures: [],
    };
  });
}

const asText = (files: { path: string; contents: string | Uint8Array }[]) =>
  files.map((f) => [f.path, String(f.contents)]);

test('a large index built on a worker thread is the index built in-process', async () => {
  const pages = site(SEARCH_WORKER_THRESHOLD + 20);
  assert.deepEqual(asText(await searchIndexFilesOffThread({ pages })), asText(buildSearchIndex(pages).files));
  assert.deepEqual(
    asText(await searchIndexFilesOffThread({ pages: site(10) })),
    asText(buildSearchIndex(site(10)).files),
    'a small site (indexed in-process)',
  );
});

test('with the build cache the index is reused while the pages and synonyms are the same, and built again when they change', async () => {
  const cache: ItemCache<OutputFile[]> = { results: new Map(), hashes: new WeakMap() };
  // Each build makes new objects (pages restored from disk): the key is their content.
  const inProcess = () => cachedEach(searchIndexFiles, { ...cache, hashes: new WeakMap() });
  const onWorker = () => cachedEachAsync(searchIndexFilesOffThread, { ...cache, hashes: new WeakMap() });
  const first = inProcess().run('index', { pages: site(50) });
  assert.equal(inProcess().run('index', { pages: site(50) }), first, 'same pages (new objects): the cached files');
  assert.equal(await onWorker().run('index', { pages: site(50) }), first, 'the off-thread form shares the results');
  const synonyms = [['hotspot', 'gateway']];
  const withSynonyms = inProcess().run('index', { pages: site(50), synonyms });
  assert.notEqual(withSynonyms, first, 'other synonyms: built again');
  assert.deepEqual(asText(withSynonyms), asText(buildSearchIndex(site(50), { synonyms }).files));
  const changed = await onWorker().run('index', { pages: site(50, 'gateway'), synonyms });
  assert.notEqual(changed, withSynonyms, 'other page text: built again');
  assert.deepEqual(asText(changed), asText(buildSearchIndex(site(50, 'gateway'), { synonyms }).files));
});

test('after an edit of one page, only its part of the index is indexed again, and the index is a cold one', async () => {
  const cache: ItemCache<SearchIndexPart> = { results: new Map(), hashes: new WeakMap() };
  const indexed: number[] = [];
  const counting = async (inputs: SearchPartInput[]) => {
    indexed.push(inputs.length);
    return indexSearchParts(inputs);
  };
  // Each build makes new page objects (restored from disk): the parts are keyed by content.
  const build = async (pages: Page[]) =>
    searchIndexFromParts(await cachedBatch(counting, { ...cache, hashes: new WeakMap() }).run(searchPartInputs(pages)));
  const pages = site(SEARCH_PART_PAGES * 6 + 7);
  await build(pages);
  const edited = site(pages.length);
  const body = edited[170].body as { type: 'html'; html: string };
  edited[170] = { ...edited[170], body: { type: 'html', html: `${body.html}<p>One more beacon line.</p>` } };
  const warm = await build(edited);
  assert.deepEqual(indexed, [7, 1], 'every part, then the edited page’s part alone');
  assert.deepEqual(asText(warm), asText(buildSearchIndex(edited).files), 'the same files as a cold index');
  await build(edited.filter((_, i) => i !== 30));
  assert.equal(indexed.at(-1), 7, 'a page removed from the first part shifts every later part');
});

/** Each file's path and bytes (a spooled file read from its scratch file). */
const bytesOf = (files: readonly (OutputFile | SpooledFile)[]) =>
  files.map((file) => [file.path, isSpooled(file) ? readFileSync(file.spooled) : Buffer.from(file.contents)]);

test('the off-thread index with a scratch folder: its content files are scratch files, the bytes those of the in-memory index', async () => {
  const pages = site(SEARCH_WORKER_THRESHOLD + 20, 'Grüße');
  const scratch = await mkdtemp(join(tmpdir(), 'docsgen-search-spool-'));
  const spooled = await searchIndexFilesOffThread({ pages }, scratch);
  assert.deepEqual(bytesOf(spooled), bytesOf(await searchIndexFilesOffThread({ pages })));
  assert.ok(
    spooled.filter((file) => file.path.includes('/content-')).every(isSpooled),
    'content files are written to the scratch folder',
  );
  assert.ok((await readdir(scratch)).includes('search-contents.spool'), 'the entries were spooled');
  await rm(scratch, { recursive: true, force: true });
});
