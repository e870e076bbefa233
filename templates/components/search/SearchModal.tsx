import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
} from 'react';
import { NoResults, ResultList, SearchFailure, TypeBadge, type ResultGroup, type ResultHit } from './SearchResults.js';
import type { SearchPageType } from '../../../src/search/build-search-pages.js';

/** What the modal asks of the search back end (the embedded index, in the browser). */
export interface ModalSearchSource {
  /** The first groups to show and how many pages matched in all. */
  search(query: string): Promise<{ total: number; groups: ResultGroup[] }>;
  suggest(query: string): Promise<string[]>;
}

/** A hit the reader opened, remembered across visits. */
export interface RecentHit {
  href: string;
  title: string;
  heading: string;
  type: SearchPageType;
  badge?: string;
}

export interface RecentSearchesStore {
  list(): RecentHit[];
  add(hit: RecentHit): void;
  remove(href: string): void;
}

export interface SearchModalProps {
  initialQuery: string;
  source: ModalSearchSource;
  recent: RecentSearchesStore;
  /** URL of the search page for a query, when the site has one. */
  searchPageHref?: (query: string) => string;
  /** Target of 'Let us know.' for a query, when configured. */
  reportHref?: (query: string) => string;
  /** Opens a URL (client-side navigation when possible). */
  onNavigate: (href: string) => void;
  onClose: () => void;
}

type Status = 'idle' | 'loading' | 'done' | 'error';

interface ResultsState {
  query: string;
  total: number;
  groups: ResultGroup[];
}

