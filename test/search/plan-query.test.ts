/**
 * The query planner, rule by rule (src/search/plan-query.ts), and the ranking rule that goes with
 * it (rank-results.ts): pages matching more of the reader's words first, never "No results" when
 * some word matches.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { planQuery, stripPossessives, typoLookups } from '../../src/search/plan-query.js';
import { toMiniSearchQuery } from './fixtures/minisearch-reference.js';
import { rankResults } from '../../src/search/rank-results.js';
import { wordBitsOf, type SectionScores } from '../../src/search/score-sections.js';
import { buildSearchIndexFromPages } from '../../src/search/build-search-index.js';
import { createSearchEngine } from '../../src/search/search-engine.js';
import type { SearchPage } from '../../src/search/build-search-pages.js';
import { stemOf } from '../../src/search/search-terms.js';

const SYNONYMS = [
  ['hotspot', 'gateway'],
  ['wallet', 'solaccount', 'owner'],
];

/** A small pseudo-random generator, so that failures reproduce. */
function random(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) & 0x7fffffff), s / 0x7fffffff);
}
const WORDS =
  'rewards witness gateway pagination cursor heartbeat speedtest coverage boosted epoch denylist radio'.split(' ');

const terms = (query: string) => planQuery(query).words.map((w) => w.lookups.map((l) => l.term));

describe('query planner', () => {
  test('stop words are left out; the word being typed is a prefix (its stem’s, when the stem starts it)', () => {
    assert.deepEqual(
      planQuery('how do I get rewards').words.map((w) => w.lookups),
      [[{ term: 'get', prefix: false, fuzzy: 0 }], [{ term: 'reward', prefix: true, fuzzy: 0.2 }]],
    );
    // The stem does not start the word: both, as typed and by the stem.
    assert.deepEqual(planQuery('gateway').words[0].lookups, [
      { term: 'gateway', prefix: true, fuzzy: 0.2 },
      { term: 'gatewai', prefix: true, fuzzy: 0 },
    ]);
  });

  test('a finished word is looked up by its stem; as typed and with swapped letters only when that finds nothing', () => {
    const [word] = planQuery('pagnation gateway ').words;
    assert.deepEqual(word.lookups, [{ term: 'pagnat', prefix: false, fuzzy: 0.2 }]);
    assert.deepEqual(word.fallback![0], { term: 'pagnation', prefix: false, fuzzy: 0.2 });
    assert.ok(
      word.fallback!.some((l) => l.term === 'pangation' && l.fuzzy === 0),
      "word.fallback!.some((l) => l.term === 'pangation' && l.fuzzy === 0)",
    );
  });

  test('possessives read as the noun and contractions as their word, with straight or curly apostrophes', () => {
    assert.equal(stripPossessives("my hotspot's rewards"), 'my hotspot rewards');
    assert.equal(stripPossessives('the wallets’ gateways'), 'the wallets gateways');
    assert.equal(stripPossessives("why doesn't it work, I'm lost"), 'why does it work, I lost');
    assert.deepEqual(terms("what are my hotspot's rewards"), terms('hotspot rewards'));
    assert.deepEqual(terms('hotspot’s witnesses '), terms('hotspot witnesses '));
  });

  test('question verbs are kept but marked weak', () => {
    const words = planQuery('how do I list the gateways of a wallet ').words;
    assert.deepEqual(
      words.map((w) => Boolean(w.weak)),
      [true, false, false],
    );
  });

  test('synonyms add the other words of their group, by stem and with a lower weight, from any form', () => {
    for (const query of ['hotspot ', 'hotspots ', 'Hotspot']) {
      const lookups = planQuery(query, { synonyms: SYNONYMS }).words[0].lookups;
      assert.deepEqual(
        lookups.filter((l) => l.boost !== undefined),
        [{ term: 'gatewai', prefix: false, fuzzy: 0, boost: 0.4 }],
        query,
      );
    }
    const wallet = planQuery('wallet ', { synonyms: SYNONYMS }).words[0].lookups.map((l) => l.term);
    assert.deepEqual(wallet.slice(1), ['solaccount', 'owner']);
    // A synonym the reader typed too stays its own word.
    assert.deepEqual(
      planQuery('hotspot or gateway', { synonyms: SYNONYMS }).words.map((w) => w.lookups.filter((l) => l.boost)),
      [[], []],
    );
    // Without synonyms, or for a word in no group, nothing is added.
    assert.equal(planQuery('hotspot ').words[0].lookups.length, 1);
    assert.equal(planQuery('cursor ', { synonyms: SYNONYMS }).words[0].lookups.length, 1);
    // The weight reaches MiniSearch as a term boost.
    const query = toMiniSearchQuery(planQuery('hotspot ', { synonyms: SYNONYMS }), 'OR') as unknown as {
      queries: { queries: { boostTerm?: () => number }[] }[];
    };
    assert.equal(query.queries[0].queries[1].boostTerm!(), 0.4);
  });

  test('typos: every neighbouring swap of a word (and its stem) is a fallback; four-letter words allow one edit', () => {
    const next = random(7);
    for (let n = 0; n < 200; n++) {
      const word = WORDS[Math.floor(next() * WORDS.length)];
      const i = Math.floor(next() * (word.length - 1));
      if (word[i] === word[i + 1]) continue;
      const typo = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
      const fallback = typoLookups(typo).map((l) => l.term);
      assert.ok(fallback.includes(word), `${typo} → ${word}`);
      const stem = stemOf(word);
      if (stem) assert.ok(fallback.includes(stem), `${typo} → ${stem}`);
      assert.ok(!fallback.includes(typo), '!fallback.includes(typo)');
    }
    assert.deepEqual(typoLookups('epoh')[0], { term: 'epoh', prefix: false, fuzzy: 1 });
    assert.deepEqual(typoLookups('hex'), []);
    assert.deepEqual(typoLookups('cbsd_id'), []);
  });

  test('compounds are exact (no fuzzy, no typo fallback) and keep their parts', () => {
    assert.deepEqual(
      planQuery('cbsd_id').words.map((w) => w.lookups),
      [
        [{ term: 'cbsd_id', prefix: true, fuzzy: 0 }],
        [{ term: 'cbsd', prefix: false, fuzzy: 0 }],
        [{ term: 'id', prefix: true, fuzzy: 0 }],
      ],
    );
    assert.equal(planQuery('cbsd_id').words[0].fallback, undefined);
  });

  test('a one-letter word is not a prefix; an empty query plans nothing', () => {
    assert.equal(planQuery('g').words[0].lookups[0].prefix, false);
    assert.deepEqual(planQuery('   ').words, []);
    assert.deepEqual(planQuery("how do I ... what's").words.length, 1);
  });
});

