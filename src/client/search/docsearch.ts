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

const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function createDocSearchUi(settings: SearchSettings): SearchUi {
  const algolia = settings.search.algolia!;
  const container = document.createElement('div');
  container.className = 'docsearch-container';
  container.hidden = true;
  document.body.append(container);
  let destroy: (() => void) | undefined;
  let initialQuery = '';
  let footer = { query: '', count: 0 };
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
      transformItems: (items: Hit[]) => items.map((item) => ({ ...item, url: rewriteHitUrl(item.url, algolia.externalUrlRegex) })),
      navigator: {
        navigate: ({ itemUrl }: { itemUrl: string }) => navigateTo(itemUrl, algolia.externalUrlRegex),
        navigateNewTab: ({ itemUrl }: { itemUrl: string }) => window.open(itemUrl, '_blank', 'noopener'),
        navigateNewWindow: ({ itemUrl }: { itemUrl: string }) => window.open(itemUrl, '_blank', 'noopener'),
      },
      // Rendered by the library inside its footer section; the link itself is added to the DOM.
      resultsFooterComponent: ({ state }) => {
        footer = { query: state.query, count: Number((state.context as { nbHits?: number }).nbHits ?? 0) };
        queueMicrotask(renderFooter);
        return null;
      },
    };
    if (askAi) options.askAi = askAi as DocSearchOptions['askAi'];
    if (settings.search.reportUrl) options.getMissingResultsUrl = ({ query: q }) => reportHref(settings, q)!;
    destroy = docsearch(options);
  };

  // Scroll lock and focus follow the library's own open state (the class it puts on body).
  new MutationObserver(() => {
    const open = document.body.classList.contains('DocSearch--active');
    if (open && !release) release = lockScroll();
    if (!open && release) {
      release();
      release = undefined;
      if (returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
      returnFocus = null;
    }
  }).observe(document.body, { attributes: true, attributeFilter: ['class'] });

  // A click on a hit navigates client-side; the library still sees the click (recent searches, close).
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('.DocSearch-Modal .DocSearch-Hit a[href]');
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
