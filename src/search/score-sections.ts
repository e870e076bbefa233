/**
 * Scores every section a query plan matches: MiniSearch's BM25 with field boosts, computed the way
 * its `search` does (the same terms, weights and sums in the same order, so the same scores to the
 * last bit) but into typed arrays indexed by section, with no object per match. The ranking
 * (rank-results.ts) reads these arrays; the index terms a section matched (for highlighting) are
 * looked up only for the sections shown (`termsOf`).
 *
 * test/search/score-sections.test.ts checks scores and order against MiniSearch's own search on
 * random indexes and queries.
 */
import type { QueryPlan } from './plan-query.js';
import { API_FIELD_SECTION_BOOST, FIELD_BOOSTS, SEARCH_FIELDS } from './search-index-format.js';
import { holdsIn, type FieldPostings, type TermIndex, type TermMatch } from './term-index.js';

/** What BM25 needs of every section (the manifest's figures). */
export interface SectionStats {
  documentCount: number;
  /** Unique-term count of each field of each section, section after section. */
  fieldLength: readonly number[];
  averageFieldLength: readonly number[];
  /** 1 for a section that is an API field's (discounted unless the term is an identifier). */
  fieldSection?: Uint8Array;
}

export interface SectionScores {
  /** Sections matched, in the order MiniSearch first met them (its order among equal scores). */
  order: Int32Array;
  /** Position of each section in `order`, -1 when it did not match. */
  rank: Int32Array;
  /** MiniSearch's score: the sum of the matches times the number of lookup terms matched. */
  score: Float64Array;
  /** Number of different lookup terms (a query's `queryTerms`) each section matched. */
  termCount: Int32Array;
  /** The plan's words (bit w: word w, the first 30 words) each section matched. */
  wordBits: Int32Array;
  /** Lookup terms that matched at least one section. */
  matchedLookups: Set<string>;
  /** Index terms the plan's lookups matched, each once. */
  indexTerms: TermMatch[];
}

/** BM25 parameters (MiniSearch's defaults). */
const K = 1.2;
const B = 0.7;
const D = 0.5;
/** Words tracked as bits: a query has at most a few dozen words, the rest count as matched. */
export const MAX_TRACKED_WORDS = 30;
/** An index term joined from parts: snake_case, kebab-case, dotted or a path. */
const IDENTIFIER = /[_\-./]/;

const FIELD_BOOST = SEARCH_FIELDS.map((field) => FIELD_BOOSTS[field] || 1);

/** Which words each lookup term stands for, as bits. */
export function wordBitsOf(plan: QueryPlan): Map<string, number> {
  const bitsOf = new Map<string, number>();
  plan.words
    .slice(0, MAX_TRACKED_WORDS)
    .forEach((word, w) => word.lookups.forEach(({ term }) => bitsOf.set(term, (bitsOf.get(term) ?? 0) | (1 << w))));
  return bitsOf;
}

export interface ScoreOptions {
  /** Discount API field sections (`API_FIELD_SECTION_BOOST`) unless the index term is an identifier. */
  discountFields?: boolean;
}

/**
 * A running sum per section and the sections it has touched, in the order it met them. Every
 * match adds a positive score (BM25 and every weight are positive), so a sum of 0 means untouched.
 */
class Sums {
  readonly sum: Float64Array;
  touched: number[] = [];
  constructor(n: number) {
    this.sum = new Float64Array(n);
  }
  add(section: number, value: number) {
    if (this.sum[section] === 0) this.touched.push(section);
    this.sum[section] += value;
  }
  /** Adds every touched sum into `into` (MiniSearch's OR of two result maps) and starts again. */
  drainInto(into: Sums): number[] {
    const touched = this.touched;
    for (const section of touched) {
      into.add(section, this.sum[section]);
      this.sum[section] = 0;
    }
    this.touched = [];
    return touched;
  }
  /** The touched sections, the sums cleared for the next query. */
  clear(): number[] {
    const touched = this.touched;
    for (const section of touched) this.sum[section] = 0;
    this.touched = [];
    return touched;
  }
}

/** Sums kept between queries (each keystroke would otherwise allocate and collect three arrays per section). */
let spare: { n: number; sums: [Sums, Sums, Sums] } | undefined;
function takeSums(n: number): [Sums, Sums, Sums] {
  const taken = spare?.n === n ? spare.sums : ([new Sums(n), new Sums(n), new Sums(n)] as [Sums, Sums, Sums]);
  spare = undefined;
  return taken;
}

