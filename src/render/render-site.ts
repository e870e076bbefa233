import { createHash } from 'node:crypto';
import type { SiteConfig } from '../config/resolve-config.js';
import type { NavItem, Page } from '../model.js';
import type { RouteTable } from '../routes/build-route-table.js';
import type { ClientBundle } from '../bundle/bundle-client.js';
import { joinBase } from '../shared/url.js';
import { buildHeadScript } from './head-script.js';
import { buildPageProps } from './build-page-props.js';
import { buildSiteProps } from './build-site-props.js';
import type { AssetProps, NavbarItemProps, PageProps } from './page-props.js';
import { renderPage } from './render-page.js';

/** The page renderer and a version that changes with its code (templates). */
export interface Renderer {
  renderPage: typeof renderPage;
  version: string;
}

/** The renderer compiled into docsgen. `docsgen dev` loads a fresh one when templates change. */
export const builtinRenderer: Renderer = { renderPage, version: 'builtin' };

/**
 * HTML kept between builds by `docsgen dev`: a page is rendered again only when the key of what
 * it is rendered from (its props, the head script, the renderer) changes.
 */
export interface RenderCache {
  html: Map<string, { key: string; html: string }>;
  /** Hashes of props parts by object: pages the content cache reuses are hashed once. */
  hashes: WeakMap<object, string>;
}

export function createRenderCache(): RenderCache {
  return { html: new Map(), hashes: new WeakMap() };
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/**
 * A hash of a page's props that is cheap to compute for every page on every rebuild: the large
 * parts (site, assets, body, sidebar items) are hashed once per object, relying on props being
 * immutable; everything else is serialised as is, so a new prop is part of the key by default.
 */
function hashProps(props: PageProps, hashes: WeakMap<object, string>): string {
  const once = (value: object, hash: () => string) => {
    let known = hashes.get(value);
    if (known === undefined) hashes.set(value, (known = hash()));
    return known;
  };
  const json = (value: object) => once(value, () => sha1(JSON.stringify(value)));
  const nav = (item: NavItem): string => once(item, () => (item.type === 'category' ? sha1(JSON.stringify({ ...item, items: item.items.map(nav) })) : sha1(JSON.stringify(item))));
  const { site, assets, page, sidebar, ...rest } = props;
  const { body, ...pageRest } = page;
  const parts = [json(site), json(assets), json(body), JSON.stringify(pageRest), sidebar ? `${sidebar.name}:${sidebar.items.map(nav).join(',')}` : '', JSON.stringify(rest)];
  return sha1(parts.join('\n'));
}

export interface RenderSiteInput {
  config: SiteConfig;
  table: RouteTable;
  navbarItems: NavbarItemProps[];
  bundle: ClientBundle;
  notFound: Page;
  renderer?: Renderer;
  cache?: RenderCache;
}

/** One page ready to render: `key` identifies its inputs, `render` returns its HTML (from the cache when the key is known). */
export interface RenderJob {
  route: string;
  key: string;
  render(): string;
}

/**
 * Builds every page's props and key without rendering: `renderSite` renders them all, while
 * `docsgen dev` renders a page when it is first requested and compares keys to find the pages
 * an edit changed.
 */
export function planRender({ config, table, navbarItems, bundle, notFound, renderer = builtinRenderer, cache }: RenderSiteInput): { pages: RenderJob[]; notFound: RenderJob } {
  const site = buildSiteProps(config, navbarItems);
  const headScript = buildHeadScript(site);
  const asset = (path: string) => joinBase(config.baseUrl, `/${path}`);
  const assets: AssetProps = { js: asset(bundle.entry.js), css: bundle.entry.css.map(asset), preload: bundle.entry.preload.map(asset) };
  const apiOverviewRoute = table.pages.find((page) => page.kind === 'api-overview')?.route;
  const shared = sha1(`${renderer.version}\0${headScript}\0${apiOverviewRoute}`);
  const hashes = cache?.hashes ?? new WeakMap<object, string>();
  const job = (page: Page, cacheKey: string, overviewRoute?: string): RenderJob => {
    const props = buildPageProps(page, table, site, assets);
    const key = sha1(`${shared}\0${hashProps(props, hashes)}`);
    return {
      route: page.route,
      key,
      render() {
        const cached = cache?.html.get(cacheKey);
        if (cached?.key === key) return cached.html;
        const html = renderer.renderPage({ props, headScript, apiOverviewRoute: overviewRoute });
        cache?.html.set(cacheKey, { key, html });
        return html;
      },
    };
  };
  const pages = table.pages.map((page) => job(page, page.route, apiOverviewRoute));
  if (cache) for (const route of [...cache.html.keys()]) if (route !== '404.html' && !table.byRoute.has(route)) cache.html.delete(route);
  return { pages, notFound: job(notFound, '404.html') };
}

/** Renders every page of the route table, and the not-found page, to HTML. */
export function renderSite(input: RenderSiteInput): { html: Map<string, string>; notFoundHtml: string } {
  const plan = planRender(input);
  return { html: new Map(plan.pages.map((page) => [page.route, page.render()])), notFoundHtml: plan.notFound.render() };
}
