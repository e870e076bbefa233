import { isNavbarLinkActive } from '@templates/components/nav-active.js';
import { normalizeRoute } from '../shared/url.js';
import { LruCache } from './lru-cache.js';
import { revealTarget } from './reveal-target.js';
import type { ProgressBar } from './progress-bar.js';

/** Fetched pages kept for instant back/forward and hover preloads. */
export const PAGE_CACHE_SIZE = 30;

/** Head elements that differ between pages and are replaced on navigation. */
const HEAD_SELECTOR = [
  'meta[name]:not([name="viewport"])',
  'meta[property]',
  'link[rel="canonical"]',
  'link[rel="alternate"]',
  'link[rel="prev"]',
  'link[rel="next"]',
  'script[type="application/ld+json"]',
  // A page's own stylesheets (KaTeX's on pages with math).
  'link[data-page-asset]',
].join(', ');

export interface NavigationOptions {
  doc: Document;
  /** Route of a pathname of this site, or null for anything that is not one of its pages. */
  lookup: (pathname: string) => string | null;
  progress: ProgressBar;
  /** Runs before the new page is put in place (closes overlays). */
  beforeUpdate(): void;
  /** Runs once the new page is in place: hydrate its islands, apply preferences… */
  afterUpdate(info: { url: URL; route: string; regions: Element[] }): void;
  /** Called after scrolling, with the new location's hash. */
  onLocationChange(hash: string): void;
  /** Shows the crash screen in place of the page content; its try-again runs `retry`. */
  showCrash(error: Error, retry: () => void): void;
}

export interface Navigation {
  navigate(url: URL, mode?: 'push' | 'replace'): Promise<void>;
  prefetch(url: URL): void;
}

