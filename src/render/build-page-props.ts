import type { NavItem, Page } from '../model.js';
import type { RouteTable } from '../routes/build-route-table.js';
import { DOC_CARD_LIST_PLACEHOLDER } from '../content/plugins/remark-docs-features.js';
import { joinBase } from '../shared/url.js';
import type { AssetProps, PageProps, SiteProps } from './page-props.js';

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
 */
export function trimSidebar(items: readonly NavItem[], route: string): NavItem[] {
  if (countLinks(items) <= FULL_SIDEBAR_LIMIT) return [...items];
  const trim = (list: readonly NavItem[]): NavItem[] =>
    list.map((item) =>
      item.type !== 'category'
        ? item
        : contains(item, route)
          ? { ...item, items: trim(item.items) }
          : { ...item, items: [], collapsed: true },
    );
  return trim(items);
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `::doc-card-list`: cards for the other items of the category the page sits in. */
function renderDocCards(page: Page, items: readonly NavItem[], table: RouteTable, baseUrl: string): string {
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
  const siblings = (findSiblings(items) ?? []).filter((item) => !(item.type === 'link' && item.route === page.route));
  const cards = siblings.map((item) => {
    const route =
      item.type === 'link'
        ? item.route
        : item.type === 'category'
          ? (item.route ?? (item.items[0]?.type === 'link' ? item.items[0].route : undefined))
          : undefined;
    if (!route) return '';
    const description = table.byRoute.get(route)?.description ?? '';
    return `<li class="doc-card"><a href="${escapeHtml(joinBase(baseUrl, route))}"><span class="doc-card__title">${escapeHtml(item.label)}</span><span class="doc-card__description">${escapeHtml(description)}</span></a></li>`;
  });
  return `<ul class="doc-cards">${cards.join('')}</ul>`;
}

/** Everything the templates need for one page, as plain data. */
export function buildPageProps(page: Page, table: RouteTable, site: SiteProps, assets: AssetProps): PageProps {
  const sidebarName = table.sidebarOf.get(page.route);
  const fullSidebar = sidebarName ? table.sidebars[sidebarName] : undefined;
  const links = table.prevNext.get(page.route);
  let body = page.body;
  if (body.type === 'html' && fullSidebar && body.html.includes(DOC_CARD_LIST_PLACEHOLDER)) {
    body = {
      type: 'html',
      html: body.html.split(DOC_CARD_LIST_PLACEHOLDER).join(renderDocCards(page, fullSidebar, table, site.baseUrl)),
    };
  }
  return {
    site,
    page: {
      id: page.id,
      route: page.route,
      kind: page.kind,
      title: page.title,
      description: page.description,
      body,
      hideTableOfContents: page.hideTableOfContents,
      badge: page.badge,
      toc: page.toc,
      docMeta: page.docMeta,
    },
    sidebar:
      sidebarName && fullSidebar ? { name: sidebarName, items: trimSidebar(fullSidebar, page.route) } : undefined,
    breadcrumbs: table.breadcrumbs.get(page.route) ?? [],
    previous: links?.previous,
    next: links?.next,
    assets,
  };
}
