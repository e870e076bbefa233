/**
 * Turns what the reader typed into lookups for the index (shared by the browser and the relevance
 * tests). The rules, each covered by test/search/plan-query.test.ts:
 *
 * - Possessives ('hotspot's', 'wallets'') are read as the noun, contractions as their first word
 *   ('doesn't' → 'does'); English stop words are dropped (the index drops them too).
 * - Each word matches its own form or its stem; the word being typed (the last one, when the query
 *   does not end in a space) also matches as a prefix; longer plain words tolerate a typo.
 * - A word that matches nothing falls back to its typed form with a typo allowance, and to every
 *   form with two neighbouring letters swapped ('rewrads' → 'rewards'), which edit distance counts
 *   as two typos. A word found only by edit distance is then searched as the word it was corrected
 *   to (correct-typos.ts), with that word's stem, forms and synonyms.
 * - Synonyms from the config (`search.synonyms`, stored in the index manifest) add lookups for the
 *   other words of their group: 'hotspot' also finds 'gateway'. Applied here, at query time, so
 *   the index does not grow.
 * - Question verbs ('get', 'list', 'show') are kept but marked weak: the engine ranks pages by how
 *   many of the other words they match first (rank-results.ts), so a verb never decides.
 */
import { isStopWord, stemOf, tokenize } from './search-terms.js';

/** One term to look up, and how. */
export interface TermLookup {
  term: string;
  prefix: boolean;
  /** Allowed edit distance as a share of the term's length (below 1), or in letters (1 and up); 0: exact. */
  fuzzy: number;
  /** Weight of a match, when not 1 (a synonym counts less than the word the reader typed). */
  boost?: number;
}

/** A word of the query: it matches when any of its lookups does. */
export interface QueryWord {
  lookups: TermLookup[];
  /** Lookups to try when the word matches nothing (a misspelt word has a useless stem). */
  fallback?: TermLookup[];
  /** A question verb ('get', 'list'): counted after the other words when ranking pages. */
  weak?: boolean;
}

export interface QueryPlan {
  words: QueryWord[];
}

export interface PlanOptions {
  /** Groups of words that mean the same here (lower case), e.g. [['hotspot', 'gateway']]. */
  synonyms?: readonly (readonly string[])[];
}

const MIN_PREFIX_LENGTH = 2;
const MIN_FUZZY_LENGTH = 5;
const MIN_TYPO_FALLBACK_LENGTH = 4;
const MAX_QUERY_LENGTH = 200;
/** A page that uses the reader's own word ranks above one that only uses a synonym of it. */
const SYNONYM_BOOST = 0.4;

/** Verbs readers put in questions that rarely name what they look for. */
const WEAK_WORDS = new Set(
  (
    'get gets getting list listing lists show showing find finding fetch fetching retrieve retrieving ' +
    'see look looking know need want use using give tell make call work works'
  ).split(' '),
);

/**
 * Possessives and contractions read as their word: 'hotspot's' → 'hotspot', 'wallets'' →
 * 'wallets', 'doesn't' → 'does', 'I'm' → 'I' (straight or curly apostrophe).
 */