describe('ranking by words matched', () => {
  type Matched = [score: number, lookupTerms: string[]];
  /** Scores of one-section pages (section n is page n), as scoreSections gives them for a plan. */
  const scored = (plan: ReturnType<typeof planQuery>, sections: Matched[]) => {
    const bitsOf = wordBitsOf(plan);
    const n = sections.length;
    const scores: SectionScores = {
      order: Int32Array.from(sections.keys()),
      rank: Int32Array.from(sections.keys()),
      score: Float64Array.from(sections, ([score, terms]) => score * terms.length),
      termCount: Int32Array.from(sections, ([, terms]) => terms.length),
      wordBits: Int32Array.from(sections, ([, terms]) => terms.reduce((bits, t) => bits | (bitsOf.get(t) ?? 0), 0)),
      matchedLookups: new Set(sections.flatMap(([, terms]) => terms)),
      indexTerms: [],
    };
    return { scores, layout: { pageOf: Int32Array.from(sections.keys()), firstSection: [...Array(n).keys()] } };
  };

  test('pages matching more words come first, question verbs counted last, then by score', () => {
    const plan = planQuery('list witnesses gateway ');
    // Pages are sections 0–2 (one section each).
    const { scores, layout } = scored(plan, [
      [9, ['list', 'wit']], // two words, one of them the verb
      [1, ['wit', 'gatewai']], // the two strong words
      [5, ['wit']],
    ]);
    const ranked = rankResults(scores, plan, layout);
    const groups = ranked.top();
    assert.deepEqual(
      groups.map((g) => g.page),
      [1, 0, 2],
    );
    assert.deepEqual(
      groups.map((g) => g.matched),
      [2, 2, 1],
    );
    assert.equal(ranked.complete, false);
  });

  test('a section matching a word and its synonym is not worth double', () => {
    const plan = planQuery('hotspot ', { synonyms: SYNONYMS });
    const { scores, layout } = scored(plan, [
      [2, ['hotspot', 'gatewai']],
      [3, ['hotspot']],
    ]);
    const groups = rankResults(scores, plan, layout).top();
    assert.deepEqual(
      groups.map((g) => g.page),
      [1, 0],
    );
  });
});