/** Preloading is skipped on data-saver and 2g connections (spec section 4). */
export function canPreload(nav: Navigator): boolean {
  const connection = (nav as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return !(connection && (connection.saveData || String(connection.effectiveType ?? '').includes('2g')));
}

/** Whether a click on a link should be left to the browser. */
function isPlainClick(event: MouseEvent, link: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  const target = link.getAttribute('target');
  return (
    !(target && target !== '_self') &&
    !link.hasAttribute('download') &&
    !/\bexternal\b/.test(link.getAttribute('rel') ?? '') &&
    !link.hasAttribute('data-no-client-nav')
  );
}

const newKey = () => Math.random().toString(36).slice(2, 10);
const sidebarName = (page: Element | null) => page?.querySelector<HTMLElement>('[data-sidebar]')?.dataset.sidebar;

/** Marks the link to `pathname` in a sidebar as the current page and opens the categories above it. */
export function markActiveSidebarLink(
  sidebar: Element,
  pathname: string,
  expand: (category: HTMLElement) => void,
): void {
  const here = normalizeRoute(pathname);
  for (const link of sidebar.querySelectorAll<HTMLAnchorElement>('a.menu-link[href]')) {
    const active =
      normalizeRoute(new URL(link.href, document.baseURI).pathname) === here && link.origin === location.origin;
    link.classList.toggle('menu-link--active', active);
    if (active) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
    if (!active) continue;
    for (
      let category = link.parentElement?.closest<HTMLElement>('.menu-category');
      category;
      category = category.parentElement?.closest<HTMLElement>('.menu-category')
    ) {
      if (
        category.classList.contains('menu-category--collapsed') &&
        !category.querySelector(':scope > .menu-category__header')?.contains(link)
      )
        expand(category);
    }
  }
}

type HistoryMode = 'push' | 'replace' | 'pop';

/** The page fetch cache: each pathname is fetched once; a failed fetch is forgotten so a retry fetches afresh. */
function createPageCache(): { load(url: URL): Promise<string>; forget(url: URL): void } {
  const pages = new LruCache<string, Promise<string>>(PAGE_CACHE_SIZE);
  const fetchPage = async (url: URL): Promise<string> => {
    const response = await fetch(url.pathname + url.search, {
      headers: { accept: 'text/html' },
      credentials: 'same-origin',
    });
    if (!response.ok || response.redirected || !(response.headers.get('content-type') ?? '').includes('text/html'))
      throw new Error(`Loading ${url.pathname} failed with HTTP ${response.status}`);
    return response.text();
  };
  return {
    load(url) {
      let page = pages.get(url.pathname);
      if (!page) {
        page = fetchPage(url);
        page.catch(() => pages.delete(url.pathname));
        pages.set(url.pathname, page);
      }
      return page;
    },
    forget: (url) => void pages.delete(url.pathname),
  };
}

/** The URL of `href` when it is a page of this site, else null. */
function sitePageUrl(href: string | null, lookup: (pathname: string) => string | null): URL | null {
  if (!href) return null;
  let url: URL;
  try {
    url = new URL(href, location.href);
  } catch {
    return null;
  }
  return url.origin === location.origin && /^https?:$/.test(url.protocol) && lookup(url.pathname) !== null ? url : null;
}

/**
 * History entries and their scroll positions. Each entry gets a key in history.state; scroll
 * positions are kept by key (and in history.state on leaving, for reloads and other documents).
 */
function createScrollHistory() {
  const scrolls = new LruCache<string, number>(200);
  let key: string = history.state?.key ?? newKey();
  history.scrollRestoration = 'manual';
  if (!history.state?.key) history.replaceState({ ...history.state, key }, '');
  const saveScroll = () => {
    scrolls.set(key, window.scrollY);
    history.replaceState({ ...history.state, key, scroll: window.scrollY }, '');
  };
  return {
    /** A reload or a back/forward load of this document returns to where the reader was. */
    restoreAfterLoad() {
      const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      if ((entry?.type === 'reload' || entry?.type === 'back_forward') && typeof history.state?.scroll === 'number')
        window.scrollTo(0, history.state.scroll);
    },
    push(url: URL) {
      saveScroll();
      key = newKey();
      history.pushState({ key }, '', url.href);
    },
    replace: (url: URL) => history.replaceState({ ...history.state, key }, '', url.href),
    rememberScroll: () => scrolls.set(key, window.scrollY),
    saveOnLeave: () => history.replaceState({ ...history.state, key, scroll: window.scrollY }, ''),
    /** An entry made by the browser (a hash change) gets a key of its own. */
    keyNewEntry() {
      if (history.state?.key) return;
      key = newKey();
      history.replaceState({ ...history.state, key }, '');
    },
    /** Moves to the entry being popped to; returns its saved scroll position. */
    pop(state: { key?: string; scroll?: number } | null): number | undefined {
      scrolls.set(key, window.scrollY); // the entry being left (its last scroll event may not have run yet)
      key = state?.key ?? newKey();
      if (!state?.key) history.replaceState({ ...state, key }, '');
      return scrolls.get(key) ?? state?.scroll;
    },
  };
}

/** Replaces the head tags that differ between pages. */
function swapHead(doc: Document, next: Document): void {
  doc.title = next.title;
  doc.head.querySelectorAll(HEAD_SELECTOR).forEach((element) => element.remove());
  for (const element of next.head.querySelectorAll(HEAD_SELECTOR)) doc.head.append(doc.importNode(element, true));
}

/**
 * Puts the next page's region in place: only the main content when both pages show the same
 * sidebar (its scroll position and open categories stay), else the whole page region.
 */
function swapPageRegion(
  doc: Document,
  nextPage: Element,
  nextMain: Element,
  place: { url: URL; route: string; expandCategory: (category: HTMLElement) => void },
): Element {
  const page = doc.querySelector('.page[data-route]');
  if (page && sidebarName(page) && sidebarName(page) === sidebarName(nextPage)) {
    const main = doc.adoptNode(nextMain);
    page.querySelector('#main-content')?.replaceWith(main);
    page.className = nextPage.className;
    page.setAttribute('data-route', place.route);
    markActiveSidebarLink(page.querySelector('[data-sidebar]')!, place.url.pathname, place.expandCategory);
    return main;
  }
  if (!page) throw new Error('This page has no page region (.page) to replace.');
  const adopted = doc.adoptNode(nextPage);
  page.replaceWith(adopted);
  return adopted;
}

/** Navbar and mobile menu: the active section, and the islands whose props depend on the page. */
function updateNavbar(doc: Document, next: Document, route: string): Element[] {
  for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[data-active-prefix]')) {
    const active = isNavbarLinkActive(link.dataset.activePrefix, route);
    link.classList.toggle(link.classList.contains('menu-link') ? 'menu-link--active' : 'navbar__link--active', active);
    if (active) link.setAttribute('aria-current', 'true');
    else link.removeAttribute('aria-current');
  }
  const selector = '.navbar [data-island], [data-mobile-sidebar] [data-island]';
  const nextIslands = [...next.querySelectorAll(selector)];
  const replaced: Element[] = [];
  [...doc.querySelectorAll(selector)].forEach((island, index) => {
    const replacement = nextIslands[index];
    if (replacement && replacement.getAttribute('data-props') !== island.getAttribute('data-props')) {
      const adopted = doc.adoptNode(replacement);
      island.replaceWith(adopted);
      replaced.push(adopted);
    }
  });
  return replaced;
}

