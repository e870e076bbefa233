import type { NavItem, Page } from '../model.js';
import type { PageLinkRef, RouteTable } from '../routes/build-route-table.js';
import { hasDocCardList } from '../content/lazy-body.js';
import { joinBase } from '../shared/url.js';
import type { AssetProps, DocCardProps, PageProps, SiteProps } from './page-props.js';
import type { PageVersionProps } from '../routes/build-version-links.js';

/** Sidebars with more links than this render only the active page's categories in full. */
export const FULL_SIDEBAR_LIMIT = 150;

function countLinks(items: readonly NavItem[]): number {
  return items.reduce((n, item) => n + (item.type === 'category' ? 1 + countLinks(item.items) : 1), 0);
}

function contains(item: NavItem, route: string): boolean {
  if (item.type === 'link') return item.route === route;
  return item.type === 'category' && (item.route === route || item.items.some((child) => contains(child, route)));
}

/**
 * Keeps a page light on large sites: categories away from the active page are sent empty and
 * collapsed; the client fetches their items from /meta/sidebars/{name}.json when expanded.
 * Categories that start collapsed anyway are emptied first: when that is enough (an API sidebar
 * whose many schema pages sit in a collapsed "Schemas" category), the open categories keep their
 * links, which readers without JavaScript need.
 */
export function trimSidebar(items: readonly NavItem[], route: string): NavItem[] {
  if (countLinks(items) <= FULL_SIDEBAR_LIMIT) return [...items];
  const trim = (list: readonly NavItem[], onlyCollapsed: boolean): NavItem[] =>
    list.map((item) =>
      item.type !== 'category'
        ? item
        : contains(item, route)
          ? { ...item, items: trim(item.items, onlyCollapsed) }
          : onlyCollapsed && !item.collapsed
            ? { ...item, items: trim(item.items, onlyCollapsed) }
            : { ...item, items: [], collapsed: true },
    );
  const collapsedOnly = trim(items, true);
  return countLinks(collapsedOnly) <= FULL_SIDEBAR_LIMIT ? collapsedOnly : trim(items, false);
}

/** The items `::doc-card-list` shows on `page`: the other items of the category the page sits in. */
function docCardItems(page: Page, items: readonly NavItem[]): NavItem[] {
  const findSiblings = (list: readonly NavItem[]): readonly NavItem[] | undefined => {
    if (list.some((item) => item.type === 'link' && item.route === page.route)) return list;
    // A category's generated index lists the category's own items.
    const category = list.find((item) => item.type === 'category' && item.route === page.route);
    if (category?.type === 'category') return category.items;
    for (const item of list)
      if (item.type === 'category') {
        const found = findSiblings(item.items);
        if (found) return found;
      }
    return undefined;
  };
  return (findSiblings(items) ?? []).filter((item) => !(item.type === 'link' && item.route === page.route));
}

const cardRoute = (item: NavItem) =>
  item.type === 'link'
    ? item.route
    : item.type === 'category'
      ? (item.route ?? (item.items[0]?.type === 'link' ? item.items[0].route : undefined))
      : undefined;

/** `::doc-card-list`: a card for each item of `docCardItems`, with the description of the page it links to. */
function buildDocCards(
  page: Page,
  items: readonly NavItem[],
  descriptions: Record<string, string>,
  baseUrl: string,
): DocCardProps[] {
  return docCardItems(page, items).flatMap((item) => {
    const route = cardRoute(item);
    if (!route) return [];
    return [{ label: item.label, href: joinBase(baseUrl, route), description: descriptions[route] ?? '' }];
  });
}

/**
 * Everything one page's props are built from, and nothing else: the render cache keys a page by
 * this object, so what buildPageProps may read and what the key covers cannot drift apart.
 */
export interface PagePropsInput {
  page: Page;
  sidebarName?: string;
  /** The page's whole sidebar (the table's own array, shared by its pages); the props carry it trimmed. */
  sidebarItems?: readonly NavItem[];
  /** For a page with `::doc-card-list`: the description of each page its cards link to, by route. */
  cardDescriptions?: Record<string, string>;
  links?: { previous?: PageLinkRef; next?: PageLinkRef };
  breadcrumbs?: string[];
  version?: PageVersionProps;
  site: SiteProps;
  assets: AssetProps;
}

// Not `body.html.includes(…)`: every page's render key asks this, and a body restored from the
// build cache is read only when needed (content/lazy-body.ts).
const hasDocCards = (page: Page) => page.body.type === 'html' && hasDocCardList(page.body);

/**
 * A reference page of a site with several APIs starts its trail with its API's label: a v0 and a v1
 * share titles and tags ('Home › Berths › List berths' would be the same on both).
 */
function withApiCrumb(page: Page, trail: string[] | undefined): string[] | undefined {
  if (!page.apiLabel || page.apiLabel === page.title) return trail;
  return [page.apiLabel, ...(trail ?? [])];
}

/** What `page` is rendered from, looked up in the route table (cheap: no sidebar is trimmed here). */
export function pagePropsInput(
  page: Page,
  table: RouteTable,
  site: SiteProps,
  { assets, version }: { assets: AssetProps; version?: PageVersionProps },
): PagePropsInput {
  const sidebarName = table.sidebarOf.get(page.route);
  const sidebarItems = sidebarName ? table.sidebars[sidebarName] : undefined;
  const cardRoutes = sidebarItems && hasDocCards(page) ? docCardItems(page, sidebarItems).map(cardRoute) : [];
  const cardDescriptions = Object.fromEntries(
    cardRoutes.flatMap((route) => (route ? [[route, table.byRoute.get(route)?.description ?? '']] : [])),
  );
  return {
    page,
    sidebarName,
    sidebarItems,
    cardDescriptions: cardRoutes.length ? cardDescriptions : undefined,
    links: table.prevNext.get(page.route),
    breadcrumbs: withApiCrumb(page, table.breadcrumbs.get(page.route)),
    ...(version ? { version } : {}),
    site,
    assets,
  };
}

/** Everything the templates need for one page, as plain data. */
export function buildPageProps(input: PagePropsInput): PageProps {
  const { page, sidebarName, sidebarItems: fullSidebar, links, site, assets } = input;
  const docCards =
    fullSidebar && hasDocCards(page)
      ? buildDocCards(page, fullSidebar, input.cardDescriptions ?? {}, site.baseUrl)
      : undefined;
  return {
    site,
    page: {
      id: page.id,
      route: page.route,
      kind: page.kind,
      title: page.title,
      description: page.description,
      body: page.body,
      ...(docCards ? { docCards } : {}),
      hideTableOfContents: page.hideTableOfContents,
      badge: page.badge,
      toc: page.toc,
      docMeta: page.docMeta,
      ...(page.headTags ? { headTags: page.headTags } : {}),
      ...(page.apiLabel ? { apiLabel: page.apiLabel } : {}),
    },
    sidebar:
      sidebarName && fullSidebar ? { name: sidebarName, items: trimSidebar(fullSidebar, page.route) } : undefined,
    breadcrumbs: input.breadcrumbs ?? [],
    previous: links?.previous,
    next: links?.next,
    ...(input.version ? { version: input.version } : {}),
    assets,
  };
}
