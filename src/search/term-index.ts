/**
 * The loaded part of the search index as queries read it: a radix tree of terms (MiniSearch's
 * SearchableMap, for prefix and typo look-ups) whose values are the term's postings as typed arrays,
 * decoded once when a term file arrives.
 *
 * MiniSearch kept postings as a Map per field of a Map per document and built an object per
 * (document, term) at every search; on a 10,000-page site a keystroke of a few common words cost
 * seconds. Typed arrays scored in plain loops (score-sections.ts) do the same sums in milliseconds.
 */
import SearchableMap from 'minisearch/SearchableMap';
import type { TermLookup } from './plan-query.js';
import { SEARCH_FIELDS, type PackedField, type PackedTerm } from './search-index-format.js';

/** One field's postings of a term: section ids ascending, and their term frequencies (undefined: all 1). */
export interface FieldPostings {
  ids: Int32Array;
  frequencies?: Int32Array;
  /** Each posting's BM25 score, computed when the term is first scored (it depends only on the index). */
  bm25?: Float64Array;
}

/** A term's postings, by field id (undefined where the term is not in that field). */
export type TermPostings = (FieldPostings | undefined)[];

/** An index term a lookup matches, and the weight MiniSearch gives such a match (1: the term itself). */
export interface TermMatch {
  term: string;
  weight: number;
  postings: TermPostings;
}

/** MiniSearch's weights of prefix and typo matches and its largest edit distance (its defaults). */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
const MAX_FUZZY = 6;

export function decodeTerm(packed: PackedTerm): [string, TermPostings] {
  const postings: TermPostings = new Array<FieldPostings | undefined>(SEARCH_FIELDS.length).fill(undefined);
  for (let f = 1; f < packed.length; f++) {
    const [fieldId, deltas, frequencies] = packed[f] as PackedField;
    const ids = new Int32Array(deltas.length);
    let id = 0;
    for (let i = 0; i < deltas.length; i++) ids[i] = id += deltas[i];
    postings[fieldId] = frequencies ? { ids, frequencies: Int32Array.from(frequencies) } : { ids };
  }
  return [packed[0], postings];
}

export interface TermIndex {
  /** Adds a term file's terms (in file order, as MiniSearch.loadJS would). */
  add(terms: readonly PackedTerm[]): void;
  /** The index terms a lookup matches, in the order MiniSearch scores them (the same sums, the same order). */
  matches(lookup: TermLookup): TermMatch[];
  /** Whether any term is loaded. */
  readonly size: number;
}

/**
 * The index terms of a lookup, as MiniSearch's executeQuerySpec finds them: the term itself, then
 * longer terms it starts (prefix lookups), then terms within its edit distance that are not
 * prefix matches. Cached until more terms are added: a reader's next keystroke asks mostly the same.
 */
export function createTermIndex(): TermIndex {
  const terms = new SearchableMap<TermPostings>();
  let cache = new Map<string, TermMatch[]>();
  const find = (lookup: TermLookup): TermMatch[] => {
    const { term } = lookup;
    const found: TermMatch[] = [];
    const own = terms.get(term);
    if (own) found.push({ term, weight: 1, postings: own });
    const fuzzy = lookup.fuzzy < 1 ? Math.min(MAX_FUZZY, Math.round(term.length * lookup.fuzzy)) : lookup.fuzzy;
    const near = fuzzy ? terms.fuzzyGet(term, fuzzy) : undefined;
    if (lookup.prefix)
      for (const [longer, postings] of terms.atPrefix(term)) {
        const distance = longer.length - term.length;
        if (!distance) continue;
        near?.delete(longer);
        found.push({
          term: longer,
          weight: (PREFIX_WEIGHT * longer.length) / (longer.length + 0.3 * distance),
          postings,
        });
      }
    if (near)
      for (const [other, [postings, distance]] of near) {
        if (!distance) continue;
        found.push({ term: other, weight: (FUZZY_WEIGHT * other.length) / (other.length + distance), postings });
      }
    return found;
  };
  return {
    add(packed) {
      for (const entry of packed) {
        const [term, postings] = decodeTerm(entry);
        terms.set(term, postings);
      }
      if (packed.length) cache = new Map();
    },
    matches(lookup) {
      const key = `${lookup.prefix ? 'p' : 'w'}${lookup.fuzzy}:${lookup.term}`;
      let found = cache.get(key);
      if (!found) cache.set(key, (found = find(lookup)));
      return found;
    },
    get size() {
      return terms.size;
    },
  };
}

/** Whether a sorted id list holds an id in [from, to). */
export function holdsIn(ids: Int32Array, from: number, to: number): boolean {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid] < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < ids.length && ids[lo] < to;
}
