/**
 * The build merges the search index's parts into compact postings lists (term-postings.ts): for any
 * sections cut into any parts, the merged terms must be exactly what one MiniSearch index of every
 * section gives, packed, or the term files would differ from a single index's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import MiniSearch from 'minisearch';
import { compactTerms, createMergedPostings, expandTerms } from '../../src/search/term-postings.js';
import {
  miniSearchOptions,
  type PackedField,
  type PackedTerm,
  type SearchDocument,
} from '../../src/search/search-index-format.js';
import { packTerms, splitTermKeys } from '../../src/search/pack-terms.js';
import { splitBySize } from '../../src/search/split-terms.js';

/** mulberry32: a failing seed can be run again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Words as guides and API pages have them: plain words (stemmed), stop words, identifiers split into
// parts, camelCase, paths, numbers, accents and a long word, repeated so that frequencies go above 1.
const WORDS = [
  'rewards',
  'rewarded',
  'the',
  'hotspot',
  'min_time',
  'rewardType',
  '/gateways/{address}/mobile/rewards',
  'épocha',
  '2024-05-01',
  'x'.repeat(70),
  'cbsd-id',
  'Witness',
  'HNT',
  'data.items.amount',
];

function randomDocuments(next: () => number, count: number): SearchDocument[] {
  const words = (n: number) =>
    Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]).join(next() < 0.5 ? ' ' : ', ');
  return Array.from({ length: count }, (_, id) => ({
    id,
    title: words(1 + Math.floor(next() * 3)),
    heading: next() < 0.3 ? '' : words(2),
    keywords: next() < 0.6 ? '' : words(1),
    text: words(Math.floor(next() * 300)),
  }));
}

/** Packed terms of `documents` indexed by one MiniSearch, their ids counted from 0. */
const packedOf = (documents: SearchDocument[]) => {
  const index = new MiniSearch<SearchDocument>(miniSearchOptions());
  index.addAll(documents.map((document, id) => ({ ...document, id })));
  return packTerms(index.toJSON().index);
};

test('postings merged from parts of any size are those of one index of every section', () => {
  for (let seed = 1; seed <= 40; seed++) {
    const next = random(seed);
    const documents = randomDocuments(next, 1 + Math.floor(next() * 200));
    const merged = createMergedPostings();
    for (let start = 0; start < documents.length;) {
      const size = 1 + Math.floor(next() * 30);
      merged.add(compactTerms(packedOf(documents.slice(start, start + size))), start);
      start += size;
    }
    assert.deepEqual([...merged.packedTerms()], packedOf(documents), `seed ${seed}: ${documents.length} sections`);
  }
});

test('ids far apart and frequencies over 127 are read back exactly', () => {
  const documents = Array.from({ length: 40_000 }, (_, id) => ({
    id,
    title: '',
    heading: '',
    keywords: '',
    text: id % 16_411 === 0 ? Array(300).fill('beacon').join(' ') : id % 997 === 0 ? 'witness' : '',
  }));
  const merged = createMergedPostings();
  merged.add(compactTerms(packedOf(documents.slice(0, 20_000))), 0);
  merged.add(compactTerms(packedOf(documents.slice(20_000))), 20_000);
  assert.deepEqual([...merged.packedTerms()], packedOf(documents), 'deltas over 16,383 and a frequency of 300');
});

test('the compact form of packed terms reads back as the same terms, whatever the words and numbers', () => {
  const words = [...WORDS, '', 'ℏ', '😀emoji', 'a\nb', 'beacon'];
  for (let seed = 1; seed <= 200; seed++) {
    const next = random(seed);
    const int = (max: number) => Math.floor(next() * max);
    // Any ids and frequencies (up to 2^32 and beyond: the varints are not 32-bit), any field order.
    const number = () => [int(2), int(130), int(20_000), int(2 ** 32), int(2 ** 40)][int(5)];
    const terms: PackedTerm[] = Array.from({ length: int(40) }, () => {
      const term = `${words[int(words.length)]}${words[int(words.length)]}`;
      const fields = Array.from({ length: int(5) }, (): PackedField => {
        const deltas = Array.from({ length: int(6) }, number);
        return next() < 0.5 ? [int(4), deltas] : [int(4), deltas, deltas.map(number)];
      });
      return [term, ...fields];
    });
    const compact = compactTerms(terms);
    assert.deepEqual(expandTerms(compact), terms, `seed ${seed}`);
    assert.ok(compact.postings instanceof Uint8Array && compact.ends instanceof Uint32Array, 'flat typed arrays');
  }
});

test('the build splits terms known by their sizes into the files splitTermKeys makes of the packed terms', () => {
  for (let seed = 1; seed <= 20; seed++) {
    const next = random(seed);
    const index = new MiniSearch<SearchDocument>(miniSearchOptions());
    index.addAll(randomDocuments(next, 1 + Math.floor(next() * 80)));
    const packed = packTerms(index.toJSON().index);
    const target = 20 + Math.floor(next() * 400);
    const bySize = splitBySize(
      packed.map((t) => t[0]),
      (i) => JSON.stringify(packed[i]).length + 1,
      target,
    );
    const expected = splitTermKeys(packed, target);
    assert.deepEqual(
      { ...bySize, groups: bySize.groups.map((group) => group.map((i) => packed[i])) },
      expected,
      `seed ${seed}, target ${target}`,
    );
  }
});
