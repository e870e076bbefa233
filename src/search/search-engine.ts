/**
 * Queries the embedded index. Shared by the browser (which loads files with fetch) and the
 * relevance tests (which read them from disk). Loading is search-index-loader.ts, ranking
 * rank-results.ts, snippets describe-results.ts; this module runs a query through them and
 * hands scoring to MiniSearch (BM25 with field boosts).
 */
import type MiniSearch from 'minisearch';
import {
  planQuery,
  toMiniSearchQuery,
  withFallbacks,
  type PlanOptions,
  type QueryPlan,
  type QueryWord,
} from './plan-query.js';
import { correctTypos } from './correct-typos.js';
import { API_FIELD_SECTION_BOOST, EAGER_LOAD_BYTES, type SearchDocument } from './search-index-format.js';
import { createIndexLoader, type IndexLoader, type LoadIndexFile } from './search-index-loader.js';
import { rankResults, type RankedGroup } from './rank-results.js';
import { describeGroup, type DescribeOptions, type SearchGroup } from './describe-results.js';

export type { LoadIndexFile } from './search-index-loader.js';
export { addPostings, termFilesFor } from './search-index-loader.js';
export type { RankedGroup, RankedSection } from './rank-results.js';
export type { SearchGroup, SearchHit } from './describe-results.js';

export interface SearchOutcome {
  query: string;
  /** Result groups (one per page), best first: pages matching more of the query's words first. */
  groups: RankedGroup[];
  /** 'AND': the first page matches every word; 'OR': none does, the pages matching most words lead. */
  mode: 'AND' | 'OR';
}

export interface SearchEngine {
  /** Loads the manifest (and the whole index when it is small). */
  ready(): Promise<void>;
  search(query: string): Promise<SearchOutcome>;
  /** Headings and snippets of some groups (loads their content files). */
  loadSnippets(groups: readonly RankedGroup[], options?: DescribeOptions): Promise<SearchGroup[]>;
  /** Queries to offer when a search finds nothing. */
  suggest(query: string): Promise<string[]>;
}

/** An index term joined from parts: snake_case, kebab-case, dotted or a path. */
const IDENTIFIER = /[_\-./]/;

/** The words of a plan that match none of the results (their fallback lookups are worth a try). */
function unmatchedWords(plan: QueryPlan, results: readonly { queryTerms: string[] }[]): Set<QueryWord> {
  const withFallback = plan.words.filter((w) => w.fallback);
  if (withFallback.length === 0) return new Set();
  const wanted = new Set(withFallback.flatMap((w) => w.lookups.map((l) => l.term)));
  const matched = new Set<string>();
  for (let i = 0; i < results.length && matched.size < wanted.size; i++)
    for (const term of results[i].queryTerms) if (wanted.has(term)) matched.add(term);
  return new Set(withFallback.filter((w) => !w.lookups.some((l) => matched.has(l.term))));
}

function searchPlan(loader: IndexLoader, index: MiniSearch<SearchDocument>, plan: QueryPlan) {
  return index.search(toMiniSearchQuery(plan, 'OR'), {
    // A pasted identifier ('cbsd_id') is looking for the field itself: no discount then.
    boostDocument: (id, term) => (loader.isField(id) && !IDENTIFIER.test(term) ? API_FIELD_SECTION_BOOST : 1),
  });
}

async function runQuery(loader: IndexLoader, query: string, options: PlanOptions): Promise<SearchOutcome> {
  let plan = planQuery(query, options);
  if (plan.words.length === 0) return { query, groups: [], mode: 'AND' };
  let index = await loader.indexFor(plan);
  let results = searchPlan(loader, index, plan);
  // Words that matched nothing get their fallback lookups (typos), once.
  const unmatched = unmatchedWords(plan, results);
  if (unmatched.size) {
    plan = withFallbacks(plan, unmatched);
    index = await loader.indexFor(plan);
    results = searchPlan(loader, index, plan);
  }
  // Words found only by edit distance are searched as the words they were corrected to.
  const corrected = correctTypos(index, plan, options);
  if (corrected) {
    plan = corrected;
    results = searchPlan(loader, await loader.indexFor(plan), plan);
  }
  const { groups, complete } = rankResults(results, plan, loader.pageOf);
  return { query, groups, mode: complete || groups.length === 0 ? 'AND' : 'OR' };
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
  const pages: number[] = [];
  if (loose.words.length) {
    const index = await loader.indexFor(loose);
    for (const result of index.search(toMiniSearchQuery(loose, 'OR'))) {
      const page = loader.pageOf(result.id);
      if (!pages.includes(page)) pages.push(page);
      if (pages.length === 3) break;
    }
  }
  const titles = (await loader.pages(pages)).map((page) => page[1]);
  return [...new Set([...titles, ...m.suggestions])].slice(0, 3);
}

export function createSearchEngine(load: LoadIndexFile): SearchEngine {
  const loader = createIndexLoader(load);
  return {
    async ready() {
      const m = await loader.manifest();
      if (m.totalBytes <= EAGER_LOAD_BYTES) await loader.loadAll();
    },
    async search(query) {
      const m = await loader.manifest();
      return runQuery(loader, query, { synonyms: m.synonyms });
    },
    async loadSnippets(groups, options = {}) {
      const contents = await loader.pages(groups.map((g) => g.page));
      return groups.map((g, i) => describeGroup(g, contents[i], loader.firstSection(g.page), options));
    },
    suggest: (query) => suggestFor(loader, query),
  };
}
