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

/** Loads the search UI once, on first need (the embedded modal, or DocSearch when Algolia is configured). */
function createUiLoader(settings: SearchSettings) {
  let ui: Promise<SearchUi> | undefined;
  let loaded: SearchUi | undefined;
  const load = (): Promise<SearchUi> =>
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
  return {
    load,
    /** The UI, once it has loaded. */
    loaded: () => loaded,
    preload: () => {
      load()
        .then((created) => created.preload())
        .catch(() => undefined);
    },
  };
}

type UiLoader = ReturnType<typeof createUiLoader>;

/**
 * Opening search: while the UI loads, what the reader types is kept for the query. When the code
 * cannot load, the search button's link (the search page) opens instead.
 */
function createOpener(doc: Document, loader: UiLoader) {
  /** The initial query while the UI loads to open; undefined when not opening. */
  let opening: string | undefined;
  const open = (initialQuery = '') => {
    if (opening !== undefined) {
      opening += initialQuery;
      return;
    }
    opening = initialQuery;
    loader.load().then(
      (ui) => {
        const query = opening ?? '';
        opening = undefined;
        ui.open(query);
      },
      (error: unknown) => {
        opening = undefined;
        console.error('docsgen: could not load search.', error);
        const button = doc.querySelector<HTMLAnchorElement>(BUTTON);
        if (button) location.assign(button.href);
      },
    );
  };
  return {
    open,
    isOpening: () => opening !== undefined,
    /** A character typed while the UI is still loading, added to the query. */
    typeAhead: (key: string) => (opening += key),
  };
}

type Opener = ReturnType<typeof createOpener>;

const withModifier = (event: MouseEvent | KeyboardEvent) => event.metaKey || event.ctrlKey || event.altKey;

/** A plain click on the search button opens search instead of following its link. */
function openOnClick(doc: Document, opener: Opener): void {
  doc.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.(BUTTON);
      if (!button || event.defaultPrevented || event.button !== 0 || withModifier(event) || event.shiftKey) return;
      event.preventDefault();
      opener.open();
    },
    true,
  );
}

/** Hover, focus or touch of the button loads the UI's code and the index in advance. */
function preloadOnIntent(doc: Document, loader: UiLoader): void {
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
    doc.addEventListener(
      type,
      (event) => {
        if ((event.target as Element | null)?.closest?.(BUTTON)) loader.preload();
      },
      { passive: true },
    );
  }
}

/** Ctrl/Cmd+K toggles search; '/' opens it outside fields; a character typed on the button starts the query. */
function openOnKeys(doc: Document, loader: UiLoader, opener: Opener): void {
  window.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.isComposing) return;
    const key = event.key;
    if ((key === 'k' || key === 'K') && (event.metaKey || event.ctrlKey) && !event.altKey) {
      event.preventDefault();
      const ui = loader.loaded();
      if (ui?.isOpen()) ui.close();
      else opener.open();
      return;
    }
    if (opener.isOpening() && key.length === 1 && !withModifier(event)) {
      // Typed while the modal is still loading: keep it for the query.
      event.preventDefault();
      opener.typeAhead(key);
      return;
    }
    if (opener.isOpening() || loader.loaded()?.isOpen() || withModifier(event)) return;
    if (key === '/' && !isEditable(event.target)) {
      event.preventDefault();
      opener.open();
      return;
    }
    const focused = doc.activeElement?.closest?.(BUTTON);
    if (focused && /^[\p{L}\p{N}]$/u.test(key)) {
      event.preventDefault();
      opener.open(key);
    }
  });
}

export function setupSearchTrigger(doc: Document = document): void {
  const settings = readSearchSettings(doc);
  const loader = createUiLoader(settings);
  const opener = createOpener(doc, loader);
  openOnClick(doc, opener);
  preloadOnIntent(doc, loader);
  openOnKeys(doc, loader, opener);
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
