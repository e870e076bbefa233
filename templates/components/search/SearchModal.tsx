import {
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent as ReactMouseEvent,
  type RefObject,
} from 'react';
import { useLatestSearch, useSuggestions, type SearchStatus } from './use-latest-search.js';
import {
  ApiLabel,
  NoResults,
  ResultList,
  SearchFailure,
  TypeBadge,
  type ResultGroup,
  type ResultHit,
} from './SearchResults.js';
import { SearchIcon } from './SearchIcon.js';
import type { SearchPageType } from '../../../src/search/build-search-pages.js';

/** What the modal asks of the search back end (the embedded index, in the browser). */
export interface ModalSearchSource {
  /**
   * The first groups to show and how many pages matched in all. On a large index the groups may
   * come before their snippets (hits `pending`): `snippets` then gives them complete.
   */
  search(query: string): Promise<ModalResults>;
  suggest(query: string): Promise<string[]>;
}

/** A hit the reader opened, remembered across visits. */
export interface RecentHit {
  href: string;
  title: string;
  heading: string;
  type: SearchPageType;
  badge?: string;
  /** The label of the page's API, when the site documents several. */
  api?: string;
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

export interface ModalResults {
  total: number;
  groups: ResultGroup[];
  /** The same groups with their headings and snippets, when some hits are `pending`. */
  snippets?: () => Promise<ResultGroup[]>;
}

const NO_RESULTS: ModalResults = { total: 0, groups: [] };
const searchModal = (source: ModalSearchSource, query: string) => source.search(query);
/** Results shown before their snippets, completed when the snippets arrive. */
const completeResults = ({ total, snippets }: ModalResults) =>
  snippets?.().then((groups): ModalResults => ({ total, groups }));

const plain = (event: ReactMouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

const rememberHit = (hit: ResultHit, group: ResultGroup): RecentHit => ({
  href: hit.href,
  title: group.titleText,
  heading: hit.heading.map((p) => p.text).join(''),
  type: group.type,
  badge: group.badge,
  ...(group.api ? { api: group.api } : {}),
});

/** The recent searches, as state that follows the store. */
function useRecentHits(recent: RecentSearchesStore) {
  const [hits, setHits] = useState<RecentHit[]>(() => recent.list());
  return {
    hits,
    add: (hit: RecentHit) => (recent.add(hit), setHits(recent.list())),
    remove: (href: string) => (recent.remove(href), setHits(recent.list())),
  };
}

/**
 * The highlighted option, back at the first whenever new results arrive (`key` changes): derived
 * while rendering rather than reset in an effect.
 */
function useActiveOption(key: unknown): [number, (index: number) => void] {
  const [state, setState] = useState({ key, index: 0 });
  const active = state.key === key ? state.index : 0;
  return [active, (index) => setState({ key, index })];
}

/** The input gets focus with the caret at the end of the initial query. */
function useFocusAtEnd() {
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const field = input.current;
    if (!field) return;
    field.focus();
    const end = field.value.length;
    field.setSelectionRange(end, end);
  }, []);
  return input;
}

interface KeyContext {
  optionCount: number;
  active: number;
  setActive: (index: number) => void;
  /** Opens an option; undefined while the results of the query typed are still loading. */
  choose?: (index: number) => void;
  /** Removes the highlighted recent search, when recent searches are shown. */
  removeActive?: () => void;
  input: HTMLInputElement | null;
  dialog: HTMLElement | null;
  onClose: () => void;
}

/** The dialog's keys: arrows move, Enter opens, Escape closes, Delete forgets a recent search, Tab stays inside. */
function onModalKey(event: KeyboardEvent, ctx: KeyContext): void {
  const { optionCount, active } = ctx;
  if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    ctx.onClose();
  } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    if (optionCount === 0) return;
    const step = event.key === 'ArrowDown' ? 1 : -1;
    ctx.setActive((Math.min(active, optionCount - 1) + step + optionCount) % optionCount);
  } else if (event.key === 'Enter' && event.target === ctx.input) {
    event.preventDefault();
    if (ctx.choose && optionCount > 0) ctx.choose(Math.min(active, optionCount - 1));
  } else if (event.key === 'Delete' && ctx.removeActive) {
    event.preventDefault();
    ctx.removeActive();
  } else if (event.key === 'Tab') {
    trapTab(ctx.dialog, event);
  }
}

