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
  return { pages: sorted, byRoute, sidebars, sidebarOf, prevNext, breadcrumbs };
}
