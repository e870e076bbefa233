import { useEffect, useRef, useState } from 'react';
import { oneAtATime } from './one-at-a-time.js';

/**
 * What a search for one query came to: its value, or a failure. `run` numbers the searches: an
 * outcome completed later (`complete`) or updated (`update`) keeps its search's number.
 */
export type SearchOutcome<T> =
  { query: string; run: number; value: T; failed?: undefined } | { query: string; run: number; failed: true };

export type SearchStatus = 'idle' | 'loading' | 'done' | 'error';

export interface LatestSearch<T> {
  /** 'idle' for an empty query; 'loading' until the current query's outcome arrives. */
  status: SearchStatus;
  /** The newest outcome: while the current query loads, the previous query's (shown as stale). */
  outcome: SearchOutcome<T> | undefined;
  /** Replaces the current query's value (more results loaded); ignored once the query has changed. */
  update(change: Promise<T>): Promise<unknown>;
}

/**
 * The search modal's and the search page's query state: runs `search(source, query)` as the query
 * changes, keeps only the newest query's outcome, and derives the status from it (no state is set
 * in the effect itself). A value shown before it is complete (a large index's result list before
 * its snippets) is replaced by `complete(value)` when that arrives, outside the one-search-at-a-time
 * queue (the next keystroke's search need not wait for it). `search` and `complete` must be
 * module-level functions: their identities are effect dependencies.
 */
export function useLatestSearch<S, T>(
  query: string,
  source: S,
  search: (source: S, query: string) => Promise<T>,
  complete?: (value: T) => Promise<T> | undefined,
): LatestSearch<T> {
  const trimmed = query.trim();
  const [outcome, setOutcome] = useState<SearchOutcome<T>>();
  const sequence = useRef(0);
  const [runner] = useState(oneAtATime);
  // An emptied query forgets the last results (a new query starts from 'Searching…', not a stale list).
  if (!trimmed && outcome) setOutcome(undefined);

  useEffect(() => {
    const current = ++sequence.current;
    if (!trimmed) return;
    const settle = (value: T) => {
      if (current === sequence.current) setOutcome({ query: trimmed, run: current, value });
    };
    const fail = (error: unknown) => {
      if (current !== sequence.current) return;
      console.warn('docsgen: search failed.', error);
      setOutcome({ query: trimmed, run: current, failed: true });
    };
    // One search at a time: a keystroke typed while a search runs waits for it (only the newest does).
    runner.run(() =>
      search(source, trimmed).then((value) => {
        if (current !== sequence.current) return;
        settle(value);
        complete?.(value)?.then(settle, fail);
      }, fail),
    );
    return () => runner.cancel();
  }, [trimmed, source, search, complete, runner]);

  const status: SearchStatus = !trimmed
    ? 'idle'
    : outcome?.query !== trimmed
      ? 'loading'
      : outcome.failed
        ? 'error'
        : 'done';
  const update = (change: Promise<T>) => {
    const current = sequence.current;
    const settle = (next: SearchOutcome<T>) => current === sequence.current && setOutcome(next);
    return change.then(
      (value) => settle({ query: trimmed, run: current, value }),
      () => settle({ query: trimmed, run: current, failed: true }),
    );
  };
  return { status, outcome, update };
}

/**
 * Queries to offer for a query that found nothing (`query` undefined otherwise), fetched after the
 * no-results screen is shown; a later query's suggestions never show for an earlier one.
 */
export function useSuggestions(source: { suggest(query: string): Promise<string[]> }, query?: string): string[] {
  const [found, setFound] = useState<{ query: string; suggestions: string[] }>({ query: '', suggestions: [] });
  useEffect(() => {
    if (!query) return;
    let live = true;
    source.suggest(query).then(
      (suggestions) => live && setFound({ query, suggestions }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [source, query]);
  return query && found.query === query ? found.suggestions : [];
}
