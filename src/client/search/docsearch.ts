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

export function createDocSearchUi(settings: SearchSettings): SearchUi {
  const algolia = settings.search.algolia!;
  const container = document.createElement('div');
  container.className = 'docsearch-container';
  container.hidden = true;
  document.body.append(container);
  let destroy: (() => void) | undefined;
  let initialQuery = '';
  let footer = { query: '', count: 0 };
  /** nbHits of the latest response, by query (the library's own count adds up across queries). */
  const counts = new Map<string, number>();
  /** The query whose request failed last (cleared when it succeeds). */
  let failedQuery: string | undefined;
  /** Page titles (hierarchy lvl1) of the hits seen, newest first: 'Try searching for' suggestions. */
  let seenTitles: string[] = [];
  let release: (() => void) | undefined;
  let returnFocus: HTMLElement | null = null;

  const searchParameters = algoliaSearchParameters(algolia, { language: document.documentElement.lang || 'en' });
  const askAi = askAiOption(algolia.askAi, DOCSEARCH_VERSION);

  const renderFooter = () => {
    const section = document.querySelector('.DocSearch-HitsFooter');
    if (!section) return;
    const href = searchPageHref(settings, footer.query);
    let link = section.querySelector<HTMLAnchorElement>('a[data-search-see-all]');
    if (!href || footer.count === 0) {
      link?.remove();
      return;
    }
    if (!link) {
      link = document.createElement('a');
      link.dataset.searchSeeAll = '';
      link.addEventListener('click', (event) => {
        if (!plainClick(event)) return;
        event.preventDefault();
        const target = link!.href;
        close();
        navigateTo(target);
      });
      section.append(link);
    }
    link.href = href;
    link.textContent = `See all ${footer.count} results`;
  };

  const init = (query: string) => {
    destroy?.();
    initialQuery = query;
    const options: DocSearchOptions = {
      container,
      appId: algolia.appId,
      apiKey: algolia.apiKey,
      indices: [{ name: algolia.indexName, searchParameters }],
      initialQuery: query,
      keyboardShortcuts: { 'Ctrl/Cmd+K': false, '/': false },
      transformItems: (items: Hit[]) => {
        const titles = items.map((item) => item.hierarchy?.lvl1).filter((t): t is string => Boolean(t));
        seenTitles = [...new Set([...titles, ...seenTitles])].slice(0, 10);
        return items.map((item) => ({ ...item, url: rewriteHitUrl(item.url, algolia.externalUrlRegex) }));
      },
      navigator: {
        navigate: ({ itemUrl }: { itemUrl: string }) => navigateTo(itemUrl, algolia.externalUrlRegex),
        navigateNewTab: ({ itemUrl }: { itemUrl: string }) => window.open(itemUrl, '_blank', 'noopener'),
        navigateNewWindow: ({ itemUrl }: { itemUrl: string }) => window.open(itemUrl, '_blank', 'noopener'),
      },
      // Rendered by the library inside its footer section; the link itself is added to the DOM.
      resultsFooterComponent: ({ state }) => {
        footer = { query: state.query, count: counts.get(state.query) ?? 0 };
        queueMicrotask(renderFooter);
        return null;
      },
      transformSearchClient: (client) => {
        const search = client.search.bind(client) as (
          ...args: unknown[]
        ) => Promise<{ results: { nbHits?: number; query?: string }[] }>;
        (client as { search: unknown }).search = async (...args: unknown[]) => {
          const query = (args[0] as { requests?: { query?: string }[] } | undefined)?.requests?.[0]?.query ?? '';
          let response: Awaited<ReturnType<typeof search>>;
          try {
            response = await search(...args);
          } catch (error) {
            failedQuery = query;
            setTimeout(renderFailure, 0);
            throw error;
          }
          if (failedQuery === query) failedQuery = undefined;
          const first = response.results?.[0];
          if (first && typeof first.query === 'string')
            counts.set(
              first.query,
              response.results.reduce((sum, r) => sum + (r.nbHits ?? 0), 0),
            );
          return response;
        };
        return client;
      },
    };
    if (askAi) options.askAi = askAi as DocSearchOptions['askAi'];
    if (settings.search.reportUrl) options.getMissingResultsUrl = ({ query: q }) => reportHref(settings, q)!;
    destroy = docsearch(options);
  };

  // The no-results screen of @docsearch/js 4.2 never shows its 'Try searching for' list (its
  // suggestions end up in an object, not an array): add the list the library would render, with
  // the page titles of earlier hits, in the library's markup and styles.
  const addSuggestions = () => {
    const screen = document.querySelector('.DocSearch-Modal .DocSearch-NoResults');
    if (!screen || screen.querySelector('.DocSearch-NoResults-Prefill-List') || seenTitles.length === 0) return;
    const list = document.createElement('div');
    list.className = 'DocSearch-NoResults-Prefill-List';
    list.dataset.searchSuggestions = '';
    const help = document.createElement('p');
    help.className = 'DocSearch-Help';
    help.textContent = 'Try searching for:';
    const items = document.createElement('div');
    items.className = 'DocSearch-NoResults-Prefill-List-Items';
    for (const title of seenTitles.slice(0, 3)) {
      const item = document.createElement('p');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'DocSearch-Prefill';
      button.textContent = title;
      button.addEventListener('click', () => {
        const input = document.querySelector<HTMLInputElement>('.DocSearch-Modal .DocSearch-Input');
        if (!input) return;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(
          input,
          `${title.toLowerCase()} `,
        );
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.focus();
      });
      item.append(button);
      items.append(item);
    }
    list.append(help, items);
    screen.querySelector('.DocSearch-Title')?.after(list);
  };
  // Nor does it show its error screen: after a failed request, autocomplete-core sets its status
  // back to 'idle' (in a finally), so 'Unable to fetch results' never appears. Show the library's
  // error screen, in its markup, while the query on screen is the one that failed.
  const renderFailure = () => {
    const dropdown = document.querySelector('.DocSearch-Modal .DocSearch-Dropdown');
    const input = document.querySelector<HTMLInputElement>('.DocSearch-Modal .DocSearch-Input');
    const existing = document.querySelector('.DocSearch-Modal [data-search-error]');
    const failed =
      failedQuery !== undefined &&
      input !== null &&
      input.value.trim() === failedQuery.trim() &&
      !document.querySelector('.DocSearch-Modal .DocSearch-AskAiScreen-Body');
    if (!failed || !dropdown) {
      existing?.remove();
      dropdown?.querySelector<HTMLElement>('.DocSearch-Dropdown-Container')?.removeAttribute('hidden');
      return;
    }
    dropdown.querySelector<HTMLElement>('.DocSearch-Dropdown-Container')?.setAttribute('hidden', '');
    if (existing) return;
    const screen = document.createElement('div');
    screen.className = 'DocSearch-ErrorScreen';
    screen.dataset.searchError = '';
    screen.setAttribute('role', 'alert');
    const title = document.createElement('p');
    title.className = 'DocSearch-Title';
    title.textContent = 'Unable to fetch results';
    const help = document.createElement('p');
    help.className = 'DocSearch-Help';
    help.textContent = 'You might want to check your network connection.';
    screen.append(title, help);
    dropdown.prepend(screen);
  };
  const screens = new MutationObserver(() => {
    addSuggestions();
    renderFailure();
  });

  // Scroll lock and focus follow the library's own open state (the class it puts on body).
  new MutationObserver(() => {
    const open = document.body.classList.contains('DocSearch--active');
    if (open && !release) {
      release = lockScroll();
      screens.observe(document.body, { childList: true, subtree: true });
    }
    if (!open && release) {
      release();
      release = undefined;
      screens.disconnect();
      if (returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
      returnFocus = null;
    }
  }).observe(document.body, { attributes: true, attributeFilter: ['class'] });

  // A click on a hit navigates client-side; the library still sees the click (recent searches, close).
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(
        '.DocSearch-Modal .DocSearch-Hit a[href]',
      );
      if (!link || !plainClick(event)) return;
      event.preventDefault();
      returnFocus = null;
      const href = link.getAttribute('href')!;
      setTimeout(() => navigateTo(href, algolia.externalUrlRegex), 0);
    },
    true,
  );

  const isOpen = () => document.body.classList.contains('DocSearch--active');
  const close = () => {
    if (!isOpen()) return;
    const cancel = document.querySelector<HTMLElement>('.DocSearch-Modal .DocSearch-Cancel');
    if (cancel) cancel.click();
    else window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }));
  };

  return {
    async preload() {
      injectStyles();
      if (!destroy) init('');
    },
    isOpen,
    close,
    open(query = '') {
      if (isOpen()) return;
      injectStyles();
      if (!destroy || query !== initialQuery) init(query);
      returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      container.querySelector<HTMLButtonElement>('.DocSearch-Button')?.click();
    },
  };
}