export function stripPossessives(text: string): string {
  return text
    .replace(/(\p{L})n['’]t\b/gu, '$1')
    .replace(/(\p{L})['’](s|re|ve|ll|d|m)\b/giu, '$1')
    .replace(/(\p{L}s)['’](?!\p{L})/gu, '$1');
}

export function planQuery(query: string, options: PlanOptions = {}): QueryPlan {
  const text = stripPossessives(query.slice(0, MAX_QUERY_LENGTH));
  const tokens = tokenize(text);
  const typing = /[\p{L}\p{N}_\-./{}]$/u.test(text);
  const lastEnd = tokens.length ? tokens[tokens.length - 1].end : -1;
  const synonyms = synonymLookup(options.synonyms ?? []);
  const words: QueryWord[] = [];
  const seen = new Set<string>();
  for (const token of tokens) {
    // The compound being typed and its last part ('min_ti' → min_ti*, ti*).
    const isLast = typing && token.end === lastEnd;
    if (isStopWord(token.text) && !isLast) continue;
    const key = `${token.text}|${isLast}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const word = planWord(token.text, token.compound, isLast);
    const synonym = (term: string): TermLookup => ({ term, prefix: false, fuzzy: 0, boost: SYNONYM_BOOST });
    word.lookups.push(...synonymsOf(synonyms, token.text).map(synonym));
    // A misspelt synonym ('hotpsot') brings its group along once its fallback finds the word.
    const typoSynonyms = word.fallback?.flatMap((l) => synonymsOf(synonyms, l.term)) ?? [];
    if (typoSynonyms.length) word.fallback!.push(...[...new Set(typoSynonyms)].map(synonym));
    if (WEAK_WORDS.has(token.text)) word.weak = true;
    words.push(word);
  }
  return { words: withoutTypedSynonyms(words) };
}

function planWord(text: string, compound: boolean, isLast: boolean): QueryWord {
  const fuzzy = !compound && text.length >= MIN_FUZZY_LENGTH ? 0.2 : 0;
  const prefix = isLast && text.length >= MIN_PREFIX_LENGTH;
  const stem = compound ? undefined : stemOf(text);
  const typos = compound ? [] : typoLookups(text);
  if (!stem) return withFallback([{ term: text, prefix, fuzzy }], typos);
  // The word being typed: as typed, as a prefix ('activit' is no prefix of the stem 'activ'),
  // and by its stem (with the typo tolerance of the word's length).
  // When the stem starts the word ('reward' of 'rewards'), its prefix covers the word's.
  if (isLast)
    return withFallback(
      prefix && text.startsWith(stem)
        ? [{ term: stem, prefix, fuzzy }]
        : [
            { term: text, prefix, fuzzy },
            { term: stem, prefix, fuzzy: 0 },
          ],
      typos,
    );
  // A finished word: by its stem, under which every form of the word is indexed; as typed (with
  // typo tolerance) only when the stem finds nothing, as for 'pagnation' (stem 'pagnat').
  return withFallback([{ term: stem, prefix: false, fuzzy }], [{ term: text, prefix: false, fuzzy }, ...typos]);
}

const withFallback = (lookups: TermLookup[], fallback: TermLookup[]): QueryWord =>
  fallback.length ? { lookups, fallback } : { lookups };

/**
 * Lookups for a misspelt plain word: one letter off for a four-letter word (longer ones already
 * have it), and each form with two neighbouring letters swapped, by itself and by its stem.
 */
export function typoLookups(text: string): TermLookup[] {
  if (!/^\p{L}+$/u.test(text) || text.length < MIN_TYPO_FALLBACK_LENGTH) return [];
  const terms = new Set<string>();
  for (let i = 0; i + 1 < text.length; i++) {
    if (text[i] === text[i + 1]) continue;
    const swapped = text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2);
    terms.add(swapped);
    const stem = stemOf(swapped);
    if (stem) terms.add(stem);
  }
  terms.delete(text);
  const lookups = [...terms].map((term): TermLookup => ({ term, prefix: false, fuzzy: 0 }));
  return text.length < MIN_FUZZY_LENGTH ? [{ term: text, prefix: false, fuzzy: 1 }, ...lookups] : lookups;
}

/** Each synonym (and its stem) → the terms of its group to look up (stems, where there is one). */
function synonymLookup(groups: readonly (readonly string[])[]): Map<string, string[]> {
  const byWord = new Map<string, string[]>();
  for (const group of groups) {
    const members = group.map((word) => word.toLowerCase());
    const terms = members.map((word) => stemOf(word) ?? word);
    members.forEach((word, i) => {
      const others = terms.filter((_, j) => j !== i && terms[j] !== terms[i]);
      for (const key of new Set([word, terms[i]]))
        byWord.set(key, [...new Set([...(byWord.get(key) ?? []), ...others])]);
    });
  }
  return byWord;
}

function synonymsOf(synonyms: ReadonlyMap<string, string[]>, text: string): string[] {
  if (synonyms.size === 0) return [];
  return synonyms.get(text) ?? synonyms.get(stemOf(text) ?? text) ?? [];
}

/**
 * A synonym the reader also typed ('hotspot or gateway') is left to its own word: asked about
 * both, the reader wants the pages that have both, not every page with either.
 */
function withoutTypedSynonyms(words: QueryWord[]): QueryWord[] {
  const typed = new Set(words.flatMap((w) => w.lookups.filter((l) => l.boost === undefined).map((l) => l.term)));
  return words.map((w) =>
    w.lookups.some((l) => l.boost !== undefined && typed.has(l.term))
      ? { ...w, lookups: w.lookups.filter((l) => l.boost === undefined || !typed.has(l.term)) }
      : w,
  );
}

/** The plan with the fallback lookups of the given words added (tried once, when they matched nothing). */
export function withFallbacks(plan: QueryPlan, words: ReadonlySet<QueryWord>): QueryPlan {
  return {
    words: plan.words.map((w) =>
      words.has(w) ? { lookups: [...w.lookups, ...(w.fallback ?? [])], ...(w.weak ? { weak: true } : {}) } : w,
    ),
  };
}
