/**
 * The query path scores sections over typed arrays (score-sections.ts) and picks the pages shown
 * without sorting every page (rank-results.ts). Checked here against the exhaustive path it
 * replaced: MiniSearch's own `search` over the same postings, every result grouped by page and
 * sorted. On random indexes and random queries (typos, prefixes, synonyms, identifiers, API
 * fields) both must give the same sections with the same scores, the same pages in the same
 * order, and the same sections and highlighted terms per page.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { SearchResult } from 'minisearch';
import { planQuery, typoLookups, withFallbacks, type QueryPlan } from '../../src/search/plan-query.js';
import { buildSearchIndexFromPages } from '../../src/search/build-search-index.js';
import type { SearchPage } from '../../src/search/build-search-pages.js';
import { createIndexLoader } from '../../src/search/search-index-loader.js';
import { firstOf, rankResults } from '../../src/search/rank-results.js';
import { scoreSections, termsOf, wordBitsOf } from '../../src/search/score-sections.js';
import { API_FIELD_SECTION_BOOST, termFileName, type TermFile } from '../../src/search/search-index-format.js';
import { miniSearchOf, toMiniSearchQuery } from './fixtures/minisearch-reference.js';
import { seededRandom } from '../helpers/seeded-random.js';

const SYNONYMS = [
  ['hotspot', 'gateway'],
  ['reward', 'earning'],
];
const WORDS = (
  'reward rewards rewarded rewarding gateway gateways hotspot hotspots witness witnessed witnesses epoch epochs ' +
  'cursor cursors pagination paginate heartbeat speedtest speed coverage cover hex hexes radio radios beacon ' +
  'day days daily quota limit limits token tokens wallet owner location earning earnings one thirty'
).split(' ');
const IDENTIFIERS = ['min_time', 'max_time', 'cbsd_id', 'reward_type', 'hex-coverage', '/v1/gateways/{address}'];

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]) => items[Math.floor(random() * items.length)];
const words = (random: Random, count: number) =>
  Array.from({ length: count }, () => (random() < 0.1 ? pick(random, IDENTIFIERS) : pick(random, WORDS))).join(' ');

/** A site of guides and operations whose words repeat a lot (equal scores happen), some sections API fields. */
function randomPages(random: Random): SearchPage[] {
  return Array.from({ length: 5 + Math.floor(random() * 25) }, (_, p): SearchPage => {
    const own = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, s) => ({
      heading: s === 0 ? '' : words(random, 2),
      anchor: s === 0 ? '' : `s${s}`,
      text: words(random, 1 + Math.floor(random() * 30)),
      keywords: random() < 0.3 ? pick(random, IDENTIFIERS) : '',
    }));
    const fields = Array.from({ length: random() < 0.4 ? Math.floor(random() * 4) : 0 }, (_, f) => ({
      heading: pick(random, IDENTIFIERS),
      anchor: `param-query-f${f}`,
      text: `Query parameter. ${words(random, 4)}`,
      keywords: pick(random, IDENTIFIERS),
      field: true,
    }));
    return { route: `/p${p}`, title: words(random, 2), type: 'guide', sections: [...own, ...fields] };
  });
}

/** A query a reader might type: words, sometimes misspelt, cut short, or pasted identifiers. */
function randomQuery(random: Random): string {
  const parts = Array.from({ length: 1 + Math.floor(random() * 5) }, () => {
    const word = random() < 0.15 ? pick(random, IDENTIFIERS) : pick(random, [...WORDS, 'how', 'do', 'the', 'list']);
    if (random() < 0.2 && word.length > 3) {
      const i = Math.floor(random() * (word.length - 1));
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    }
    return random() < 0.2 ? word.slice(0, 1 + Math.floor(random() * word.length)) : word;
  });
  return parts.join(' ') + (random() < 0.5 ? ' ' : '');
}

/** The ranking as it was done on MiniSearch's results: every result grouped by page, all pages sorted. */
function exhaustiveRanking(results: readonly SearchResult[], plan: QueryPlan, pageOf: (id: number) => number) {
  const bitsOf = wordBitsOf(plan);
  const pages = new Map<
    number,
    { page: number; score: number; bits: number; sections: [number, number, string[]][] }
  >();
  for (const result of results) {
    const page = pageOf(result.id);
    const bits = result.queryTerms.reduce((b, term) => b | (bitsOf.get(term) ?? 0), 0);
    const popcount = bits.toString(2).replace(/0/g, '').length;
    const score = (result.score / (result.queryTerms.length || 1)) * Math.max(1, popcount);
    let entry = pages.get(page);
    if (!entry) pages.set(page, (entry = { page, score, bits: 0, sections: [] }));
    entry.sections.push([result.id, score, result.terms]);
    entry.score = Math.max(entry.score, score);
    entry.bits |= bits;
  }
  const count = (bits: number) => bits.toString(2).replace(/0/g, '').length;
  const strong = plan.words.reduce((mask, word, w) => (word.weak ? mask : mask | (1 << w)), 0);
  return [...pages.values()]
    .map((p) => ({ ...p, sections: p.sections.sort((a, b) => b[1] - a[1]) }))
    .sort(
      (a, b) => count(b.bits & strong) - count(a.bits & strong) || count(b.bits) - count(a.bits) || b.score - a.score,
    )
    .map((p) => ({ page: p.page, score: p.score, matched: count(p.bits), sections: p.sections }));
}

