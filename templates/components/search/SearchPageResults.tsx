import { useEffect, useState } from 'react';
import { NoResults, ResultList, SearchFailure, type ResultGroup, type ResultHit } from './SearchResults.js';
import { useLatestSearch, useSuggestions, type SearchStatus } from './use-latest-search.js';

/** All results of a query, shown a batch of groups at a time. */
export interface PageResults {
  query: string;
  total: number;
  topGroups(count: number, hitsPerGroup?: number): Promise<ResultGroup[]>;
  /** Whether there are more groups than the first `shown`. */
  hasMore(shown: number): boolean;
}

export interface PageSearchSource {
  search(query: string): Promise<PageResults>;
  suggest(query: string): Promise<string[]>;
}

export interface SearchPageResultsProps {
  query: string;
  source: PageSearchSource;
  reportHref?: (query: string) => string;
  /** Called with the status line ('12 results for “cursor”'). */
  onStatus: (text: string) => void;
  onSuggestion: (query: string) => void;
  /** Opens a hit when it needs more than a plain link (an external URL). */
  onSelect?: (hit: ResultHit, event: React.MouseEvent<HTMLAnchorElement>) => void;
}

const BATCH = 20;
const HITS_PER_GROUP = 5;

interface ShownResults {
  results: PageResults;
  groups: ResultGroup[];
}

/** A query's results and their first batch of groups. */
async function searchPage(source: PageSearchSource, query: string): Promise<ShownResults> {
  const results = await source.search(query);
  return { results, groups: await results.topGroups(BATCH, HITS_PER_GROUP) };
}

export function resultCountText(total: number, query: string): string {
  return `${total} ${total === 1 ? 'result' : 'results'} for “${query}”`;
}

/** The status line for a search state; undefined while loading (the line keeps what it said). */
function statusText(status: SearchStatus, shown: ShownResults | undefined): string | undefined {
  if (status === 'idle') return '';
  if (status === 'error') return 'Unable to fetch results';
  if (status === 'loading' || !shown) return undefined;
  const { total, query } = shown.results;
  return total === 0 ? `No results found for “${query}”` : resultCountText(total, query);
}

/** The list on the search page: every result of the query, grouped by page, in batches. */
export function SearchPageResults({
  query,
  source,
  reportHref,
  onStatus,
  onSuggestion,
  onSelect,
}: SearchPageResultsProps) {
  const { status, outcome, update } = useLatestSearch(query, source, searchPage);
  const shown = outcome && !outcome.failed ? outcome.value : undefined;
  const text = statusText(status, shown);
  useEffect(() => {
    if (text !== undefined) onStatus(text);
  }, [text, onStatus]);

  if (status === 'idle') return null;
  if (status === 'error') return <SearchFailure />;
  if (!shown) return <p className="search-page__loading">Searching…</p>;
  if (shown.results.total === 0) {
    return (
      <PageNoResults source={source} query={shown.results.query} onSuggestion={onSuggestion} reportHref={reportHref} />
    );
  }
  return (
    <div
      className={status === 'loading' ? 'search-page__list search-page__list--stale' : 'search-page__list'}
      data-search-list
    >
      <ResultList
        groups={shown.groups}
        idPrefix="search-page"
        onSelect={onSelect ? (hit, _group, event) => onSelect(hit, event) : undefined}
      />
      {shown.results.hasMore(shown.groups.length) && (
        <ShowMoreButton
          onMore={() =>
            update(
              shown.results
                .topGroups(shown.groups.length + BATCH, HITS_PER_GROUP)
                .then((groups) => ({ results: shown.results, groups })),
            )
          }
        />
      )}
    </div>
  );
}

/** 'Show more results': loads the next batch of groups (disabled while it loads). */
function ShowMoreButton({ onMore }: { onMore: () => Promise<unknown> }) {
  const [loading, setLoading] = useState(false);
  const more = () => {
    setLoading(true);
    onMore().finally(() => setLoading(false));
  };
  return (
    <button type="button" className="button search-page__more" onClick={more} disabled={loading} data-search-more>
      {loading ? 'Loading…' : 'Show more results'}
    </button>
  );
}

interface PageNoResultsProps {
  source: PageSearchSource;
  query: string;
  onSuggestion: (query: string) => void;
  reportHref?: (query: string) => string;
}

/** The no-results screen, with the queries the index suggests instead (fetched once it shows). */
function PageNoResults({ source, query, onSuggestion, reportHref }: PageNoResultsProps) {
  const suggestions = useSuggestions(source, query);
  return (
    <NoResults query={query} suggestions={suggestions} onSuggestion={onSuggestion} reportHref={reportHref?.(query)} />
  );
}
