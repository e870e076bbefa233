/**
 * The embedded search modal, loaded lazily by search-trigger.ts (its own chunk, with React).
 * Renders SearchModal into a container at the end of body, locks page scroll while open and
 * gives focus back to where it was when it closes.
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { SearchModal, type ModalSearchSource } from '@templates/components/search/SearchModal.js';
import { createSafeStorage } from '../storage.js';
import { lockScroll } from '../scroll-lock.js';
import { createEmbeddedEngine, searchModalEmbedded } from './embedded-source.js';
import { createRecentSearches } from './recent-searches.js';
import { navigateTo } from './navigate.js';
import { reportHref, searchPageHref, type SearchSettings } from './search-settings.js';
import type { SearchUi } from './search-trigger.js';

const GROUPS_SHOWN = 8;
const HITS_PER_GROUP = 3;
/**
 * A User Timing mark made once the embedded search is ready (manifest loaded; a small index loaded
 * whole, a large one's warm-up run): benches and tests wait for it before typing.
 */
const SEARCH_READY_MARK = 'docsgen-search-ready';

export function createSearchUi(settings: SearchSettings): SearchUi {
  const engine = createEmbeddedEngine(settings);
  const recent = createRecentSearches(createSafeStorage());
  const source: ModalSearchSource = {
    search: (query) =>
      searchModalEmbedded(engine, query, {
        baseUrl: settings.baseUrl,
        groups: GROUPS_SHOWN,
        hitsPerGroup: HITS_PER_GROUP,
      }),
    suggest: (query) => engine.suggest(query),
  };
  const ready = () =>
    engine.ready().then(() => {
      if (!performance.getEntriesByName(SEARCH_READY_MARK).length) performance.mark(SEARCH_READY_MARK);
    });
  let root: Root | undefined;
  let container: HTMLElement | undefined;
  let release: (() => void) | undefined;
  let returnFocus: HTMLElement | null = null;
  let opened = 0;

  const close = () => {
    if (!release) return;
    root?.render(null);
    release();
    release = undefined;
    container?.setAttribute('hidden', '');
    if (returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
    returnFocus = null;
  };

  return {
    preload: ready,
    isOpen: () => release !== undefined,
    close,
    open(initialQuery = '') {
      if (release) return;
      if (!container) {
        container = document.createElement('div');
        container.className = 'search-modal-root';
        document.body.append(container);
        root = createRoot(container);
      }
      container.removeAttribute('hidden');
      returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      release = lockScroll();
      ready().catch(() => undefined);
      // Rendered at once, so that the input has focus before the next keystroke arrives.
      flushSync(() =>
        root!.render(
          <SearchModal
            key={++opened}
            initialQuery={initialQuery}
            source={source}
            recent={recent}
            searchPageHref={settings.search.searchPagePath ? (query) => searchPageHref(settings, query)! : undefined}
            reportHref={settings.search.reportUrl ? (query) => reportHref(settings, query)! : undefined}
            onNavigate={(href) => {
              returnFocus = null;
              navigateTo(href);
            }}
            onClose={close}
          />,
        ),
      );
    },
  };
}
