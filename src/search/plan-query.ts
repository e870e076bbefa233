/**
 * Turns what the reader typed into a MiniSearch query tree (shared by the browser and the
 * relevance tests). Each word matches its own form or its stem; the word being typed (the last
 * one, when the query does not end in a space) also matches as a prefix; longer plain words
 * tolerate a typo. The words are combined with AND, and the caller retries with OR when nothing
 * matches every word.
 */
import type { Query } from 'minisearch';
import { isStopWord, stemOf, tokenize } from './search-terms.js';

export interface QueryWord {
  /** The terms looked up for the word: its form and, for plain words, its stem. */
  terms: string[];
  prefix: boolean;
  fuzzy: number;
}

export interface QueryPlan {
  words: QueryWord[];
  /** Every term the plan looks up (for loading index shards). */
  terms: { term: string; prefix: boolean }[];
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
    const stem = token.compound ? undefined : stemOf(token.text);
    // A finished word is looked up by its stem (which every form of it is indexed under); the word
    // being typed also by its own form, as a prefix ('activit' is not a prefix of the stem 'activ').
    words.push({
      terms: stem ? (isLast ? [token.text, stem] : [stem]) : [token.text],
      prefix: isLast && token.text.length >= MIN_PREFIX_LENGTH,
      fuzzy: !token.compound && token.text.length >= MIN_FUZZY_LENGTH ? 0.2 : 0,
    });
  }
  // A query made only of stop words still looks them up (they match nothing, and say so).
  const terms = words.flatMap((word) => word.terms.map((term) => ({ term, prefix: word.prefix })));
  return { words, terms };
}

/** The MiniSearch query of a plan, combining its words with AND or OR. */
export function toMiniSearchQuery(plan: QueryPlan, combineWith: 'AND' | 'OR'): Query {
  return {
    combineWith,
    queries: plan.words.map((word) => ({ combineWith: 'OR', queries: word.terms, prefix: word.prefix, fuzzy: word.fuzzy || false })),
  };
}
