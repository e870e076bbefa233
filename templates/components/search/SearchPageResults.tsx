import { useEffect, useRef, useState } from 'react';
import { NoResults, ResultList, SearchFailure, type ResultGroup, type ResultHit } from './SearchResults.js';

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

type State =
  | { status: 'idle' }
  | { status: 'loading'; previous?: { results: PageResults; groups: ResultGroup[] } }
  | { status: 'done'; results: PageResults; groups: ResultGroup[] }
  | { status: 'error' };

export function resultCountText(total: number, query: string): string {
  return `${total} ${total === 1 ? 'result' : 'results'} for “${query}”`;
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
  const [state, setState] = useState<State>({ status: 'idle' });
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const sequence = useRef(0);
  const lastDuration = useRef(0);

  useEffect(() => {
    const current = ++sequence.current;
    const trimmed = query.trim();
    if (!trimmed) {
      setState({ status: 'idle' });
      onStatus('');
      return;
    }
    setState((previous) => ({
      status: 'loading',
      previous: previous.status === 'done' ? previous : previous.status === 'loading' ? previous.previous : undefined,
    }));
    const run = () => {
      const started = Date.now();
      source
        .search(trimmed)
        .then(async (results) => {
          const groups = await results.topGroups(BATCH, HITS_PER_GROUP);
          lastDuration.current = Date.now() - started;
          if (current !== sequence.current) return;
          setState({ status: 'done', results, groups });
          if (results.total === 0) {
            onStatus(`No results found for “${trimmed}”`);
            setSuggestions([]);
            source.suggest(trimmed).then(
              (s) => current === sequence.current && setSuggestions(s),
              () => undefined,
            );
          } else onStatus(resultCountText(results.total, trimmed));
        })
        .catch((error: unknown) => {
          if (current !== sequence.current) return;
          console.warn('docsgen: search failed.', error);
          setState({ status: 'error' });
          onStatus('Unable to fetch results');
        });
    };
    // As in the modal: immediate while searches are quick, after a pause when they are slow.
    const delay = Math.min(250, lastDuration.current);
    if (delay < 20) return run();
    const timer = setTimeout(run, delay);
    return () => clearTimeout(timer);
  }, [query, source, onStatus]);

  if (state.status === 'idle') return null;
  if (state.status === 'error') return <SearchFailure />;
  const shown = state.status === 'done' ? state : state.previous;
  if (!shown) return <p className="search-page__loading">Searching…</p>;
  if (shown.results.total === 0) {
    return (
      <NoResults
        query={shown.results.query}
        suggestions={suggestions}
        onSuggestion={onSuggestion}
        reportHref={reportHref?.(shown.results.query)}
      />
    );
  }
  const more = shown.results.hasMore(shown.groups.length);
  const showMore = () => {
    const current = sequence.current;
    setLoadingMore(true);
    shown.results
      .topGroups(shown.groups.length + BATCH, HITS_PER_GROUP)
      .then((groups) => current === sequence.current && setState({ status: 'done', results: shown.results, groups }))
      .catch(() => current === sequence.current && setState({ status: 'error' }))
      .finally(() => setLoadingMore(false));
  };
  return (
    <div
      className={state.status === 'loading' ? 'search-page__list search-page__list--stale' : 'search-page__list'}
      data-search-list
    >
      <ResultList
        groups={shown.groups}
        idPrefix="search-page"
        onSelect={onSelect ? (hit, _group, event) => onSelect(hit, event) : undefined}
      />
      {more && (
        <button
          type="button"
          className="button search-page__more"
          onClick={showMore}
          disabled={loadingMore}
          data-search-more
        >
          {loadingMore ? 'Loading…' : 'Show more results'}
        </button>
      )}
    </div>
  );
}
