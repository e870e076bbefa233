import { createHash } from 'node:crypto';
import type { SiteConfig } from '../config/resolve-config.js';
import type { NavItem, Page } from '../model.js';
import type { RouteTable } from '../routes/build-route-table.js';
import type { ClientBundle } from '../bundle/bundle-client.js';
import { joinBase } from '../shared/url.js';
import { buildHeadScript } from './head-script.js';
import { buildPageProps } from './build-page-props.js';
import { katexCssPath } from '../output/katex-assets.js';
import { buildSiteProps } from './build-site-props.js';
import type { AssetProps, NavbarItemProps } from './page-props.js';
import { DOC_CARD_LIST_PLACEHOLDER } from '../content/plugins/remark-docs-features.js';
import { renderPage } from './render-page.js';

/** The page renderer and a version that changes with its code (templates). */
export interface Renderer {
  renderPage: typeof renderPage;
  version: string;
}

/** The renderer compiled into docsgen. `docsgen dev` loads a fresh one when templates change. */
export const builtinRenderer: Renderer = { renderPage, version: 'builtin' };

/**
 * HTML kept between builds (the build cache of `docsgen build` and `docsgen dev`): a page is
 * rendered again only when the key of what it is rendered from (its props, the head script, the
 * renderer) changes.
 */
export interface RenderCache {
  /** As rendered and as saved: UTF-8 bytes, written out as they are, never decoded. */
  html: Map<string, { key: string; html: PageHtml }>;
  /** Hashes of props parts by object: pages the content cache reuses are hashed once. */
  hashes: WeakMap<object, string>;
}

export function createRenderCache(): RenderCache {
  return { html: new Map(), hashes: new WeakMap() };
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

export interface RenderSiteInput {
  config: SiteConfig;
  table: RouteTable;
  navbarItems: NavbarItemProps[];
  bundle: ClientBundle;
  notFound: Page;
  renderer?: Renderer;
  cache?: RenderCache;
}

/** A page's HTML, as UTF-8 bytes. */
export type PageHtml = Uint8Array;

/** One page ready to render: `key` identifies its inputs, `render` returns its HTML (from the cache when the key is known). */
export interface RenderJob {
  route: string;
  key: string;
  render(): PageHtml;
}

/**
 * Plans every page without rendering it: `renderSite` renders them all, while `docsgen dev`
 * renders a page when it is first requested and compares keys to find the pages an edit changed.
 *
 * A page's key hashes everything its render reads: the page, its sidebar (whole: the trimmed one
 * derives from it), its prev/next and breadcrumbs, the descriptions its doc cards show, the site
 * props, the assets, the head script and the renderer. It is computed without building the props,
 * since trimming a large sidebar for each of 1,000 pages costs more than a whole rebuild should;
 * keep it in step with buildPageProps. Large parts are hashed once per object (props are immutable).
 */
export function planRender({
  config,
  table,
  navbarItems,
  bundle,
  notFound,
  renderer = builtinRenderer,
  cache,
}: RenderSiteInput): { pages: RenderJob[]; notFound: RenderJob } {
  const site = buildSiteProps(config, navbarItems);
  const headScript = buildHeadScript(site);
  const asset = (path: string) => joinBase(config.baseUrl, `/${path}`);
  const assets: AssetProps = {
    js: asset(bundle.entry.js),
    css: bundle.entry.css.map(asset),
    preload: bundle.entry.preload.map(asset),
  };
  // KaTeX's stylesheet only on pages with math.
  const mathAssets: AssetProps = { ...assets, pageCss: [asset(katexCssPath())] };
  const apiOverviewRoute = table.pages.find((page) => page.kind === 'api-overview')?.route;
  const hashes = cache?.hashes ?? new WeakMap<object, string>();
  const once = (value: object, hash: () => string) => {
    let known = hashes.get(value);
    if (known === undefined) hashes.set(value, (known = hash()));
    return known;
  };
  const nav = (item: NavItem): string =>
    once(item, () => sha1(JSON.stringify(item.type === 'category' ? { ...item, items: item.items.map(nav) } : item)));
  const sidebarKeys = new Map<string, string>();
  const sidebarKey = (name: string, cards: boolean) => {
    const id = `${name}\0${cards}`;
    if (!sidebarKeys.has(id)) {
      const items = table.sidebars[name] ?? [];
      const descriptions = cards
        ? JSON.stringify(table.pages.filter((p) => table.sidebarOf.get(p.route) === name).map((p) => p.description))
        : '';
      sidebarKeys.set(id, sha1(`${name}\0${items.map(nav).join(',')}\0${descriptions}`));
    }
    return sidebarKeys.get(id)!;
  };
  const shared = sha1(
    [renderer.version, headScript, apiOverviewRoute, JSON.stringify(site), JSON.stringify(assets)].join('\0'),
  );
  const keyOf = (page: Page) => {
    const { body } = page;
    const cards =
      body.type === 'html' && once(body, () => String(body.html.includes(DOC_CARD_LIST_PLACEHOLDER))) === 'true';
    const sidebar = table.sidebarOf.get(page.route);
    const parts = [
      shared,
      once(page, () => sha1(JSON.stringify(page))),
      sidebar ? sidebarKey(sidebar, cards) : '',
      JSON.stringify(table.prevNext.get(page.route) ?? null),
      JSON.stringify(table.breadcrumbs.get(page.route) ?? null),
    ];
    return parts.join('\0');
  };
  const job = (page: Page, cacheKey: string, overviewRoute?: string): RenderJob => {
    let key: string | undefined;
    const renderJob: RenderJob = {
      route: page.route,
      // Computed when first read: a build without a cache never reads it (hashing every page's
      // JSON is ~0.17 s of a 1,000-page build).
      get key() {
        return (key ??= keyOf(page));
      },
      render() {
        const cached = cache?.html.get(cacheKey);
        if (cached && cached.key === renderJob.key) return cached.html;
        // Kept as UTF-8 bytes: off the V8 heap (a 1,000-page site's HTML as strings is 150 MB the
        // garbage collector walks again and again) and already in the form files are written in.
        const html = Buffer.from(
          renderer.renderPage({
            props: buildPageProps(page, table, site, page.usesMath ? mathAssets : assets),
            headScript,
            apiOverviewRoute: overviewRoute,
          }),
        );
        if (cache) cache.html.set(cacheKey, { key: renderJob.key, html });
        return html;
      },
    };
    return renderJob;
  };
  const pages = table.pages.map((page) => job(page, page.route, apiOverviewRoute));
  if (cache)
    for (const route of [...cache.html.keys()])
      if (route !== '404.html' && !table.byRoute.has(route)) cache.html.delete(route);
  return { pages, notFound: job(notFound, '404.html') };
}

/** Renders every page of the route table, and the not-found page, to HTML. */
export function renderSite(input: RenderSiteInput): { html: Map<string, PageHtml>; notFoundHtml: PageHtml } {
  const plan = planRender(input);
  return { html: new Map(plan.pages.map((page) => [page.route, page.render()])), notFoundHtml: plan.notFound.render() };
}
