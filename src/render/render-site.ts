import type { SiteConfig } from '../config/resolve-config.js';
import type { NavItem, Page } from '../model.js';
import type { RouteTable } from '../routes/build-route-table.js';
import type { ClientBundle } from '../bundle/bundle-client.js';
import { joinBase } from '../shared/url.js';
import { buildHeadScript } from './head-script.js';
import { katexCssPath } from '../output/katex-assets.js';
import { infimaCssPath } from '../output/infima-assets.js';
import type { VersionIndex } from '../routes/build-version-links.js';
import { buildPageProps, pagePropsInput, type PagePropsInput } from './build-page-props.js';
import { cachedEach, cachedEachAsync, type ItemCache } from '../cache/cached.js';
import { siteCacheDir } from '../shared/package-paths.js';
import { buildSiteProps } from './build-site-props.js';
import type { AssetProps, NavbarItemProps, SiteProps } from './page-props.js';
import { renderPage } from './render-page.js';

/** The page renderer and a version that changes with its code (templates). */
export interface Renderer {
  renderPage: typeof renderPage;
  version: string;
  /** The renderer's module, compiled from the site's templates (load-renderer.ts): what a render worker imports. */
  code?: string;
}

/** The renderer compiled into docsgen. `docsgen dev` loads a fresh one when templates change. */
export const builtinRenderer: Renderer = { renderPage, version: 'builtin' };

/**
 * HTML kept between builds of one process (`docsgen dev`), by route: a page is rendered again only
 * when the key of what it is rendered from (its props, the head script, the renderer) changes. The
 * HTML is kept as rendered: UTF-8 bytes, written out as they are, never decoded. Not saved with the
 * build cache: `docsgen build` takes unchanged pages from its last output by the same key.
 */
export type RenderCache = ItemCache<PageHtml>;

export interface RenderSiteInput {
  config: SiteConfig;
  table: RouteTable;
  navbarItems: NavbarItemProps[];
  bundle: ClientBundle;
  notFound: Page;
  renderer?: Renderer;
  cache?: RenderCache;
  /** Docs versions: each doc page's version props, each version's main doc. */
  versions?: VersionIndex;
}

/** A page's HTML, as UTF-8 bytes. */
export type PageHtml = Uint8Array;

/** One page ready to render: `key` identifies its inputs, `render` returns its HTML (from the cache when the key is known). */
export interface RenderJob {
  route: string;
  key: string;
  render(): PageHtml;
  /** The same HTML as `render`, rendered by a worker of `pool` unless the cache has it. */
  renderOn(pool: PagePool): Promise<PageHtml>;
}

/** Renders pages (and makes their Markdown twins) on worker threads: see render-pool.ts. */
export interface PagePool {
  /** How many workers render. */
  workers: number;
  /** Closed: the workers have ended (render on this thread). */
  readonly closed: boolean;
  html(input: PageRenderInput): Promise<PageHtml>;
  markdown(page: Page): Promise<string>;
  close(): Promise<void>;
}

/**
 * What the render of every page shares, as plain data: a render worker gets it once, then each
 * page's own input. A page's `sidebarItems` is `sidebars[sidebarName]`.
 */
export interface RenderShared {
  site: SiteProps;
  headScript: string;
  sidebars: Record<string, NavItem[]>;
  renderer: { version: string; code?: string };
  /** Where a worker writes the renderer's module to import it (the site's node_modules/.cache/docsgen). */
  cacheDir: string;
}

export interface RenderPlan {
  pages: RenderJob[];
  notFound: RenderJob;
  /**
   * The job of a page of the table given again with another body (`docsgen dev` after an edit that
   * changes nothing other pages show of it): the same key and HTML a plan of the edited site gives.
   */
  planPage(page: Page): RenderJob;
  /** What a render worker is given once (`undefined` when the renderer cannot be loaded by a worker: one given by `docsgen dev`). */
  shared?: RenderShared;
}

/** Everything one page's HTML is made from: its props' input, the head script, and the renderer's version. */
export interface PageRenderInput extends PagePropsInput {
  headScript: string;
  /** Route of the API overview, linked from the home page hero. */
  apiOverviewRoute?: string;
  rendererVersion: string;
}

/** The render stage of one page: its HTML as UTF-8 bytes, from its input alone. */
export function renderPageHtml(input: PageRenderInput, renderer: Renderer): PageHtml {
  // Kept as UTF-8 bytes: off the V8 heap (a 1,000-page site's HTML as strings is 150 MB the
  // garbage collector walks again and again) and already in the form files are written in.
  return Buffer.from(
    renderer.renderPage({
      props: buildPageProps(input),
      headScript: input.headScript,
      apiOverviewRoute: input.apiOverviewRoute,
    }),
  );
}