/** A restored position when there is one, else the hash target, else the top. */
function scrollToLocation(doc: Document, url: URL, scroll: number | undefined): void {
  const target = revealTarget(url.hash, doc);
  if (scroll !== undefined) window.scrollTo(0, scroll);
  else if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}

/** Links and other client code (a cancelable 'docsgen:navigate' event, from search hits) start navigations. */
function listenForNavigations(
  doc: Document,
  pageUrl: (href: string | null) => URL | null,
  isCurrentPage: (url: URL) => boolean,
  navigate: (url: URL, mode: HistoryMode) => void,
): void {
  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href]');
    if (!link || !isPlainClick(event, link)) return;
    const url = pageUrl(link.getAttribute('href'));
    if (!url) return;
    // A link to an anchor of this page scrolls natively (and hides the navbar via hashchange).
    if (isCurrentPage(url) && url.hash) return;
    event.preventDefault();
    navigate(url, url.href === location.href ? 'replace' : 'push');
  });
  window.addEventListener('docsgen:navigate', (event) => {
    const url = pageUrl((event as CustomEvent<{ url?: string }>).detail?.url ?? null);
    if (!url) return;
    event.preventDefault();
    navigate(url, url.href === location.href ? 'replace' : 'push');
  });
}

/** Pages are preloaded on hover, focus or touch of a link (not on 2g or data-saver connections). */
function listenForPreloads(doc: Document, pageUrl: (href: string | null) => URL | null, preload: (url: URL) => void) {
  const onPointerOrFocus = (event: Event) => {
    if (!canPreload(navigator)) return;
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href]');
    const url =
      link && !link.hasAttribute('download') && !link.getAttribute('target')
        ? pageUrl(link.getAttribute('href'))
        : null;
    if (url) preload(url);
  };
  for (const type of ['mouseover', 'focusin', 'touchstart'] as const)
    doc.addEventListener(type, onPointerOrFocus, { passive: true });
}

/**
 * Puts a fetched page in place of this one and announces it; false when the HTML is not a page of
 * this site. `recordEntry` adds or replaces the history entry once the page is known to be one.
 */
function showFetchedPage(
  html: string,
  { url, mode, scroll }: { url: URL; mode: HistoryMode; scroll: number | undefined },
  context: {
    options: NavigationOptions;
    expandCategory: (category: HTMLElement) => void;
    recordEntry(url: URL, mode: HistoryMode): void;
  },
): boolean {
  const { options } = context;
  const { doc } = options;
  const next = new DOMParser().parseFromString(html, 'text/html');
  const settings = next.getElementById('__docsgen');
  if (!settings) return false;
  const nextPage = next.querySelector('.page[data-route]');
  const nextMain = nextPage?.querySelector('#main-content');
  if (!nextPage || !nextMain)
    throw new Error(`The page at ${url.pathname} has no main content region (#main-content).`);
  const route = nextPage.getAttribute('data-route') ?? normalizeRoute(url.pathname);
  context.recordEntry(url, mode);
  options.beforeUpdate();
  swapHead(doc, next);
  const regions = [swapPageRegion(doc, nextPage, nextMain, { url, route, expandCategory: context.expandCategory })];
  doc.getElementById('__docsgen')!.textContent = settings.textContent;
  regions.push(...updateNavbar(doc, next, route));
  scrollToLocation(doc, url, scroll);
  options.onLocationChange(url.hash);
  if (mode !== 'pop') doc.getElementById('main-content')?.focus({ preventScroll: true });
  const announcer = doc.querySelector('[data-route-announcer]');
  if (announcer) announcer.textContent = doc.title;
  options.afterUpdate({ url, route, regions });
  doc.dispatchEvent(new CustomEvent('docsgen:route-updated', { detail: { route, url: url.href } }));
  return true;
}

