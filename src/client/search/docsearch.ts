/**
 * Algolia DocSearch (@docsearch/js 4.x), loaded lazily in place of the embedded modal when the
 * config gives appId, apiKey and indexName. It opens through the same trigger (navbar button,
 * Ctrl/Cmd+K, '/', a typed character), so its own shortcuts are turned off; its button lives in a
 * hidden container and is clicked to open the modal. Hits open with client-side navigation, with
 * URLs rewritten to in-site paths unless they match the external-URL pattern.
 */
import docsearch from '@docsearch/js';
import docsearchPackage from '@docsearch/js/package.json';
import css from '@docsearch/css/dist/style.css' with { type: 'text' };
import { lockScroll } from '../scroll-lock.js';
import { algoliaSearchParameters, askAiOption, rewriteHitUrl } from './algolia-params.js';
import { navigateTo } from './navigate.js';
import { addSuggestions, renderFailure, renderSeeAll } from './docsearch-screens.js';
import { reportHref, searchPageHref, type SearchSettings } from './search-settings.js';
import type { SearchUi } from './search-trigger.js';

export const DOCSEARCH_VERSION: string = docsearchPackage.version;

type DocSearchOptions = Parameters<typeof docsearch>[0];
type Hit = Parameters<NonNullable<DocSearchOptions['transformItems']>>[0][number];

function injectStyles(): void {
  if (document.getElementById('docsearch-css')) return;
  const style = document.createElement('style');
  style.id = 'docsearch-css';
  style.textContent = css;
  document.head.append(style);
}

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** What the UI keeps between the library's callbacks. */
interface DocSearchState {
  /** Tears down the library's current instance (one per initial query). */
  destroy?: () => void;
  initialQuery: string;
  /** The query and hit count the footer's 'See all' link is for. */
  footer: { query: string; count: number };
  /** nbHits of the latest response, by query (the library's own count adds up across queries). */
  counts: Map<string, number>;
  /** The query whose request failed last (cleared when it succeeds). */
  failedQuery?: string;
  /** Page titles (hierarchy lvl1) of the hits seen, newest first: 'Try searching for' suggestions. */
  seenTitles: string[];
  /** Releases the scroll lock while the modal is open. */
  release?: () => void;
  /** Where focus goes back to when the modal closes. */
  returnFocus: HTMLElement | null;
}

type SearchClient = Parameters<NonNullable<DocSearchOptions['transformSearchClient']>>[0];
type SearchResponse = { results: { nbHits?: number; query?: string }[] };

/** The search client, counting each query's hits and noting the query of a failed request. */
function countingClient(client: SearchClient, state: DocSearchState): SearchClient {
  const search = client.search.bind(client) as (...args: unknown[]) => Promise<SearchResponse>;
  (client as { search: unknown }).search = async (...args: unknown[]) => {
    const query = (args[0] as { requests?: { query?: string }[] } | undefined)?.requests?.[0]?.query ?? '';
    let response: SearchResponse;
    try {
      response = await search(...args);
    } catch (error) {
      state.failedQuery = query;
      setTimeout(() => renderFailure(state.failedQuery), 0);
      throw error;
    }
    if (state.failedQuery === query) state.failedQuery = undefined;
    const first = response.results?.[0];
    if (first && typeof first.query === 'string')
      state.counts.set(
        first.query,
        response.results.reduce((sum, r) => sum + (r.nbHits ?? 0), 0),
      );
    return response;
  };
  return client;
}

