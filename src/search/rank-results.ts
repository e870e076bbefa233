/**
 * Ranks the scored sections (score-sections.ts) as pages. A page's sections together answer the
 * query (a page can answer 'cursor limit' with one section on each word), so pages are ranked by how
 * many of the query's words they match, question verbs counted last, then by their best section's
 * score. A query never fails because one word (a verb, a possessive, a word the site does not use)
 * is missing: the pages matching most words come first.
 *
 * Pages are ordered from per-page figures gathered in one pass over the matched sections; a page's
 * own sections (and the terms they matched, for highlighting) are listed only when asked for, which
 * only the pages shown are. The order is the one MiniSearch's result list gave, ties included: its
 * results by score, grouped by page in order of their first result, sorted stably.
 */
import type { QueryPlan } from './plan-query.js';
import { MAX_TRACKED_WORDS, termsOf, type SectionScores } from './score-sections.js';

export interface RankedSection {
  id: number;
  score: number;
  /** Index terms that matched (for highlighting). */
  terms: string[];
}

export interface RankedGroup {
  page: number;
  score: number;
  /** The page's matching sections, best first (listed when first read). */
  readonly sections: RankedSection[];
  /** How many of the query's words the page matches (all of them for a one-word query). */
  matched: number;
}

/** Where each page's sections are: section n belongs to `pageOf[n]`, page p's start at `firstSection[p]`. */
export interface PageLayout {
  pageOf: Int32Array;
  firstSection: readonly number[];
}

const popcount = (bits: number) => {
  let count = 0;
  for (let b = bits; b; b &= b - 1) count++;
  return count;
};

/** The bits of the plan's words that are not weak (question verbs). */
function strongMask(plan: QueryPlan): number {
  let mask = 0;
  plan.words.slice(0, MAX_TRACKED_WORDS).forEach((word, w) => {
    if (!word.weak) mask |= 1 << w;
  });
  return mask;
}

/**
 * A section's score as a page result counts it: MiniSearch multiplies a score by the number of
 * lookup terms matched; count words instead, so that a section using both a word and its synonym
 * ('gateway', 'hotspot') is not worth double.
 */
export const pageScoreOf = (scores: SectionScores, section: number) =>
  (scores.score[section] / (scores.termCount[section] || 1)) * Math.max(1, popcount(scores.wordBits[section]));

/** A page's matching sections, best first; equal ones in MiniSearch's order. */
function sectionsOf(scores: SectionScores, layout: PageLayout, page: number): RankedSection[] {
  const end = layout.firstSection[page + 1] ?? layout.pageOf.length;
  const sections: RankedSection[] = [];
  for (let id = layout.firstSection[page]; id < end; id++)
    if (scores.rank[id] >= 0) sections.push({ id, score: pageScoreOf(scores, id), terms: termsOf(scores, id) });
  const raw = scores.score;
  const rank = scores.rank;
  return sections.sort((a, b) => b.score - a.score || raw[b.id] - raw[a.id] || rank[a.id] - rank[b.id]);
}

class PageResult implements RankedGroup {
  private listed?: RankedSection[];
  constructor(
    readonly page: number,
    readonly score: number,
    readonly matched: number,
    private readonly of: { scores: SectionScores; layout: PageLayout },
  ) {}
  get sections(): RankedSection[] {
    return (this.listed ??= sectionsOf(this.of.scores, this.of.layout, this.page));
  }
}

/** Per page: words matched, best section score, and its first section in MiniSearch's order (score, then first met). */
function pageFigures(scores: SectionScores, layout: PageLayout) {
  const pageCount = layout.firstSection.length;
  const figures = {
    pages: [] as number[],
    bits: new Int32Array(pageCount),
    best: new Float64Array(pageCount),
    leadScore: new Float64Array(pageCount),
    leadRank: new Int32Array(pageCount).fill(-1),
  };
  const { order, score, wordBits } = scores;
  for (let r = 0; r < order.length; r++) {
    const section = order[r];
    const page = layout.pageOf[section];
    const pageScore = pageScoreOf(scores, section);
    if (figures.leadRank[page] < 0) {
      figures.pages.push(page);
      figures.leadRank[page] = r;
      figures.leadScore[page] = score[section];
      figures.best[page] = pageScore;
    } else {
      if (score[section] > figures.leadScore[page]) {
        figures.leadScore[page] = score[section];
        figures.leadRank[page] = r;
      }
      if (pageScore > figures.best[page]) figures.best[page] = pageScore;
    }
    figures.bits[page] |= wordBits[section];
  }
  return figures;
}

/** The pages a query matched, in rank order, listed as far as asked. */
export interface RankedPages {
  /** How many pages matched. */
  total: number;
  /** The first `count` pages (all by default): a few are picked from all without sorting all. */
  top(count?: number): RankedGroup[];
  /** Whether the first page matches every word of the plan. */
  complete: boolean;
}

/**
 * Pages by words matched (the plan's strong words, then all), then by their best section's score.
 * The modal shows 8 of up to 10,000 pages: `top(8)` keeps the best 8 while passing over the pages
 * once; only a longer list sorts them all.
 */
export function rankResults(scores: SectionScores, plan: QueryPlan, layout: PageLayout): RankedPages {
  const { pages, bits, best, leadScore, leadRank } = pageFigures(scores, layout);
  const strongBits = strongMask(plan);
  const untracked = Math.max(0, plan.words.length - MAX_TRACKED_WORDS);
  const strong = new Int32Array(layout.firstSection.length);
  const matched = new Int32Array(layout.firstSection.length);
  for (const page of pages) {
    strong[page] = popcount(bits[page] & strongBits);
    matched[page] = popcount(bits[page]) + untracked;
  }
  const before = (a: number, b: number) =>
    strong[b] - strong[a] ||
    matched[b] - matched[a] ||
    best[b] - best[a] ||
    leadScore[b] - leadScore[a] ||
    leadRank[a] - leadRank[b];
  const context = { scores, layout };
  const groupOf = (page: number) => new PageResult(page, best[page], matched[page], context);
  let sorted: RankedGroup[] | undefined;
  const top = (count = pages.length): RankedGroup[] => {
    if (sorted || count * 8 >= pages.length) return (sorted ??= [...pages].sort(before).map(groupOf)).slice(0, count);
    return firstOf(pages, count, before).map(groupOf);
  };
  return { total: pages.length, top, complete: pages.length > 0 && top(1)[0].matched === plan.words.length };
}

/** The first `count` items by `before`, in order, from one pass (a short sorted list, insertion by binary search). */
export function firstOf(items: readonly number[], count: number, before: (a: number, b: number) => number): number[] {
  const kept: number[] = [];
  for (const item of items) {
    if (kept.length === count && before(item, kept[count - 1]) >= 0) continue;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(item, kept[mid]) < 0) hi = mid;
      else lo = mid + 1;
    }
    kept.splice(lo, 0, item);
    if (kept.length > count) kept.pop();
  }
  return kept;
}

/** The first `count` pages in MiniSearch's order of results (by score, ties as first met): suggestions. */
export function pagesByScore(scores: SectionScores, layout: PageLayout, count: number): number[] {
  const { pages, leadScore, leadRank } = pageFigures(scores, layout);
  return pages.sort((a, b) => leadScore[b] - leadScore[a] || leadRank[a] - leadRank[b]).slice(0, count);
}