/** The modal's state: the query and its results, recent searches, the highlighted option, and the keys. */
function useSearchModal(
  props: SearchModalProps,
  input: RefObject<HTMLInputElement | null>,
  dialog: RefObject<HTMLDivElement | null>,
) {
  const { source, searchPageHref, onNavigate, onClose } = props;
  const id = useId().replace(/:/g, '');
  const [query, setQuery] = useState(props.initialQuery);
  const { status, outcome } = useLatestSearch(query, source, searchModal, completeResults);
  const results = outcome && !outcome.failed ? outcome.value : NO_RESULTS;
  const resultsQuery = outcome?.query ?? '';
  const recent = useRecentHits(props.recent);
  // The highlighted option stays where it is when snippets fill in (the same search).
  const [active, setActive] = useActiveOption(outcome?.run);

  const showRecent = status === 'idle';
  const hits = results.groups.flatMap((group) => group.hits.map((hit) => ({ hit, group })));
  const seeAll =
    !showRecent && status !== 'error' && results.total > 0 && searchPageHref ? searchPageHref(resultsQuery) : undefined;
  const optionCount = showRecent ? recent.hits.length : hits.length + (seeAll ? 1 : 0);
  const activeId = optionCount > 0 && active < optionCount ? `${id}-option-${active}` : undefined;

  useEffect(() => {
    dialog.current?.querySelector(`#${activeId}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeId, dialog]);

  const open = (href: string, remember?: RecentHit) => {
    if (remember) recent.add(remember);
    onClose();
    onNavigate(href);
  };
  const choose = (index: number) => {
    if (showRecent) {
      const hit = recent.hits[index];
      if (hit) open(hit.href, hit);
    } else if (index < hits.length) open(hits[index].hit.href, rememberHit(hits[index].hit, hits[index].group));
    else if (seeAll) open(seeAll);
  };
  const selectHit = (hit: ResultHit, group: ResultGroup, event: ReactMouseEvent<HTMLAnchorElement>) => {
    if (!plain(event)) return;
    event.preventDefault();
    open(hit.href, rememberHit(hit, group));
  };
  // Keys are handled on the dialog for whatever inside has focus (a native listener: the dialog
  // is no interactive element for React's props).
  const onKey = useEffectEvent((event: KeyboardEvent) =>
    onModalKey(event, {
      optionCount,
      active,
      setActive,
      choose: status === 'loading' ? undefined : choose,
      removeActive: showRecent && recent.hits[active] ? () => recent.remove(recent.hits[active].href) : undefined,
      input: input.current,
      dialog: dialog.current,
      onClose,
    }),
  );
  useEffect(() => {
    const element = dialog.current;
    const listener = (event: KeyboardEvent) => onKey(event);
    element?.addEventListener('keydown', listener);
    return () => element?.removeEventListener('keydown', listener);
  }, [dialog]);
  const model = { id, query, setQuery, status, results, resultsQuery, recent, active, setActive, showRecent };
  return { ...model, hits, seeAll, optionCount, activeId, open, selectHit };
}

type ModalModel = ReturnType<typeof useSearchModal>;

/**
 * The search dialog: a combobox input, results grouped by page (arrow keys move, Enter opens,
 * Escape closes), recent searches when the query is empty, the no-results and failure screens of
 * spec section 8, and a link to all results on the search page.
 */
export function SearchModal(props: SearchModalProps) {
  const input = useFocusAtEnd();
  const dialog = useRef<HTMLDivElement>(null);
  const m = useSearchModal(props, input, dialog);
  return (
    <div className="search-modal" data-search-modal>
      {/* The backdrop: a click outside the dialog closes it (the keyboard has Escape and Cancel). */}
      <button
        type="button"
        className="search-modal__backdrop"
        tabIndex={-1}
        aria-label="Close search"
        onClick={props.onClose}
      />
      <div className="search-modal__dialog" role="dialog" aria-modal="true" aria-label="Search" ref={dialog}>
        <SearchForm
          input={input}
          query={m.query}
          onQuery={m.setQuery}
          loading={m.status === 'loading'}
          expanded={m.optionCount > 0}
          listId={`${m.id}-listbox`}
          activeId={m.activeId}
          onClose={props.onClose}
        />
        <SearchStatusLine status={m.status} total={m.results.total} query={m.resultsQuery} />
        <ModalBody m={m} source={props.source} reportHref={props.reportHref} />
        <ModalFooter />
      </div>
    </div>
  );
}

interface ModalBodyProps {
  m: ModalModel;
  source: ModalSearchSource;
  reportHref?: (query: string) => string;
}

/** The listbox: recent searches, the failure or no-results screen, or the results and 'See all'. */
function ModalBody({ m, source, reportHref }: ModalBodyProps) {
  const { id, active, setActive, hits, seeAll } = m;
  return (
    <div
      className="search-modal__body"
      id={`${id}-listbox`}
      role={m.optionCount > 0 ? 'listbox' : undefined}
      aria-label={m.optionCount > 0 ? 'Search results' : undefined}
    >
      {m.showRecent ? (
        <RecentList
          hits={m.recent.hits}
          idPrefix={id}
          active={active}
          onHover={setActive}
          onOpen={(hit) => m.open(hit.href, hit)}
          onRemove={m.recent.remove}
        />
      ) : m.status === 'error' ? (
        <SearchFailure />
      ) : m.status === 'done' && m.results.total === 0 ? (
        <ModalNoResults source={source} query={m.resultsQuery} onSuggestion={m.setQuery} reportHref={reportHref} />
      ) : (
        <ResultList
          groups={m.results.groups}
          idPrefix={id}
          activeIndex={active}
          onHover={setActive}
          onSelect={m.selectHit}
          listbox
        />
      )}
      {seeAll && (
        <SeeAllLink
          id={`${id}-option-${hits.length}`}
          href={seeAll}
          total={m.results.total}
          active={active === hits.length}
          onHover={() => active !== hits.length && setActive(hits.length)}
          onOpen={() => m.open(seeAll)}
        />
      )}
    </div>
  );
}

interface ModalNoResultsProps {
  source: ModalSearchSource;
  query: string;
  onSuggestion: (query: string) => void;
  reportHref?: (query: string) => string;
}

/** The no-results screen, with the queries the index suggests instead (fetched once it shows). */
function ModalNoResults({ source, query, onSuggestion, reportHref }: ModalNoResultsProps) {
  const suggestions = useSuggestions(source, query);
  return (
    <NoResults query={query} suggestions={suggestions} onSuggestion={onSuggestion} reportHref={reportHref?.(query)} />
  );
}

interface SearchFormProps {
  input: RefObject<HTMLInputElement | null>;
  query: string;
  onQuery: (query: string) => void;
  loading: boolean;
  expanded: boolean;
  listId: string;
  activeId?: string;
  onClose: () => void;
}

/** The combobox input, the spinner while searching and Cancel. */
function SearchForm({ input, query, onQuery, loading, expanded, listId, activeId, onClose }: SearchFormProps) {
  return (
    <form className="search-modal__form" role="search" onSubmit={(event) => event.preventDefault()}>
      <SearchIcon className="search-modal__icon" size={20} />
      <input
        ref={input}
        className="search-modal__input"
        type="search"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        placeholder="Search docs"
        aria-label="Search docs"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="go"
        maxLength={200}
        data-search-input
      />
      {loading && <span className="search-modal__spinner" aria-hidden="true" />}
      <button type="button" className="search-modal__cancel" onClick={onClose}>
        Cancel
      </button>
    </form>
  );
}

/** What screen readers hear when results arrive. */
function SearchStatusLine({ status, total, query }: { status: SearchStatus; total: number; query: string }) {
  return (
    <p className="sr-only" role="status" aria-live="polite">
      {status === 'done'
        ? total === 0
          ? `No results found for ${query}`
          : `${total} ${total === 1 ? 'result' : 'results'}`
        : status === 'error'
          ? 'Unable to fetch results'
          : ''}
    </p>
  );
}

interface SeeAllLinkProps {
  id: string;
  href: string;
  total: number;
  active: boolean;
  onHover: () => void;
  onOpen: () => void;
}

/** 'See all N results': the last option, opening the search page. */
function SeeAllLink({ id, href, total, active, onHover, onOpen }: SeeAllLinkProps) {
  return (
    <div className="search-modal__see-all">
      <a
        id={id}
        role="option"
        aria-selected={active}
        className={`search-see-all${active ? ' search-hit--active' : ''}`}
        href={href}
        onMouseMove={onHover}
        onClick={(event) => {
          if (!plain(event)) return;
          event.preventDefault();
          onOpen();
        }}
        data-search-see-all
      >
        See all {total} results
      </a>
    </div>
  );
}

function ModalFooter() {
  return (
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
              <ApiLabel label={hit.api} />
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
function trapTab(container: HTMLElement | null, event: KeyboardEvent): void {
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