/** The library's options for one initial query. */
function docSearchOptions(
  settings: SearchSettings,
  state: DocSearchState,
  container: HTMLElement,
  close: () => void,
): DocSearchOptions {
  const algolia = settings.search.algolia!;
  const searchParameters = algoliaSearchParameters(algolia, { language: document.documentElement.lang || 'en' });
  const renderFooter = () =>
    renderSeeAll(searchPageHref(settings, state.footer.query), state.footer.count, (href) => {
      close();
      navigateTo(href);
    });
  const openInNewTab = ({ itemUrl }: { itemUrl: string }) => window.open(itemUrl, '_blank', 'noopener');
  const options: DocSearchOptions = {
    container,
    appId: algolia.appId,
    apiKey: algolia.apiKey,
    indices: [{ name: algolia.indexName, searchParameters }],
    initialQuery: state.initialQuery,
    keyboardShortcuts: { 'Ctrl/Cmd+K': false, '/': false },
    transformItems: (items: Hit[]) => {
      const titles = items.map((item) => item.hierarchy?.lvl1).filter((t): t is string => Boolean(t));
      state.seenTitles = [...new Set([...titles, ...state.seenTitles])].slice(0, 10);
      return items.map((item) => ({ ...item, url: rewriteHitUrl(item.url, algolia.externalUrlRegex) }));
    },
    navigator: {
      navigate: ({ itemUrl }: { itemUrl: string }) => navigateTo(itemUrl, algolia.externalUrlRegex),
      navigateNewTab: openInNewTab,
      navigateNewWindow: openInNewTab,
    },
    // Rendered by the library inside its footer section; the link itself is added to the DOM.
    resultsFooterComponent: ({ state: { query } }) => {
      state.footer = { query, count: state.counts.get(query) ?? 0 };
      queueMicrotask(renderFooter);
      return null;
    },
    transformSearchClient: (client) => countingClient(client, state),
  };
  const askAi = askAiOption(algolia.askAi, DOCSEARCH_VERSION);
  if (askAi) options.askAi = askAi as DocSearchOptions['askAi'];
  if (settings.search.reportUrl) options.getMissingResultsUrl = ({ query: q }) => reportHref(settings, q)!;
  return options;
}

/**
 * Scroll lock and focus follow the library's own open state (the class it puts on body); while it
 * is open, the screens it leaves out are added as its DOM changes.
 */
function followOpenState(state: DocSearchState): void {
  const screens = new MutationObserver(() => {
    addSuggestions(state.seenTitles);
    renderFailure(state.failedQuery);
  });
  new MutationObserver(() => {
    const open = document.body.classList.contains('DocSearch--active');
    if (open && !state.release) {
      state.release = lockScroll();
      screens.observe(document.body, { childList: true, subtree: true });
    }
    if (!open && state.release) {
      state.release();
      state.release = undefined;
      screens.disconnect();
      if (state.returnFocus?.isConnected) state.returnFocus.focus({ preventScroll: true });
      state.returnFocus = null;
    }
  }).observe(document.body, { attributes: true, attributeFilter: ['class'] });
}

/** A click on a hit navigates client-side; the library still sees the click (recent searches, close). */
function navigateOnHitClick(state: DocSearchState, externalUrlRegex: string | undefined): void {
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(
        '.DocSearch-Modal .DocSearch-Hit a[href]',
      );
      if (!link || !plainClick(event)) return;
      event.preventDefault();
      state.returnFocus = null;
      const href = link.getAttribute('href')!;
      setTimeout(() => navigateTo(href, externalUrlRegex), 0);
    },
    true,
  );
}

const isOpen = () => document.body.classList.contains('DocSearch--active');

/** Closes the modal as the reader would: its Cancel button, or Escape. */
function close(): void {
  if (!isOpen()) return;
  const cancel = document.querySelector<HTMLElement>('.DocSearch-Modal .DocSearch-Cancel');
  if (cancel) cancel.click();
  else window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }));
}

export function createDocSearchUi(settings: SearchSettings): SearchUi {
  const container = document.createElement('div');
  container.className = 'docsearch-container';
  container.hidden = true;
  document.body.append(container);
  const state: DocSearchState = {
    initialQuery: '',
    footer: { query: '', count: 0 },
    counts: new Map(),
    seenTitles: [],
    returnFocus: null,
  };
  const init = (query: string) => {
    state.destroy?.();
    state.initialQuery = query;
    state.destroy = docsearch(docSearchOptions(settings, state, container, close));
  };
  followOpenState(state);
  navigateOnHitClick(state, settings.search.algolia!.externalUrlRegex);
  return {
    async preload() {
      injectStyles();
      if (!state.destroy) init('');
    },
    isOpen,
    close,
    open(query = '') {
      if (isOpen()) return;
      injectStyles();
      if (!state.destroy || query !== state.initialQuery) init(query);
      state.returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      container.querySelector<HTMLButtonElement>('.DocSearch-Button')?.click();
    },
  };
}
