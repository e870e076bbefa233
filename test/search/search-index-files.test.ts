/** The search index as the build gets it: on a worker thread for large sites, and from the build cache. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSearchIndex } from '../../src/search/build-search-index.js';
import {
  SEARCH_WORKER_THRESHOLD,
  searchIndexFiles,
  searchIndexFilesOffThread,
  type SearchIndexCache,
} from '../../src/search/search-index-files.js';
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
  assert.deepEqual(asText(await searchIndexFilesOffThread(pages)), asText(buildSearchIndex(pages).files));
  assert.deepEqual(
    asText(await searchIndexFilesOffThread(site(10))),
    asText(buildSearchIndex(site(10)).files),
    'a small site (indexed in-process)',
  );
});

test('with a cache the index is reused while the searchable text is the same, and rebuilt when it changes', async () => {
  const cache: { search?: SearchIndexCache } = {};
  const first = searchIndexFiles(site(50), { cache });
  assert.equal(searchIndexFiles(site(50), { cache }), first, 'same pages (new objects): the cached files');
  assert.equal(await searchIndexFilesOffThread(site(50), { cache }), first, 'off-thread, the same cache');
  assert.equal(
    searchIndexFiles(site(50), { cache, inputKey: () => 'k1' }) === first,
    false,
    'another kind of key: built again',
  );
  const keyed = searchIndexFiles(site(60), { cache, inputKey: () => 'k2' });
  assert.equal(
    searchIndexFiles(site(70), { cache, inputKey: () => 'k2' }),
    keyed,
    'the same given key: the cached files (the key stands for the pages)',
  );
  const changed = searchIndexFiles(site(50, 'gateway'), { cache });
  assert.notEqual(changed, first);
  assert.deepEqual(asText(changed), asText(buildSearchIndex(site(50, 'gateway')).files));
});
