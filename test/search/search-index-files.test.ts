/** The search index as the build gets it: on a worker thread for large sites, and from the build cache. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSearchIndex } from '../../src/search/build-search-index.js';
import {
  SEARCH_WORKER_THRESHOLD,
  searchIndexFiles,
  searchIndexFilesOffThread,
} from '../../src/search/search-index-files.js';
import { cachedEach, cachedEachAsync, type ItemCache } from '../../src/cache/cached.js';
import type { OutputFile } from '../../src/output/output-file.js';
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
