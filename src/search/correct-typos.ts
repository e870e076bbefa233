/**
 * Typo correction: a word the index does not have, found only by edit distance ('rwards' →
 * 'reward'), is searched again as the word it was corrected to. A fuzzy match finds one form of the
 * word only, with a fuzzy penalty and without the synonyms of the right word, so the misspelt query
 * ranked pages differently from the one spelt right; searched as the corrected word (its stem,
 * every form, its synonyms) it ranks them as the right word does. Like Algolia's typo tolerance,
 * the candidates with the fewest typos win: 'eoch' is 'epoch' or 'each' (one typo each), and
 * both are searched, where BM25 prefers the rarer.
 */
import { distance } from 'fastest-levenshtein';
import { planQuery, type PlanOptions, type QueryPlan, type QueryWord } from './plan-query.js';
import type { TermIndex } from './term-index.js';

/** A lookup term matched exactly: itself, or a word it starts when it is a prefix lookup. */
const matchesExactly = (word: QueryWord, term: string) =>
  word.lookups.some((l) => l.term === term || (l.prefix && term.startsWith(l.term)));

/** The index terms a word matches, and whether one of them is exact. */
function matchedTerms(index: TermIndex, word: QueryWord): { terms: Set<string>; exact: boolean } {
  const terms = new Set(word.lookups.flatMap((lookup) => index.matches(lookup).map((match) => match.term)));
  return { terms, exact: [...terms].some((term) => matchesExactly(word, term)) };
}

/** The matched terms the fewest edits away from what the reader typed (any lookup the reader's own). */
function nearest(word: QueryWord, terms: Iterable<string>): string[] {
  const typed = word.lookups.filter((l) => l.boost === undefined).map((l) => l.term);
  let best = Infinity;
  let nearestTerms: string[] = [];
  for (const term of terms) {
    const edits = Math.min(...typed.map((t) => distance(t, term)));
    if (edits < best) [best, nearestTerms] = [edits, [term]];
    else if (edits === best) nearestTerms.push(term);
  }
  return nearestTerms.sort();
}

/**
 * The plan with each misspelt word (it matched only by edit distance) replaced by the words it
 * was corrected to, planned as if typed; undefined when no word needed correcting.
 */
export function correctTypos(index: TermIndex, plan: QueryPlan, options: PlanOptions): QueryPlan | undefined {
  let corrected = false;
  const words = plan.words.map((word): QueryWord => {
    const { terms, exact } = matchedTerms(index, word);
    if (exact || terms.size === 0) return word;
    // A correction that is a stop word ('each' for 'eoch') plans to nothing: the others remain.
    const lookups = nearest(word, terms).flatMap((term) => planQuery(`${term} `, options).words[0]?.lookups ?? []);
    if (lookups.length === 0) return word;
    corrected = true;
    return { lookups, ...(word.weak ? { weak: true } : {}) };
  });
  return corrected ? { words } : undefined;
}
