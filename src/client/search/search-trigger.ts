/**
 * Entry point of search in the client bundle (kept small: the modal, its index and the Algolia
 * library load lazily). Until then the navbar's search button is a plain link to the search page,
 * which also works without JavaScript.
 *
 * - Opens on a click of the button, Ctrl/Cmd+K, or '/' (not while typing in a field).
 * - A letter or digit typed while the button has focus opens search with that character.
 * - Hover, focus or touch of the button loads the modal's code and the index in advance.
 * - On the search page, loads the page's client.
 */
import { readSearchSettings, type SearchSettings } from './search-settings.js';

/** What a lazily loaded search UI (embedded modal or Algolia DocSearch) offers the trigger. */
export interface SearchUi {
  preload(): Promise<void>;
  open(initialQuery?: string): void;
  close(): void;
  isOpen(): boolean;
}

const BUTTON = '[data-search-button]';

function isEditable(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element || !element.tagName) return false;
  return element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName);
}

export function setupSearchTrigger(doc: Document = document): void {
  const settings = readSearchSettings(doc);
  let ui: Promise<SearchUi> | undefined;
  let loaded: SearchUi | undefined;
  /** The initial query while the UI loads to open; undefined when not opening. */
  let opening: string | undefined;

  const loadUi = (): Promise<SearchUi> =>
    (ui ??= (
      settings.search.algolia
        ? import('./docsearch.js').then((m) => m.createDocSearchUi(settings))
        : import('./search-modal.js').then((m) => m.createSearchUi(settings))
    ).then(
      (created) => (loaded = created),
      (error: unknown) => {
        ui = undefined;
        throw error;
      },
    ));

  const preload = () => {
    loadUi()
      .then((loaded) => loaded.preload())
      .catch(() => undefined);
  };

  const open = (initialQuery = '') => {
    if (opening !== undefined) {
      opening += initialQuery;
      return;
    }
    opening = initialQuery;
    loadUi().then(
      (loaded) => {
        const query = opening ?? '';
        opening = undefined;
        loaded.open(query);
      },
      (error: unknown) => {
        opening = undefined;
        // The code could not load: the search page still works.
        console.error('docsgen: could not load search.', error);
        const button = doc.querySelector<HTMLAnchorElement>(BUTTON);
        if (button) location.assign(button.href);
      },
    );
  };

  const isOpen = () => opening !== undefined || Boolean(loaded?.isOpen());

  doc.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.(BUTTON);
      if (
        !button ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      event.preventDefault();
      open();
    },
    true,
  );

  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
    doc.addEventListener(
      type,
      (event) => {
        if ((event.target as Element | null)?.closest?.(BUTTON)) preload();
      },
      { passive: true },
    );
  }

  window.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.isComposing) return;
    const key = event.key;
    if ((key === 'k' || key === 'K') && (event.metaKey || event.ctrlKey) && !event.altKey) {
      event.preventDefault();
      if (loaded?.isOpen()) loaded.close();
      else open();
      return;
    }
    if (opening !== undefined && key.length === 1 && !event.metaKey && !event.ctrlKey && !event.altKey) {
      // Typed while the modal is still loading: keep it for the query.
      event.preventDefault();
      opening += key;
      return;
    }
    if (isOpen() || event.metaKey || event.ctrlKey || event.altKey) return;
    if (key === '/' && !isEditable(event.target)) {
      event.preventDefault();
      open();
      return;
    }
    const focused = doc.activeElement?.closest?.(BUTTON);
    if (focused && /^[\p{L}\p{N}]$/u.test(key)) {
      event.preventDefault();
      open(key);
    }
  });

  setupSearchPageClient(doc, settings);
}

/** Loads the search page's client when its markup is on the page (now or after a client-side navigation). */
function setupSearchPageClient(doc: Document, settings: SearchSettings): void {
  const attach = () => {
    const root = doc.querySelector<HTMLElement>('[data-search-page]:not([data-search-ready])');
    if (!root) return;
    root.dataset.searchReady = 'true';
    import('./search-page.js')
      .then((m) => m.setupSearchPage(root, settings))
      .catch((error: unknown) => {
        console.error('docsgen: could not load the search page.', error);
        delete root.dataset.searchReady;
      });
  };
  attach();
  doc.addEventListener('docsgen:route-updated', attach);
  window.addEventListener('popstate', () => queueMicrotask(attach));
}