/** A random plan, sometimes with every word's fallback lookups (swapped letters, typo allowances). */
function randomPlan(random: Random): QueryPlan {
  const plan = planQuery(randomQuery(random), { synonyms: SYNONYMS });
  if (random() < 0.3) return withFallbacks(plan, new Set(plan.words));
  if (random() < 0.2 && plan.words.length)
    plan.words[0] = { lookups: [...plan.words[0].lookups, ...typoLookups('rewrads')] };
  return plan;
}

describe('scores and ranking over typed arrays are those of the exhaustive MiniSearch ranking', () => {
  test('random indexes and queries: same sections and scores, same pages in the same order', async () => {
    const random = seededRandom(20261124).next;
    for (let site = 0; site < 12; site++) {
      const built = buildSearchIndexFromPages(randomPages(random), { synonyms: SYNONYMS });
      const files = new Map(built.files.map((f) => [f.path.replace(/^search\//, ''), JSON.parse(String(f.contents))]));
      const loader = createIndexLoader(async (name) => files.get(name));
      await loader.loadAll();
      const m = await loader.manifest();
      // In file order, as the loader adds them.
      const termFiles = Array.from({ length: m.termFiles }, (_, n) => files.get(termFileName(m, n)) as TermFile);
      const mini = miniSearchOf(m, termFiles);
      const layout = loader.layout();
      const pageOf = (id: number) => layout.pageOf[id];
      const isField = (id: number) => loader.stats().fieldSection?.[id] === 1;
      for (let q = 0; q < 40; q++) {
        const plan = randomPlan(random);
        const label = JSON.stringify(plan.words.map((w) => w.lookups.map((l) => l.term)));
        const index = await loader.indexFor(plan);
        const discount = random() < 0.7;
        const results = mini.search(toMiniSearchQuery(plan, 'OR'), {
          ...(discount
            ? { boostDocument: (id, term) => (isField(id) && !/[_\-./]/.test(term) ? API_FIELD_SECTION_BOOST : 1) }
            : {}),
        });
        const scores = scoreSections(index, loader.stats(), plan, { discountFields: discount });
        // MiniSearch's results, best first, ties in the order it met them.
        const ours = [...scores.order].sort(
          (a, b) => scores.score[b] - scores.score[a] || scores.rank[a] - scores.rank[b],
        );
        assert.deepEqual(
          ours,
          results.map((r) => r.id),
          `sections of ${label}`,
        );
        for (const r of results) {
          assert.equal(scores.score[r.id], r.score, `score of section ${r.id} for ${label}`);
          assert.equal(scores.termCount[r.id], r.queryTerms.length, `lookup terms of section ${r.id} for ${label}`);
          assert.deepEqual(termsOf(scores, r.id).sort(), [...r.terms].sort(), `terms of section ${r.id} for ${label}`);
        }
        const expected = exhaustiveRanking(results, plan, pageOf);
        const ranked = rankResults(scores, plan, layout);
        assert.equal(ranked.total, expected.length, `pages of ${label}`);
        assert.equal(ranked.complete, expected.length > 0 && expected[0].matched === plan.words.length, label);
        const shown = (groups: ReturnType<typeof ranked.top>) =>
          groups.map((g) => ({
            page: g.page,
            score: g.score,
            matched: g.matched,
            sections: g.sections.map((s): [number, number, string[]] => [s.id, s.score, [...s.terms].sort()]),
          }));
        const sortedTerms = expected.map((p) => ({
          ...p,
          sections: p.sections.map(([id, score, terms]): [number, number, string[]] => [id, score, [...terms].sort()]),
        }));
        // A few first pages picked without sorting all of them, then the whole list.
        for (const count of [1, 3, 8]) assert.deepEqual(shown(ranked.top(count)), sortedTerms.slice(0, count), label);
        assert.deepEqual(shown(ranked.top()), sortedTerms, label);
      }
    }
  });

  test('firstOf keeps the first items of a stable sort, for any count', () => {
    const random = seededRandom(7).next;
    for (let run = 0; run < 200; run++) {
      const items = Array.from({ length: Math.floor(random() * 60) }, () => Math.floor(random() * 20));
      const keys = items.map((item) => Math.floor(item / 3));
      const order = items.map((_, i) => i);
      const before = (a: number, b: number) => keys[a] - keys[b] || a - b;
      const count = Math.floor(random() * 70);
      assert.deepEqual(firstOf(order, count, before), [...order].sort(before).slice(0, count));
    }
  });
});
