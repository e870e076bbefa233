/**
 * Turns what the reader typed into a MiniSearch query tree (shared by the browser and the
 * relevance tests). Each word matches its own form or its stem; the word being typed (the last
 * one, when the query does not end in a space) also matches as a prefix; longer plain words
 * tolerate a typo. The words are combined with AND, and the caller retries with OR when nothing
 * matches every word.
 */
import type { Query } from 'minisearch';
import { isStopWord, stemOf, tokenize } from './search-terms.js';

/** One term to look up, and how. */
export interface TermLookup {
  term: string;
  prefix: boolean;
  /** Allowed edit distance as a share of the term's length (0: exact). */
  fuzzy: number;
}

/** A word of the query: it matches when any of its lookups does. */
export interface QueryWord {
  lookups: TermLookup[];
  /** Lookups to try when the word matches nothing (a misspelt word has a useless stem). */
  fallback?: TermLookup[];
}

export interface QueryPlan {
  words: QueryWord[];
}

const MIN_PREFIX_LENGTH = 2;
const MIN_FUZZY_LENGTH = 5;

export function planQuery(query: string): QueryPlan {
  const text = query.slice(0, 200);
  const tokens = tokenize(text);
  const typing = /[\p{L}\p{N}_\-./{}]$/u.test(text);
  const lastEnd = tokens.length ? tokens[tokens.length - 1].end : -1;
  const words: QueryWord[] = [];
  const seen = new Set<string>();
  for (const token of tokens) {
    // The compound being typed and its last part ('min_ti' → min_ti*, ti*).
    const isLast = typing && token.end === lastEnd;
    if (isStopWord(token.text) && !isLast) continue;
    const key = `${token.text}|${isLast}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const fuzzy = !token.compound && token.text.length >= MIN_FUZZY_LENGTH ? 0.2 : 0;
    const prefix = isLast && token.text.length >= MIN_PREFIX_LENGTH;
    const stem = token.compound ? undefined : stemOf(token.text);
    if (!stem) words.push({ lookups: [{ term: token.text, prefix, fuzzy }] });
    // The word being typed: as typed, as a prefix ('activit' is no prefix of the stem 'activ'),
    // and by its stem (with the typo tolerance of the word's length).
    // When the stem starts the word ('reward' of 'rewards'), its prefix covers the word's.
    else if (isLast)
      words.push({
        lookups:
          prefix && token.text.startsWith(stem)
            ? [{ term: stem, prefix, fuzzy }]
            : [
                { term: token.text, prefix, fuzzy },
                { term: stem, prefix, fuzzy: 0 },
              ],
      });
    // A finished word: by its stem, under which every form of the word is indexed; as typed (with
    // typo tolerance) only when the stem finds nothing, as for 'pagnation' (stem 'pagnat').
    else
      words.push({
        lookups: [{ term: stem, prefix: false, fuzzy }],
        fallback: [{ term: token.text, prefix: false, fuzzy }],
      });
  }
  return { words };
}

/** The MiniSearch query of a plan, combining its words with AND or OR. */
export function toMiniSearchQuery(plan: QueryPlan, combineWith: 'AND' | 'OR'): Query {
  return {
    combineWith,
    queries: plan.words.map((word) => ({
      combineWith: 'OR',
      queries: word.lookups.map((lookup) => ({
        queries: [lookup.term],
        prefix: lookup.prefix,
        fuzzy: lookup.fuzzy || false,
      })),
    })),
  };
}
