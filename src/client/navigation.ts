import { isNavbarLinkActive } from '@templates/components/nav-active.js';
import { normalizeRoute } from '../shared/url.js';
import { LruCache } from './lru-cache.js';
import { hashTarget } from './navbar-hide.js';
import type { ProgressBar } from './progress-bar.js';

/** Fetched pages kept for instant back/forward and hover preloads. */
export const PAGE_CACHE_SIZE = 30;

/** Head elements that differ between pages and are replaced on navigation. */
const HEAD_SELECTOR =
  'meta[name]:not([name="viewport"]), meta[property], link[rel="canonical"], link[rel="alternate"], link[rel="prev"], link[rel="next"], script[type="application/ld+json"]';

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
  const { doc, lookup, progress } = options;
  const pages = new LruCache<string, Promise<string>>(PAGE_CACHE_SIZE);
  const scrolls = new LruCache<string, number>(200);
  let current = new URL(location.href);
  let token = 0;
  let key: string = history.state?.key ?? newKey();

  history.scrollRestoration = 'manual';
  if (!history.state?.key) history.replaceState({ ...history.state, key }, '');
  const navigationType = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
    ?.type;
  if ((navigationType === 'reload' || navigationType === 'back_forward') && typeof history.state?.scroll === 'number')
    window.scrollTo(0, history.state.scroll);

  const pageUrl = (href: string | null): URL | null => {
    if (!href) return null;
    let url: URL;
    try {
      url = new URL(href, location.href);
    } catch {
      return null;
    }
    return url.origin === location.origin && /^https?:$/.test(url.protocol) && lookup(url.pathname) !== null
      ? url
      : null;
  };
  const load = (url: URL): Promise<string> => {
    const cacheKey = url.pathname;
    let page = pages.get(cacheKey);
    if (!page) {
      page = fetch(url.pathname + url.search, { headers: { accept: 'text/html' }, credentials: 'same-origin' }).then(
        (response) => {
          if (
            !response.ok ||
            response.redirected ||
            !(response.headers.get('content-type') ?? '').includes('text/html')
          )
            throw new Error(`Loading ${url.pathname} failed with HTTP ${response.status}`);
          return response.text();
        },
      );
      page.catch(() => pages.delete(cacheKey));
      pages.set(cacheKey, page);
    }
    return page;
  };
  const saveScroll = () => {
    scrolls.set(key, window.scrollY);
    history.replaceState({ ...history.state, key, scroll: window.scrollY }, '');
  };
  const fullLoad = (url: URL, mode: 'push' | 'replace' | 'pop') =>
    mode === 'pop' ? location.reload() : mode === 'replace' ? location.replace(url.href) : location.assign(url.href);

  /** Puts the fetched page in place; false when the HTML is not a page of this site. */
  const render = (html: string, url: URL, mode: 'push' | 'replace' | 'pop', scroll: number | undefined): boolean => {
    const next = new DOMParser().parseFromString(html, 'text/html');
    const settings = next.getElementById('__docsgen');
    if (!settings) return false;
    const nextPage = next.querySelector('.page[data-route]');
    const nextMain = nextPage?.querySelector('#main-content');
    if (!nextPage || !nextMain)
      throw new Error(`The page at ${url.pathname} has no main content region (#main-content).`);
    const route = nextPage.getAttribute('data-route') ?? normalizeRoute(url.pathname);
    if (mode === 'push') {
      saveScroll();
      key = newKey();
      history.pushState({ key }, '', url.href);
    } else if (mode === 'replace') history.replaceState({ ...history.state, key }, '', url.href);
    options.beforeUpdate();
    doc.title = next.title;
    doc.head.querySelectorAll(HEAD_SELECTOR).forEach((element) => element.remove());
    for (const element of next.head.querySelectorAll(HEAD_SELECTOR)) doc.head.append(doc.importNode(element, true));
    const page = doc.querySelector('.page[data-route]');
    const regions: Element[] = [];
    if (page && sidebarName(page) && sidebarName(page) === sidebarName(nextPage)) {
      const main = doc.adoptNode(nextMain);
      page.querySelector('#main-content')?.replaceWith(main);
      page.className = nextPage.className;
      page.setAttribute('data-route', route);
      markActiveSidebarLink(page.querySelector('[data-sidebar]')!, url.pathname, expandCategory);
      regions.push(main);
    } else {
      const adopted = doc.adoptNode(nextPage);
      if (page) page.replaceWith(adopted);
      else throw new Error('This page has no page region (.page) to replace.');
      regions.push(adopted);
    }
    doc.getElementById('__docsgen')!.textContent = settings.textContent;
    // Navbar and mobile menu: active section, and islands whose props depend on the page.
    for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[data-active-prefix]')) {
      const active = isNavbarLinkActive(link.dataset.activePrefix, route);
      link.classList.toggle(
        link.classList.contains('menu-link') ? 'menu-link--active' : 'navbar__link--active',
        active,
      );
      if (active) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
    const nextIslands = [...next.querySelectorAll('.navbar [data-island], [data-mobile-sidebar] [data-island]')];
    [...doc.querySelectorAll('.navbar [data-island], [data-mobile-sidebar] [data-island]')].forEach((island, index) => {
      const replacement = nextIslands[index];
      if (replacement && replacement.getAttribute('data-props') !== island.getAttribute('data-props')) {
        const adopted = doc.adoptNode(replacement);
        island.replaceWith(adopted);
        regions.push(adopted);
      }
    });
    current = url;
    const target = hashTarget(url.hash, doc);
    if (scroll !== undefined) window.scrollTo(0, scroll);
    else if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    options.onLocationChange(url.hash);
    if (mode !== 'pop') doc.getElementById('main-content')?.focus({ preventScroll: true });
    const announcer = doc.querySelector('[data-route-announcer]');
    if (announcer) announcer.textContent = doc.title;
    options.afterUpdate({ url, route, regions });
    doc.dispatchEvent(new CustomEvent('docsgen:route-updated', { detail: { route, url: url.href } }));
    return true;
  };

  async function navigate(url: URL, mode: 'push' | 'replace' | 'pop' = 'push', scroll?: number): Promise<void> {
    const id = ++token;
    const pathChanged = url.pathname !== current.pathname;
    if (pathChanged) progress.start();
    let html: string;
    try {
      html = await load(url);
    } catch {
      if (id === token) fullLoad(url, mode);
      return;
    }
    if (id !== token) return;
    try {
      if (!render(html, url, mode, scroll)) fullLoad(url, mode);
    } catch (error) {
      pages.delete(url.pathname); // try again fetches it afresh
      if (mode === 'push' && location.href !== url.href) {
        saveScroll();
        key = newKey();
        history.pushState({ key }, '', url.href);
      }
      current = url;
      options.showCrash(
        new Error(`This page could not be displayed: ${url.pathname}`, { cause: error }),
        () => void navigate(url, 'replace'),
      );
    } finally {
      if (id === token) progress.done();
    }
  }

  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href]');
    if (!link || !isPlainClick(event, link)) return;
    const url = pageUrl(link.getAttribute('href'));
    if (!url) return;
    // A link to an anchor of this page scrolls natively (and hides the navbar via hashchange).
    if (url.pathname === current.pathname && url.search === current.search && url.hash) return;
    event.preventDefault();
    void navigate(url, url.href === location.href ? 'replace' : 'push');
  });

  // Other client code (search hits) asks for a navigation with a cancelable 'docsgen:navigate' event.
  window.addEventListener('docsgen:navigate', (event) => {
    const url = pageUrl((event as CustomEvent<{ url?: string }>).detail?.url ?? null);
    if (!url) return;
    event.preventDefault();
    void navigate(url, url.href === location.href ? 'replace' : 'push');
  });

  const preload = (event: Event) => {
    if (!canPreload(navigator)) return;
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href]');
    const url =
      link && !link.hasAttribute('download') && !link.getAttribute('target')
        ? pageUrl(link.getAttribute('href'))
        : null;
    if (url && url.pathname !== current.pathname) load(url).catch(() => undefined);
  };
  for (const type of ['mouseover', 'focusin', 'touchstart'] as const)
    doc.addEventListener(type, preload, { passive: true });

  window.addEventListener('scroll', () => scrolls.set(key, window.scrollY), { passive: true });
  window.addEventListener('pagehide', () =>
    history.replaceState({ ...history.state, key, scroll: window.scrollY }, ''),
  );
  window.addEventListener('hashchange', () => {
    if (!history.state?.key) {
      key = newKey();
      history.replaceState({ ...history.state, key }, '');
    }
    current = new URL(location.href);
  });
  window.addEventListener('popstate', (event) => {
    const state = event.state as { key?: string; scroll?: number } | null;
    scrolls.set(key, window.scrollY); // the entry being left (its last scroll event may not have run yet)
    key = state?.key ?? newKey();
    if (!state?.key) history.replaceState({ ...state, key }, '');
    const url = new URL(location.href);
    const saved = scrolls.get(key) ?? state?.scroll;
    if (url.pathname === current.pathname && url.search === current.search) {
      current = url;
      const target = hashTarget(url.hash, doc);
      if (saved !== undefined) window.scrollTo(0, saved);
      else if (target) target.scrollIntoView();
      options.onLocationChange(url.hash);
      return;
    }
    void navigate(url, 'pop', saved);
  });

  return {
    navigate: (url, mode = 'push') => navigate(url, mode),
    prefetch: (url) => void load(url).catch(() => undefined),
  };
}