/**
 * Client-side navigation: same-site page links load the next page's HTML and swap the page
 * region (sidebar and main content) instead of reloading; title, head tags, active navbar and
 * sidebar items follow. History push/pop restores scroll positions; a new page scrolls to the top
 * or to its hash target. Pages are preloaded on hover, focus or touch (not on 2g or data-saver
 * connections). A page that cannot be fetched is loaded normally instead.
 */
export function setupNavigation(
  options: NavigationOptions,
  expandCategory: (category: HTMLElement) => void,
): Navigation {
  const { doc, progress } = options;
  const pages = createPageCache();
  const entries = createScrollHistory();
  const pageUrl = (href: string | null) => sitePageUrl(href, options.lookup);
  let current = new URL(location.href);
  let token = 0;
  entries.restoreAfterLoad();

  const fullLoad = (url: URL, mode: HistoryMode) =>
    mode === 'pop' ? location.reload() : mode === 'replace' ? location.replace(url.href) : location.assign(url.href);
  const recordEntry = (url: URL, mode: HistoryMode) => {
    if (mode === 'push') entries.push(url);
    else if (mode === 'replace') entries.replace(url);
  };
  const render = (html: string, url: URL, mode: HistoryMode, scroll: number | undefined) => {
    const shown = showFetchedPage(html, { url, mode, scroll }, { options, expandCategory, recordEntry });
    if (shown) current = url;
    return shown;
  };

  /** A page that was fetched but cannot be shown: the crash screen, whose try-again fetches it afresh. */
  const showCrash = (url: URL, mode: HistoryMode, error: unknown) => {
    pages.forget(url);
    if (mode === 'push' && location.href !== url.href) entries.push(url);
    current = url;
    options.showCrash(new Error(`This page could not be displayed: ${url.pathname}`, { cause: error }), () =>
      navigate(url, 'replace'),
    );
  };

  async function navigate(url: URL, mode: HistoryMode = 'push', scroll?: number): Promise<void> {
    const id = ++token;
    if (url.pathname !== current.pathname) progress.start();
    let html: string;
    try {
      html = await pages.load(url);
    } catch {
      if (id === token) fullLoad(url, mode);
      return;
    }
    if (id !== token) return;
    try {
      if (!render(html, url, mode, scroll)) fullLoad(url, mode);
    } catch (error) {
      showCrash(url, mode, error);
    } finally {
      if (id === token) progress.done();
    }
  }

  const isCurrentPage = (url: URL) => url.pathname === current.pathname && url.search === current.search;
  listenForNavigations(doc, pageUrl, isCurrentPage, (url, mode) => void navigate(url, mode));
  listenForPreloads(doc, pageUrl, (url) => {
    if (url.pathname !== current.pathname) pages.load(url).catch(() => undefined);
  });
  window.addEventListener('scroll', entries.rememberScroll, { passive: true });
  window.addEventListener('pagehide', entries.saveOnLeave);
  window.addEventListener('hashchange', () => {
    entries.keyNewEntry();
    current = new URL(location.href);
  });
  window.addEventListener('popstate', (event) => {
    const saved = entries.pop(event.state as { key?: string; scroll?: number } | null);
    const url = new URL(location.href);
    if (!isCurrentPage(url)) return void navigate(url, 'pop', saved);
    // Back or forward between anchors of this page: scroll only.
    current = url;
    const target = revealTarget(url.hash, doc);
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    options.onLocationChange(url.hash);
  });

  return {
    navigate: (url, mode = 'push') => navigate(url, mode),
    prefetch: (url) => void pages.load(url).catch(() => undefined),
  };
}
