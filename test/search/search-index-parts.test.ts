/**
 * A large site's search index is built from its pages sent in parts: the index made part by part
 * must be the index of all pages at once, and the worker must never be sent more than a few parts
 * ahead of what it has taken (the whole site's search data at once was a memory peak).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import MiniSearch from 'minisearch';
import {
  buildSearchIndexFromPages,
  createSearchIndexBuilder,
  indexSearchPart,
  mergeSearchParts,
  toDocuments,
  type SearchIndexPart,
} from '../../src/search/build-search-index.js';
import { miniSearchOptions, type SearchDocument } from '../../src/search/search-index-format.js';
import { packTerms } from '../../src/search/pack-terms.js';
import type { SearchPage, SearchSection } from '../../src/search/build-search-pages.js';
import { feedWorkerEach } from '../../src/shared/worker.js';

/** A small seeded generator (mulberry32), so a failing case can be run again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['hotspot', 'rewards', 'witness', 'beacon', 'hex', 'cell', 'radio', 'épocha', 'lorawan', 'iot', 'mobile'];

function randomPages(next: () => number, count: number): SearchPage[] {
  const pick = () => WORDS[Math.floor(next() * WORDS.length)];
  const words = (n: number) => Array.from({ length: n }, pick).join(' ');
  return Array.from({ length: count }, (_, i): SearchPage => {
    const sections: SearchSection[] = Array.from({ length: 1 + Math.floor(next() * 4) }, (_, s) => ({
      heading: s === 0 ? '' : words(2),
      anchor: s === 0 ? '' : `part-${s}`,
      text: words(Math.floor(next() * 40)),
      keywords: next() < 0.3 ? words(1) : '',
    }));
    if (next() < 0.2)
      sections.push({ heading: 'limit', anchor: 'param-query-limit', text: words(3), keywords: 'limit', field: true });
    const type = next() < 0.2 ? 'operation' : 'guide';
    return { route: `/p/${i}`, title: words(2), type, ...(type === 'operation' ? { badge: 'GET' } : {}), sections };
  });
}

const asText = (files: { path: string; contents: string | Uint8Array }[]) =>
  files.map((f) => [f.path, String(f.contents)]);

test('the index built from pages in parts of any size equals the index of all pages at once', () => {
  for (let seed = 1; seed <= 25; seed++) {
    const next = random(seed);
    const pages = randomPages(next, 1 + Math.floor(next() * 60));
    const builder = createSearchIndexBuilder();
    for (let start = 0; start < pages.length;) {
      const size = 1 + Math.floor(next() * 12);
      builder.add(pages.slice(start, start + size));
      start += size;
    }
    const options = { contentFileBytes: 200 + Math.floor(next() * 2000) };
    assert.deepEqual(
      asText(builder.finish(options).files),
      asText(buildSearchIndexFromPages(pages, options).files),
      `seed ${seed}: ${pages.length} pages`,
    );
  }
});

test('merged parts give the postings and field lengths of one MiniSearch index of every page', () => {
  for (let seed = 1; seed <= 15; seed++) {
    const next = random(seed * 7919);
    const pages = randomPages(next, 1 + Math.floor(next() * 80));
    const whole = new MiniSearch<SearchDocument>(miniSearchOptions());
    whole.addAll(toDocuments(pages, 0));
    const json = whole.toJSON();
    const parts: SearchIndexPart[] = [];
    for (let start = 0; start < pages.length;) {
      const size = 1 + Math.floor(next() * 9);
      parts.push(indexSearchPart(pages.slice(start, start + size)));
      start += size;
    }
    const { manifest, files } = mergeSearchParts(parts);
    const terms = files
      .filter((f) => f.path.startsWith('search/terms-'))
      .flatMap((f) => JSON.parse(String(f.contents)).terms);
    assert.deepEqual(terms, packTerms(json.index), `seed ${seed}: postings`);
    assert.deepEqual(
      manifest.averageFieldLength,
      json.averageFieldLength.map((n) => Math.round(n * 1000) / 1000),
      `seed ${seed}: average field lengths`,
    );
  }
});

test('a fed worker is sent a part only when it has taken all but `ahead` of those before', async () => {
  // The worker counts the parts it has taken in shared memory, so the parts' maker can see it.
  const url = new URL(
    `data:text/javascript,${encodeURIComponent(`
      import { parentPort, workerData } from 'node:worker_threads';
      const taken = new Int32Array(workerData);
      parentPort.on('message', (part) => {
        Atomics.add(taken, 0, 1);
        parentPort.postMessage({ i: part.i, taken: Atomics.load(taken, 0) });
      });`)}`,
  );
  const shared = new SharedArrayBuffer(4);
  const taken = new Int32Array(shared);
  const waiting: number[] = [];
  function* parts() {
    for (let i = 0; i < 30; i++) {
      // Parts sent but not yet taken when this one is made.
      waiting.push(i - Atomics.load(taken, 0));
      yield { i };
    }
  }
  const answers = await feedWorkerEach<{ i: number; taken: number }>(url, shared, parts(), 2);
  assert.deepEqual(
    answers.map((answer) => answer.i),
    Array.from({ length: 30 }, (_, i) => i),
    'every part answered, in order',
  );
  assert.ok(Math.max(...waiting) <= 2, `never more than two parts waiting: ${waiting.join(' ')}`);
});

test('search files are named by their contents: an edit renames the files it changes and only those', () => {
  for (let seed = 1; seed <= 20; seed++) {
    const next = random(seed);
    const pages = randomPages(next, 20 + Math.floor(next() * 40));
    const options = { termFileBytes: 300, contentFileBytes: 200 };
    const before = buildSearchIndexFromPages(pages, options).files;
    // One page's text changes, its sections stay: the pages after it keep their section ids.
    const edited = Math.floor(next() * pages.length);
    const sections = pages[edited].sections.map((s, i) => (i === 0 ? { ...s, text: `${s.text} beacon relay` } : s));
    const after = buildSearchIndexFromPages(pages.with(edited, { ...pages[edited], sections }), options).files;
    const bytesBefore = new Map(asText(before) as [string, string][]);
    const bytesAfter = new Map(asText(after) as [string, string][]);
    // 'search/terms-3.AbCd_123.json' → 'terms-3'
    const slot = (path: string) => path.replace(/^search\/|\.[^.]+\.json$/g, '');
    const beforeAt = new Map([...bytesBefore].map(([path, text]) => [slot(path), { path, text }]));
    for (const [path, text] of bytesAfter) {
      if (path === 'search/index.json') continue;
      // Cache-safe: a name the browser may hold from the last build still means the same bytes.
      if (bytesBefore.has(path)) assert.equal(text, bytesBefore.get(path), `seed ${seed}: ${path} changed`);
      // Stable: file n of a kind with the same bytes as before keeps its name.
      const was = beforeAt.get(slot(path));
      if (was?.text === text) assert.equal(path, was.path, `seed ${seed}: ${path} was renamed`);
    }
    const contentFiles = [...bytesAfter.keys()].filter((path) => path.startsWith('search/content-'));
    const renamed = contentFiles.filter((path) => !bytesBefore.has(path));
    assert.equal(renamed.length, 1, `seed ${seed}: content files renamed: ${renamed.join(', ')}`);
  }
});
