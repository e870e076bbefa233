/**
 * A merge after an edit makes again only the term files whose terms the edited parts changed
 * (search/term-files.ts): its files must be the full merge's, byte for byte, whatever the edit.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { indexSearchPart, mergeSearchParts, type SearchIndexPart } from '../../src/search/build-search-index.js';
import type { SearchPage, SearchSection } from '../../src/search/build-search-pages.js';
import type { KeptTermFiles } from '../../src/search/term-files.js';

/** mulberry32, so a failing seed can be run again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'hotspot',
  'rewards',
  'witness',
  'beacon',
  'hex',
  'cell',
  'radio',
  'épocha',
  'lorawan',
  'iot',
  'a',
  'ab',
];

/** A page of `sections` sections of random words (some words only once in the site: terms that come and go). */
function randomPage(next: () => number, i: number, sections: number): SearchPage {
  const pick = () => (next() < 0.05 ? `rare${Math.floor(next() * 1000)}` : WORDS[Math.floor(next() * WORDS.length)]);
  const words = (n: number) => Array.from({ length: n }, pick).join(' ');
  const list = Array.from({ length: sections }, (_, s): SearchSection => ({
    heading: s === 0 ? '' : words(2),
    anchor: s === 0 ? '' : `part-${s}`,
    text: words(Math.floor(next() * 30)),
    keywords: next() < 0.3 ? words(1) : '',
  }));
  return { route: `/p/${i}`, title: words(2), type: 'guide', sections: list };
}

const asText = (files: { path: string; contents: string | Uint8Array }[]) =>
  files.map((f) => [f.path, String(f.contents)]);

test('term files made again after edits of some parts are those of a full merge', () => {
  for (let seed = 1; seed <= 60; seed++) {
    const next = random(seed);
    const sizes = Array.from({ length: 2 + Math.floor(next() * 8) }, () => 1 + Math.floor(next() * 5));
    const shape = sizes.map((pages) => Array.from({ length: pages }, () => 1 + Math.floor(next() * 3)));
    let pageNumber = 0;
    const pagesOf = (sections: number[]) => sections.map((count) => randomPage(next, pageNumber++, count));
    let pages = shape.map(pagesOf);
    let parts: SearchIndexPart[] = pages.map(indexSearchPart);
    const options = { termFileBytes: 60 + Math.floor(next() * 400) };
    const kept: KeptTermFiles = {};
    for (let edit = 0; edit < 4; edit++) {
      assert.deepEqual(
        asText(mergeSearchParts(parts, options, kept).files),
        asText(mergeSearchParts(parts, options).files),
        `seed ${seed}, edit ${edit}`,
      );
      // Edit one to three parts: same section counts mostly (kept term files are used), sometimes not.
      parts = [...parts];
      pages = [...pages];
      for (let n = 1 + Math.floor(next() * 3); n > 0; n--) {
        const i = Math.floor(next() * parts.length);
        const counts = next() < 0.8 ? shape[i] : shape[i].map((count) => count + 1);
        pages[i] = pagesOf(counts);
        parts[i] = indexSearchPart(pages[i]);
      }
    }
  }
});

test('an unchanged merge keeps its term files as they were', () => {
  const next = random(7);
  const parts = [0, 1, 2].map((p) => indexSearchPart([randomPage(next, p, 2)]));
  const kept: KeptTermFiles = {};
  mergeSearchParts(parts, { termFileBytes: 100 }, kept);
  const first = kept.last;
  mergeSearchParts([...parts], { termFileBytes: 100 }, kept);
  assert.equal(kept.last?.files, first?.files);
});