const plain = (event: ReactMouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The search dialog: a combobox input, results grouped by page (arrow keys move, Enter opens,
 * Escape closes), recent searches when the query is empty, the no-results and failure screens of
 * spec section 8, and a link to all results on the search page.
 */
export function SearchModal({
  initialQuery,
  source,
  recent,
  searchPageHref,
  reportHref,
  onNavigate,
  onClose,
}: SearchModalProps) {
  const id = useId().replace(/:/g, '');
  const [query, setQuery] = useState(initialQuery);
  const [status, setStatus] = useState<Status>('idle');
  const [results, setResults] = useState<ResultsState>({ query: '', total: 0, groups: [] });
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [recentHits, setRecentHits] = useState<RecentHit[]>(() => recent.list());
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const sequence = useRef(0);
  const lastDuration = useRef(0);

  useLayoutEffect(() => {
    const field = input.current;
    if (!field) return;
    field.focus();
    const end = field.value.length;
    field.setSelectionRange(end, end);
  }, []);

  useEffect(() => {
    const current = ++sequence.current;
    const trimmed = query.trim();
    if (!trimmed) {
      setStatus('idle');
      setResults({ query: '', total: 0, groups: [] });
      return;
    }
    setStatus('loading');
    const run = () => {
      const started = Date.now();
      source.search(trimmed).then(
        (found) => {
          lastDuration.current = Date.now() - started;
          if (current !== sequence.current) return;
          setResults({ query: trimmed, ...found });
          setActive(0);
          setStatus('done');
          if (found.total === 0) {
            setSuggestions([]);
            source.suggest(trimmed).then(
              (s) => current === sequence.current && setSuggestions(s),
              () => undefined,
            );
          }
        },
        (error: unknown) => {
          if (current !== sequence.current) return;
          console.warn('docsgen: search failed.', error);
          setStatus('error');
        },
      );
    };
    // Searches run as the reader types; when they are slow (a very large index), wait for a pause.
    const delay = Math.min(250, lastDuration.current);
    if (delay < 20) return run();
    const timer = setTimeout(run, delay);
    return () => clearTimeout(timer);
  }, [query, source]);

  const showRecent = !query.trim();
  const hits: { hit: ResultHit; group: ResultGroup }[] = results.groups.flatMap((group) =>
    group.hits.map((hit) => ({ hit, group })),
  );
  const seeAll =
    !showRecent && status !== 'error' && results.total > 0 && searchPageHref
      ? searchPageHref(results.query)
      : undefined;
  const optionCount = showRecent ? recentHits.length : hits.length + (seeAll ? 1 : 0);
  const activeId = optionCount > 0 && active < optionCount ? `${id}-option-${active}` : undefined;

  useEffect(() => {
    dialog.current?.querySelector(`#${activeId}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const open = (href: string, remember?: RecentHit) => {
    if (remember) {
      recent.add(remember);
      setRecentHits(recent.list());
    }
    onClose();
    onNavigate(href);
  };
  const rememberHit = (hit: ResultHit, group: ResultGroup): RecentHit => ({
    href: hit.href,
    title: group.titleText,
    heading: hit.heading.map((p) => p.text).join(''),
    type: group.type,
    badge: group.badge,
  });

  const choose = (index: number) => {
    if (showRecent) {
      const hit = recentHits[index];
      if (hit) open(hit.href, hit);
    } else if (index < hits.length) open(hits[index].hit.href, rememberHit(hits[index].hit, hits[index].group));
    else if (seeAll) open(seeAll);
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (optionCount === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (Math.min(current, optionCount - 1) + step + optionCount) % optionCount);
    } else if (event.key === 'Enter' && event.target === input.current) {
      event.preventDefault();
      if (status === 'loading' && results.query !== query.trim()) return;
      if (optionCount > 0) choose(Math.min(active, optionCount - 1));
    } else if (event.key === 'Delete' && showRecent && recentHits[active]) {
      event.preventDefault();
      recent.remove(recentHits[active].href);
      setRecentHits(recent.list());
    } else if (event.key === 'Tab') {
      trapTab(dialog.current, event);
    }
  };

  const selectHit = (hit: ResultHit, group: ResultGroup, event: ReactMouseEvent<HTMLAnchorElement>) => {
    if (!plain(event)) return;
    event.preventDefault();
    open(hit.href, rememberHit(hit, group));
  };

  return (
    <div
      className="search-modal"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
      data-search-modal
    >
      <div
        className="search-modal__dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Search"
        ref={dialog}
        onKeyDown={onKeyDown}
      >
        <form className="search-modal__form" role="search" onSubmit={(event) => event.preventDefault()}>
          <svg className="search-modal__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
            <path
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              d="M14.4 14.4 19 19M16 8.5a7.5 7.5 0 1 1-15 0 7.5 7.5 0 0 1 15 0Z"
            />
          </svg>
          <input
            ref={input}
            className="search-modal__input"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search docs"
            aria-label="Search docs"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={optionCount > 0}
            aria-controls={`${id}-listbox`}
            aria-activedescendant={activeId}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            maxLength={200}
            data-search-input
          />
          {status === 'loading' && <span className="search-modal__spinner" aria-hidden="true" />}
          <button type="button" className="search-modal__cancel" onClick={onClose}>
            Cancel
          </button>
        </form>
        <p className="sr-only" role="status" aria-live="polite">
          {status === 'done'
            ? results.total === 0
              ? `No results found for ${results.query}`
              : `${results.total} ${results.total === 1 ? 'result' : 'results'}`
            : status === 'error'
              ? 'Unable to fetch results'
              : ''}
        </p>
        <div
          className="search-modal__body"
          id={`${id}-listbox`}
          role={optionCount > 0 ? 'listbox' : undefined}
          aria-label={optionCount > 0 ? 'Search results' : undefined}
        >
          {showRecent ? (
            <RecentList
              hits={recentHits}
              idPrefix={id}
              active={active}
              onHover={setActive}
              onOpen={(hit) => open(hit.href, hit)}
              onRemove={(href) => {
                recent.remove(href);
                setRecentHits(recent.list());
              }}
            />
          ) : status === 'error' ? (
            <SearchFailure />
          ) : status === 'done' && results.total === 0 ? (
            <NoResults
              query={results.query}
              suggestions={suggestions}
              onSuggestion={(s) => setQuery(s)}
              reportHref={reportHref?.(results.query)}
            />
          ) : (
            <ResultList
              groups={results.groups}
              idPrefix={id}
              activeIndex={active}
              onHover={setActive}
              onSelect={selectHit}
              listbox
            />
          )}
          {seeAll && (
            <div className="search-modal__see-all">
              <a
                id={`${id}-option-${hits.length}`}
                role="option"
                aria-selected={active === hits.length}
                className={`search-see-all${active === hits.length ? ' search-hit--active' : ''}`}
                href={seeAll}
                onMouseMove={() => active !== hits.length && setActive(hits.length)}
                onClick={(event) => {
                  if (!plain(event)) return;
                  event.preventDefault();
                  open(seeAll);
                }}
                data-search-see-all
              >
                See all {results.total} results
              </a>
            </div>
          )}
        </div>
        <footer className="search-modal__footer" aria-hidden="true">
          <span>
            <kbd>↵</kbd> to select
          </span>
          <span>
            <kbd>↑</kbd>
            <kbd>↓</kbd> to navigate
          </span>
          <span>
            <kbd>esc</kbd> to close
          </span>
        </footer>
      </div>
    </div>
  );
}

interface RecentListProps {
  hits: RecentHit[];
  idPrefix: string;
  active: number;
  onHover: (index: number) => void;
  onOpen: (hit: RecentHit) => void;
  onRemove: (href: string) => void;
}

function RecentList({ hits, idPrefix, active, onHover, onOpen, onRemove }: RecentListProps) {
  if (hits.length === 0) return <p className="search-screen search-screen--start">No recent searches</p>;
  return (
    <section className="search-group search-group--recent" role="group" aria-labelledby={`${idPrefix}-recent`}>
      <div className="search-group__header" id={`${idPrefix}-recent`}>
        <span className="search-group__title">Recent</span>
      </div>
      <ul className="search-group__hits" role="presentation">
        {hits.map((hit, i) => (
          <li
            key={hit.href}
            className={`search-hit${i === active ? ' search-hit--active' : ''}`}
            role="presentation"
            onMouseMove={() => i !== active && onHover(i)}
            data-search-recent
          >
            <a
              className="search-hit__link"
              href={hit.href}
              id={`${idPrefix}-option-${i}`}
              role="option"
              aria-selected={i === active}
              aria-keyshortcuts="Delete"
              tabIndex={-1}
              onClick={(event) => {
                if (!plain(event)) return;
                event.preventDefault();
                onOpen(hit);
              }}
            >
              <span className="search-hit__icon" aria-hidden="true">
                ↺
              </span>
              <span className="search-hit__content">
                <span className="search-hit__title">{hit.heading || hit.title}</span>
                {hit.heading && <span className="search-hit__snippet">{hit.title}</span>}
              </span>
              <TypeBadge type={hit.type} badge={hit.badge} />
            </a>
            {/* For the mouse; from the keyboard, Delete removes the selected recent search. */}
            <button
              type="button"
              className="search-hit__remove"
              tabIndex={-1}
              aria-hidden="true"
              title="Remove from recent searches"
              onClick={() => onRemove(hit.href)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

const FOCUSABLE = 'a[href]:not([tabindex="-1"]), button:not([disabled]), input:not([disabled])';

/** Keeps Tab inside the dialog. */
function trapTab(container: HTMLElement | null, event: ReactKeyboardEvent): void {
  if (!container) return;
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
