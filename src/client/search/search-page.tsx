/**
 * The search page's client (a lazily loaded chunk): reads `q` from the URL, shows every result,
 * keeps the URL in step as the reader types (history.replaceState, so reload and the back button
 * find the same results), and says how many results there are.
 */
import { createRoot } from 'react-dom/client';
import { SearchPageResults, type PageSearchSource } from '@templates/components/search/SearchPageResults.js';
import { createEmbeddedEngine, searchEmbedded } from './embedded-source.js';
import { createAlgoliaPageSource } from './algolia-source.js';
import { navigateTo } from './navigate.js';
import { reportHref, type SearchSettings } from './search-settings.js';

function embeddedSource(settings: SearchSettings): PageSearchSource {
  const engine = createEmbeddedEngine(settings);
  return {
    search: (query) => searchEmbedded(engine, query, settings.baseUrl),
    suggest: (query) => engine.suggest(query),
  };
}

const queryOf = (search: string) => new URLSearchParams(search).get('q') ?? '';

export function setupSearchPage(root: HTMLElement, settings: SearchSettings): void {
  const input = root.querySelector<HTMLInputElement>('input[name="q"]');
  const form = input?.form;
  const status = root.querySelector<HTMLElement>('[data-search-status]');
  const list = root.querySelector<HTMLElement>('[data-search-results]');
  const heading = root.querySelector<HTMLElement>('h1');
  if (!input || !list) return;
  const algolia = settings.search.algolia;
  const source = algolia ? createAlgoliaPageSource(algolia, settings) : embeddedSource(settings);
  const reactRoot = createRoot(list);
  const pathname = location.pathname;
  const onStatus = (text: string) => {
    if (status) status.textContent = text;
  };

  const render = (query: string) => {
    if (heading)
      heading.textContent = query.trim() ? `Search results for “${query.trim()}”` : 'Search the documentation';
    reactRoot.render(
      <SearchPageResults
        query={query}
        source={source}
        reportHref={settings.search.reportUrl ? (q) => reportHref(settings, q)! : undefined}
        onStatus={onStatus}
        onSuggestion={(suggestion) => {
          input.value = suggestion;
          update(suggestion);
          input.focus();
        }}
        onSelect={
          algolia
            ? (hit, event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                navigateTo(hit.href, algolia.externalUrlRegex);
              }
            : undefined
        }
      />,
    );
  };
  const update = (query: string) => {
    const url = new URL(location.href);
    if (query) url.searchParams.set('q', query);
    else url.searchParams.delete('q');
    if (url.href !== location.href) history.replaceState(history.state, '', url.href);
    render(query);
  };

  // The field works before this chunk arrives: what the reader typed meanwhile wins over the URL
  // (it used to be overwritten, and the input events it fired were never heard).
  const typed = input.value !== input.defaultValue ? input.value : undefined;
  const initial = typed ?? queryOf(location.search);
  input.value = initial;
  if (typed === undefined) render(initial);
  else update(typed);
  if (!initial) input.focus();

  input.addEventListener('input', () => update(input.value));
  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    update(input.value);
  });
  const onPopState = () => {
    if (!root.isConnected) return cleanup();
    if (location.pathname !== pathname) return;
    const query = queryOf(location.search);
    if (query !== input.value) {
      input.value = query;
      render(query);
    }
  };
  const onRouteUpdated = () => {
    if (!root.isConnected) cleanup();
  };
  const cleanup = () => {
    window.removeEventListener('popstate', onPopState);
    document.removeEventListener('docsgen:route-updated', onRouteUpdated);
    reactRoot.unmount();
  };
  window.addEventListener('popstate', onPopState);
  document.addEventListener('docsgen:route-updated', onRouteUpdated);
}
