/**
 * Queries the embedded index. Shared by the browser (which loads files with fetch) and the
 * relevance tests (which read them from disk). Loading is search-index-loader.ts, scoring
 * score-sections.ts (MiniSearch's BM25 with field boosts, over typed arrays), ranking
 * rank-results.ts, snippets describe-results.ts; this module runs a query through them.
 */
import { planQuery, withFallbacks, type PlanOptions, type QueryPlan, type QueryWord } from './plan-query.js';
import { correctTypos } from './correct-typos.js';
import { EAGER_LOAD_BYTES } from './search-index-format.js';
import { createIndexLoader, type IndexLoader, type LoadIndexFile } from './search-index-loader.js';
import { pagesByScore, rankResults, type RankedGroup, type RankedPages } from './rank-results.js';
import { scoreSections, type SectionScores } from './score-sections.js';
import type { TermIndex } from './term-index.js';
import { describeGroup, outlineGroup, type DescribeOptions, type SearchGroup } from './describe-results.js';
import { warmUp } from './warm-up.js';

export type { LoadIndexFile } from './search-index-loader.js';
export { termFilesFor } from './search-index-loader.js';
export type { RankedGroup, RankedSection } from './rank-results.js';
export type { SearchGroup, SearchHit } from './describe-results.js';

export interface SearchOutcome {
  query: string;
  /** How many pages matched. */
  total: number;
  /** The first `count` result groups (one per page), best first: pages matching more of the query's words first. */
  top(count?: number): RankedGroup[];
  /** Every result group, in order (sorted when first read; the modal reads only `top`). */
  readonly groups: RankedGroup[];
  /** 'AND': the first page matches every word; 'OR': none does, the pages matching most words lead. */
  mode: 'AND' | 'OR';
}

export interface SearchEngine {
  /** Loads the manifest (and the whole index when it is small, the page list when it is large). */
  ready(): Promise<void>;
  search(query: string): Promise<SearchOutcome>;
  /** Headings and snippets of some groups (loads their content files). */
  loadSnippets(groups: readonly RankedGroup[], options?: DescribeOptions): Promise<SearchGroup[]>;
  /**
   * What a result list can show of some groups without waiting for content files: a group whose
   * content file has arrived described in full, else its page's title, type and link from the
   * page list with its hits `pending` (`loadSnippets` gives the rest). An index without a page
   * list (a small one, loaded whole) waits for the content files, as `loadSnippets`.
   */
  listGroups(groups: readonly RankedGroup[], options?: DescribeOptions): Promise<SearchGroup[]>;
  /** Queries to offer when a search finds nothing. */
  suggest(query: string): Promise<string[]>;
}

/** The words of a plan that match none of the sections (their fallback lookups are worth a try). */
function unmatchedWords(plan: QueryPlan, scores: SectionScores): Set<QueryWord> {
  return new Set(plan.words.filter((w) => w.fallback && !w.lookups.some((l) => scores.matchedLookups.has(l.term))));
}

/** Scores with API field sections discounted, as a query ranks them (a pasted identifier is not). */
const searchPlan = (loader: IndexLoader, index: TermIndex, plan: QueryPlan) =>
  scoreSections(index, loader.stats(), plan, { discountFields: true });

async function runQuery(loader: IndexLoader, query: string, options: PlanOptions): Promise<SearchOutcome> {
  let plan = planQuery(query, options);
  if (plan.words.length === 0) return outcomeOf(query, { total: 0, top: () => [], complete: true });
  let index = await loader.indexFor(plan);
  let scores = searchPlan(loader, index, plan);
  // Words that matched nothing get their fallback lookups (typos), once.
  const unmatched = unmatchedWords(plan, scores);
  if (unmatched.size) {
    plan = withFallbacks(plan, unmatched);
    index = await loader.indexFor(plan);
    scores = searchPlan(loader, index, plan);
  }
  // Words found only by edit distance are searched as the words they were corrected to.
  const corrected = correctTypos(index, plan, options);
  if (corrected) {
    plan = corrected;
    scores = searchPlan(loader, await loader.indexFor(plan), plan);
  }
  return outcomeOf(query, rankResults(scores, plan, loader.layout()));
}

function outcomeOf(query: string, { total, top, complete }: RankedPages): SearchOutcome {
  return {
    query,
    total,
    top,
    get groups() {
      return top();
    },
    mode: complete || total === 0 ? 'AND' : 'OR',
  };
}

/** Titles of the pages nearest to a query that found nothing (any typo, any prefix), then the site's own. */
async function suggestFor(loader: IndexLoader, query: string): Promise<string[]> {
  const m = await loader.manifest();
  const plan = planQuery(query, { synonyms: m.synonyms });
  const loose: QueryPlan = {
    words: plan.words.map((w) => ({
      lookups: [...w.lookups, ...(w.fallback ?? [])].map((l) => ({
        term: l.term,
        fuzzy: l.term.length >= 4 ? 0.4 : l.fuzzy,
        prefix: l.term.length >= 3,
      })),
    })),
  };
  const pages = loose.words.length
    ? pagesByScore(scoreSections(await loader.indexFor(loose), loader.stats(), loose), loader.layout(), 3)
    : [];
  const titles = (await loader.pages(pages)).map((page) => page[1]);
  return [...new Set([...titles, ...m.suggestions])].slice(0, 3);
}

export interface EngineOptions {
  /** What `ready()` runs on a large index before it resolves: `warmUp` (warm-up.ts), replaced in tests. */
  warmUp?: (createEngine: typeof createSearchEngine) => Promise<unknown>;
}

export function createSearchEngine(load: LoadIndexFile, options: EngineOptions = {}): SearchEngine {
  const loader = createIndexLoader(load);
  // A page list that failed to load is tried again by the next search; meanwhile results wait for their content.
  const pageList = () => loader.pageList().catch(() => undefined);
  let warm: Promise<unknown> | undefined;
  const loadSnippets: SearchEngine['loadSnippets'] = async (groups, options = {}) => {
    const contents = await loader.pages(groups.map((g) => g.page));
    const { firstSection } = loader.layout();
    return groups.map((g, i) => describeGroup(g, contents[i], firstSection[g.page], options));
  };
  return {
    async ready() {
      const m = await loader.manifest();
      // A small index is loaded whole and answers fast; on a large one, the first keystrokes would
      // run cold code: the engine runs once on a made-up index first, while the page list loads.
      if (m.totalBytes <= EAGER_LOAD_BYTES) await loader.loadAll();
      else await Promise.all([(warm ??= (options.warmUp ?? warmUp)(createSearchEngine).catch(() => 0)), pageList()]);
    },
    async search(query) {
      const m = await loader.manifest();
      return runQuery(loader, query, { synonyms: m.synonyms });
    },
    loadSnippets,
    async listGroups(groups, options = {}) {
      const listed = groups.some((g) => !loader.loadedPage(g.page)) ? await pageList() : undefined;
      if (!listed) return loadSnippets(groups, options);
      const { firstSection } = loader.layout();
      return groups.map((g) => {
        const content = loader.loadedPage(g.page);
        return content
          ? describeGroup(g, content, firstSection[g.page], options)
          : outlineGroup(g, listed[g.page], options);
      });
    },
    suggest: (query) => suggestFor(loader, query),
  };
}
