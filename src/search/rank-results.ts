/**
 * Ranks MiniSearch's section results as pages. A page's sections together answer the query (a
 * page can answer 'cursor limit' with one section on each word), so pages are ranked by how many
 * of the query's words they match, question verbs counted last, then by their best section's score.
 * A query never fails because one word (a verb, a possessive, a word the site does not use) is
 * missing: the pages matching most words come first.
 */
import type { SearchResult } from 'minisearch';
import type { QueryPlan } from './plan-query.js';

export interface RankedSection {
  id: number;
  score: number;
  /** Index terms that matched (for highlighting). */
  terms: string[];
}

export interface RankedGroup {
  page: number;
  score: number;
  sections: RankedSection[];
  /** How many of the query's words the page matches (all of them for a one-word query). */
  matched: number;
}

/** Words tracked as bits: a query has at most a few dozen words, the rest count as matched. */
const MAX_TRACKED_WORDS = 30;

const popcount = (bits: number) => {
  let count = 0;
  for (let b = bits; b; b &= b - 1) count++;
  return count;
};

/** Which words each looked-up term stands for, as bits. */
function wordBits(plan: QueryPlan): Map<string, number> {
  const bitsOf = new Map<string, number>();
  plan.words
    .slice(0, MAX_TRACKED_WORDS)
    .forEach((word, w) => word.lookups.forEach(({ term }) => bitsOf.set(term, (bitsOf.get(term) ?? 0) | (1 << w))));
  return bitsOf;
}

/** The bits of the plan's words that are not weak (question verbs). */
function strongMask(plan: QueryPlan): number {
  let mask = 0;
  plan.words.slice(0, MAX_TRACKED_WORDS).forEach((word, w) => {
    if (!word.weak) mask |= 1 << w;
  });
  return mask;
}

/**
 * Groups section results by page, best first: by words matched (the plan's strong words, then
 * all), then by their best section's score; a page's sections best first.
 */
export function rankResults(
  results: readonly SearchResult[],
  plan: QueryPlan,
  pageOf: (section: number) => number,
): { groups: RankedGroup[]; complete: boolean } {
  const bitsOf = wordBits(plan);
  const pages = new Map<number, { group: RankedGroup; bits: number }>();
  for (const result of results) {
    const page = pageOf(result.id);
    let bits = 0;
    for (const term of result.queryTerms) bits |= bitsOf.get(term) ?? 0;
    // MiniSearch multiplies a score by the number of query terms matched; count words instead, so
    // that a section using both a word and its synonym ('gateway', 'hotspot') is not worth double.
    const score = (result.score / (result.queryTerms.length || 1)) * Math.max(1, popcount(bits));
    let entry = pages.get(page);
    if (!entry) pages.set(page, (entry = { group: { page, score, sections: [], matched: 0 }, bits: 0 }));
    entry.group.sections.push({ id: result.id, score, terms: result.terms });
    entry.group.score = Math.max(entry.group.score, score);
    entry.bits |= bits;
  }
  for (const { group } of pages.values()) group.sections.sort((a, b) => b.score - a.score);
  const strong = strongMask(plan);
  const untracked = Math.max(0, plan.words.length - MAX_TRACKED_WORDS);
  const ranked = [...pages.values()].map(({ group, bits }) => {
    group.matched = popcount(bits) + untracked;
    return { group, strong: popcount(bits & strong) };
  });
  // Array.prototype.sort is stable: equal pages keep MiniSearch's order (by score).
  ranked.sort((a, b) => b.strong - a.strong || b.group.matched - a.group.matched || b.group.score - a.group.score);
  const groups = ranked.map((r) => r.group);
  return { groups, complete: groups.length > 0 && groups[0].matched === plan.words.length };
}