/** The assets of a page that hydrates site components: their stylesheets are the page's own. */
function islandAssets(page: Page, bundle: ClientBundle, asset: (path: string) => string, base: AssetProps): AssetProps {
  const css = [...new Set(page.islands!.flatMap((module) => bundle.islands?.[module]?.css ?? []))].sort();
  return css.length ? { ...base, pageCss: [...(base.pageCss ?? []), ...css.map(asset)] } : base;
}

/**
 * Plans every page without rendering it: `renderSite` renders them all, while `docsgen dev`
 * renders a page when it is first requested and compares keys to find the pages an edit changed.
 * A page's key is derived from the same `PageRenderInput` its render receives (`inputKey`), so it
 * covers exactly what the render reads; the input is cheap to assemble (the table's own objects,
 * shared by pages, are hashed once each), since trimming a large sidebar for each of 1,000 pages
 * costs more than a whole rebuild should.
 */
export function planRender({
  config,
  table,
  navbarItems,
  bundle,
  notFound,
  renderer = builtinRenderer,
  cache,
  versions,
}: RenderSiteInput): RenderPlan {
  const site = buildSiteProps(config, navbarItems, versions?.mainRoutes);
  const asset = (path: string) => joinBase(config.baseUrl, `/${path}`);
  const assets: AssetProps = {
    js: asset(bundle.entry.js),
    css: bundle.entry.css.map(asset),
    preload: bundle.entry.preload.map(asset),
  };
  // KaTeX's stylesheet only on pages with math, Infima's classes only on pages that use them.
  const pageCssOf = (page: Page) => [
    ...(page.usesMath ? [asset(katexCssPath())] : []),
    ...(page.usesInfima ? [asset(infimaCssPath())] : []),
  ];
  const withPageCss = (page: Page): AssetProps => {
    const pageCss = pageCssOf(page);
    return pageCss.length ? { ...assets, pageCss } : assets;
  };
  const shared = { headScript: buildHeadScript(site), rendererVersion: renderer.version };
  const apiOverviewRoute = table.pages.find((page) => page.kind === 'api-overview')?.route;
  const render = cachedEach((input: PageRenderInput) => renderPageHtml(input, renderer), cache);
  const job = (input: PageRenderInput, id: string): RenderJob => {
    let key: string | undefined;
    const known = () => (cache ? (key ??= render.key(input)) : undefined);
    return {
      route: input.page.route,
      // Computed when first read: a build without a cache never reads it (hashing every page's
      // JSON is ~0.17 s of a 1,000-page build).
      get key() {
        return (key ??= render.key(input));
      },
      render: () => render.run(id, input, known()),
      // The same cache entries as `render`: a page rendered on a worker is the page rendered here.
      renderOn: (pool) => cachedEachAsync((one: PageRenderInput) => pool.html(one), cache).run(id, input, known()),
    };
  };
  const inputOf = (page: Page, overview?: string): PageRenderInput => ({
    ...pagePropsInput(page, table, site, {
      assets: page.islands ? islandAssets(page, bundle, asset, withPageCss(page)) : withPageCss(page),
      version: versions?.forPage(page),
    }),
    ...shared,
    apiOverviewRoute: overview,
  });
  const pages = table.pages.map((page) => job(inputOf(page, apiOverviewRoute), page.route));
  render.keepOnly([...table.byRoute.keys(), '404.html']);
  const planPage = (page: Page) => job(inputOf(page, apiOverviewRoute), page.route);
  const loadable = renderer === builtinRenderer || renderer.code !== undefined;
  const workerData: RenderShared | undefined = loadable
    ? {
        site,
        headScript: shared.headScript,
        sidebars: table.sidebars,
        renderer: { version: renderer.version, code: renderer.code },
        cacheDir: siteCacheDir(config.root),
      }
    : undefined;
  return { pages, notFound: job(inputOf(notFound), '404.html'), planPage, shared: workerData };
}

/** Renders every page of the route table, and the not-found page, to HTML. */
export function renderSite(input: RenderSiteInput): { html: Map<string, PageHtml>; notFoundHtml: PageHtml } {
  const plan = planRender(input);
  return { html: new Map(plan.pages.map((page) => [page.route, page.render()])), notFoundHtml: plan.notFound.render() };
}