describe('a query that matches any word never comes back empty', () => {
  const page = (route: string, text: string): SearchPage => ({
    route,
    title: route.slice(1),
    type: 'guide',
    sections: [{ heading: '', anchor: '', text, keywords: '' }],
  });
  const index = buildSearchIndexFromPages(
    [
      page('/rewards', 'Rewards of a gateway per epoch, summed by day.'),
      page('/witnesses', 'Witnesses of a gateway: the hotspots that heard its beacons.'),
      page('/pagination', 'Follow the cursor to the next page of results.'),
    ],
    { synonyms: SYNONYMS },
  );
  const files = new Map(index.files.map((f) => [f.path.replace(/^search\//, ''), String(f.contents)]));
  const engine = createSearchEngine(async (name) => JSON.parse(files.get(name)!));

  test('random questions around one known word find its page, whatever the other words', async () => {
    const next = random(11);
    const filler = "how do I show my wallet's unicorn zebra explain yesterday's quokka please".split(' ');
    const known = { rewards: '/rewards', witnesses: '/witnesses', cursor: '/pagination' } as const;
    for (let n = 0; n < 60; n++) {
      const words = Array.from(
        { length: 1 + Math.floor(next() * 5) },
        () => filler[Math.floor(next() * filler.length)],
      );
      const [word, route] = Object.entries(known)[Math.floor(next() * 3)];
      words.splice(Math.floor(next() * (words.length + 1)), 0, word);
      const query = words.join(' ');
      const outcome = await engine.search(query);
      const routes = (await engine.loadSnippets(outcome.groups)).map((g) => g.route);
      assert.ok(routes.includes(route), `"${query}" → ${routes.join(', ')}`);
    }
  });

  test('the synonyms stored in the index apply: hotspot finds the gateway pages', async () => {
    const routes = (await engine.loadSnippets((await engine.search('hotspot rewards')).groups)).map((g) => g.route);
    assert.equal(routes[0], '/rewards');
    assert.equal(index.manifest.synonyms!.length, 2);
  });

  test('a swapped-letter typo finds the page', async () => {
    for (const [query, route] of [
      ['rewrads', '/rewards'],
      ['witensses ', '/witnesses'],
      ['cusror', '/pagination'],
    ]) {
      const routes = (await engine.loadSnippets((await engine.search(query)).groups)).map((g) => g.route);
      assert.equal(routes[0], route, query);
    }
  });
});

describe('a word found only by edit distance is searched as the word it was corrected to', () => {
  const page = (route: string, text: string): SearchPage => ({
    route,
    title: route.slice(1),
    type: 'guide',
    sections: [{ heading: '', anchor: '', text, keywords: '' }],
  });
  const index = buildSearchIndexFromPages(
    [
      page('/rewarded-counts', 'How many radios were rewarded, counted per day.'),
      page('/radio-rewards', 'Rewards of one radio for an epoch, and the reward of each gateway.'),
      page('/earnings', 'What a gateway earns: its payout, summed per epoch.'),
      page('/witnesses', 'Witnesses of a gateway, listed with their distance.'),
      page('/witnessed', 'Hotspots a gateway witnessed, and how often.'),
      page('/heartbeats', 'Heartbeats a radio sends, and coverage of its location.'),
    ],
    { synonyms: [['reward', 'earn', 'payout'], ...SYNONYMS] },
  );
  const files = new Map(index.files.map((f) => [f.path.replace(/^search\//, ''), String(f.contents)]));
  const engine = createSearchEngine(async (name) => JSON.parse(files.get(name)!));
  const routes = async (query: string) =>
    (await engine.loadSnippets((await engine.search(query)).groups)).map((g) => g.route);

  // Without the correction, 'rwards' matched the one form 'reward' by edit distance (with the
  // fuzzy penalty, without 'rewards' and without the synonyms), and ranked 'rewarded' first.
  test('every one-letter typo inside a word ranks the pages as the word spelt right does', async () => {
    for (const word of ['rewards', 'witnesses', 'heartbeats', 'gateway', 'coverage', 'distance']) {
      const right = await routes(`${word} `);
      for (let i = 1; i < word.length - 1; i++) {
        const dropped = word.slice(0, i) + word.slice(i + 1);
        const doubled = word.slice(0, i + 1) + word.slice(i);
        for (const typo of [dropped, doubled]) assert.deepEqual(await routes(`${typo} `), right, `${typo} (${word})`);
      }
    }
  });

  test('a typo as near to two words is searched as both (the fewest typos win, BM25 ranks them)', async () => {
    // 'eoch' is one letter from 'epoch' and from 'each': the pages with either are found.
    assert.deepEqual((await routes('eoch ')).sort(), ['/earnings', '/radio-rewards']);
    assert.deepEqual((await routes('epoch ')).sort(), ['/earnings', '/radio-rewards']);
  });
});