/** BM25 of each posting of a term's field, as MiniSearch's calcBM25Score computes it. */
function bm25Of(postings: FieldPostings, field: number, stats: SectionStats): Float64Array {
  const { ids, frequencies } = postings;
  const n = stats.documentCount;
  const idf = Math.log(1 + (n - ids.length + 0.5) / (ids.length + 0.5));
  const average = stats.averageFieldLength[field];
  const scores = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const tf = frequencies ? frequencies[i] : 1;
    const length = stats.fieldLength[ids[i] * FIELD_BOOST.length + field];
    scores[i] = idf * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * length) / average)));
  }
  return scores;
}

/** Scores one lookup's index terms into `sums`, noting each section's first match in `scores`. */
function scoreLookup(
  matches: readonly TermMatch[],
  termBoost: number,
  context: { stats: SectionStats; options: ScoreOptions; sums: Sums; scores: SectionScores; order: number[] },
) {
  const { stats, sums, scores, order } = context;
  const fieldSection = context.options.discountFields ? stats.fieldSection : undefined;
  for (const match of matches) {
    const identifier = IDENTIFIER.test(match.term);
    for (let f = 0; f < FIELD_BOOST.length; f++) {
      const postings = match.postings[f];
      if (!postings) continue;
      const ids = postings.ids;
      const bm25 = (postings.bm25 ??= bm25Of(postings, f, stats));
      const weight = match.weight * termBoost * FIELD_BOOST[f];
      for (let i = 0; i < ids.length; i++) {
        const section = ids[i];
        const boost = fieldSection !== undefined && fieldSection[section] && !identifier ? API_FIELD_SECTION_BOOST : 1;
        if (scores.rank[section] < 0) scores.rank[section] = order.push(section) - 1;
        sums.add(section, weight * boost * bm25[i]);
      }
    }
  }
}

/** Counts, per section, the different lookup terms it matched and the words they stand for. */
function countTerm(scores: SectionScores, touched: readonly number[], seen: Uint8Array, bits: number) {
  for (const section of touched) {
    if (seen[section]) continue;
    seen[section] = 1;
    scores.termCount[section]++;
    scores.wordBits[section] |= bits;
  }
}

/** The index terms of the plan's lookups, each once, in the order they were scored. */
function indexTermsOf(index: TermIndex, plan: QueryPlan): TermMatch[] {
  const terms = new Map<string, TermMatch>();
  for (const word of plan.words)
    for (const lookup of word.lookups)
      for (const match of index.matches(lookup)) if (!terms.has(match.term)) terms.set(match.term, match);
  return [...terms.values()];
}

/**
 * Every section the plan matches, with MiniSearch's score for `index.search(toMiniSearchQuery(plan,
 * 'OR'))`: lookups of a word summed in order, then words summed in order, times the number of
 * lookup terms matched.
 */
export function scoreSections(
  index: TermIndex,
  stats: SectionStats,
  plan: QueryPlan,
  options: ScoreOptions = {},
): SectionScores {
  const n = stats.documentCount;
  const scores: SectionScores = {
    order: new Int32Array(0),
    rank: new Int32Array(n).fill(-1),
    score: new Float64Array(n),
    termCount: new Int32Array(n),
    wordBits: new Int32Array(n),
    matchedLookups: new Set(),
    indexTerms: indexTermsOf(index, plan),
  };
  const order: number[] = [];
  const [lookupSums, wordSums, total] = takeSums(n);
  const bitsOf = wordBitsOf(plan);
  // A section matching one lookup term twice (two words, or as a word and a prefix) counts it once.
  const seenByTerm = new Map<string, Uint8Array>();
  for (const word of plan.words) {
    // A word of one lookup is that lookup's sums (0 + x is x: the same sums as MiniSearch's).
    const sums = word.lookups.length === 1 ? wordSums : lookupSums;
    for (const lookup of word.lookups) {
      const { term } = lookup;
      scoreLookup(index.matches(lookup), lookup.boost ?? 1, { stats, options, sums, scores, order });
      const touched = sums === wordSums ? wordSums.touched : lookupSums.drainInto(wordSums);
      if (touched.length === 0) continue;
      scores.matchedLookups.add(term);
      let seen = seenByTerm.get(term);
      if (!seen) seenByTerm.set(term, (seen = new Uint8Array(n)));
      countTerm(scores, touched, seen, bitsOf.get(term) ?? 0);
    }
    wordSums.drainInto(total);
  }
  for (const section of order) scores.score[section] = total.sum[section] * scores.termCount[section];
  total.clear();
  spare = { n, sums: [lookupSums, wordSums, total] };
  scores.order = Int32Array.from(order);
  return scores;
}

/** The index terms a section matched (what its snippet highlights). */
export function termsOf(scores: SectionScores, section: number): string[] {
  return scores.indexTerms
    .filter((match) => match.postings.some((postings) => postings && holdsIn(postings.ids, section, section + 1)))
    .map((match) => match.term);
}
