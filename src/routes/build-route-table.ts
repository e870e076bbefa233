import type { NavItem, Page } from '../model.js';

export interface PageLinkRef {
  label: string;
  route: string;
}

export interface RouteTable {
  /** Every page, sorted by route. */
  pages: Page[];
  byRoute: ReadonlyMap<string, Page>;
  sidebars: Readonly<Record<string, NavItem[]>>;
  /** The sidebar each page belongs to (the first that lists it). */
  sidebarOf: ReadonlyMap<string, string>;
  prevNext: ReadonlyMap<string, { previous?: PageLinkRef; next?: PageLinkRef }>;
  /** Category labels above a page in its sidebar. */
  breadcrumbs: ReadonlyMap<string, string[]>;
}

/** Indexes pages by route and derives, from the sidebars, each page's sidebar, prev/next and breadcrumbs. */
export function buildRouteTable(pages: readonly Page[], sidebars: Readonly<Record<string, NavItem[]>>): RouteTable {
  const sorted = [...pages].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  const byRoute = new Map(sorted.map((page) => [page.route, page]));
  const sidebarOf = new Map<string, string>();
  const prevNext = new Map<string, { previous?: PageLinkRef; next?: PageLinkRef }>();
  const breadcrumbs = new Map<string, string[]>();
  for (const [name, items] of Object.entries(sidebars)) {
    const links: PageLinkRef[] = [];
    const walk = (list: NavItem[], trail: string[]) => {
      for (const item of list) {
        if (item.type === 'link' && byRoute.has(item.route)) {
          links.push({ label: item.label, route: item.route });
          if (!breadcrumbs.has(item.route)) breadcrumbs.set(item.route, trail);
        } else if (item.type === 'category') {
          if (item.route && byRoute.has(item.route)) links.push({ label: item.label, route: item.route });
          walk(item.items, [...trail, item.label]);
        }
      }
    };
    walk(items, []);
    links.forEach((link, index) => {
      if (sidebarOf.has(link.route)) return;
      sidebarOf.set(link.route, name);
      prevNext.set(link.route, { previous: links[index - 1], next: links[index + 1] });
    });
  }
  applyPagination(sorted, byRoute, prevNext);
  return { pages: sorted, byRoute, sidebars, sidebarOf, prevNext, breadcrumbs };
}

/**
 * Docusaurus' pagination front matter: `pagination_prev`/`pagination_next` (a doc id, or null for
 * none) replace the sidebar's neighbours, and a page's `pagination_label` is what links to it say.
 * An id that names no doc keeps the sidebar's neighbour (checkPagination reports it).
 */
function applyPagination(
  pages: readonly Page[],
  byRoute: ReadonlyMap<string, Page>,
  prevNext: Map<string, { previous?: PageLinkRef; next?: PageLinkRef }>,
): void {
  const byId = new Map(pages.filter((page) => page.docMeta).map((page) => [page.id, page]));
  const refTo = (page: Page): PageLinkRef => ({ label: paginationLabel(page), route: page.route });
  const relabel = (link: PageLinkRef | undefined) => {
    const target = link && byRoute.get(link.route);
    return target?.docMeta?.paginationLabel ? { ...link!, label: target.docMeta.paginationLabel } : link;
  };
  const pick = (id: string | null | undefined, fallback: PageLinkRef | undefined) => {
    if (id === null) return undefined;
    const target = id === undefined ? undefined : byId.get(id);
    return target ? refTo(target) : relabel(fallback);
  };
  for (const page of pages) {
    const links = prevNext.get(page.route);
    const meta = page.docMeta;
    if (!links && meta?.paginationPrev === undefined && meta?.paginationNext === undefined) continue;
    const previous = pick(meta?.paginationPrev, links?.previous);
    const next = pick(meta?.paginationNext, links?.next);
    prevNext.set(page.route, { previous, next });
  }
}

export function paginationLabel(page: Page): string {
  return page.docMeta?.paginationLabel ?? page.sidebarLabel ?? page.title;
}
