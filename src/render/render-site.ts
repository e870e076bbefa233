import type { SiteConfig } from '../config/resolve-config.js';
import type { Page } from '../model.js';
import type { RouteTable } from '../routes/build-route-table.js';
import type { ClientBundle } from '../bundle/bundle-client.js';
import { joinBase } from '../shared/url.js';
import { buildHeadScript } from './head-script.js';
import { buildPageProps } from './build-page-props.js';
import { buildSiteProps } from './build-site-props.js';
import type { AssetProps, NavbarItemProps } from './page-props.js';
import { renderPage } from './render-page.js';

export interface RenderSiteInput {
  config: SiteConfig;
  table: RouteTable;
  navbarItems: NavbarItemProps[];
  bundle: ClientBundle;
  notFound: Page;
}

/** Renders every page of the route table, and the not-found page, to HTML. */
export function renderSite({ config, table, navbarItems, bundle, notFound }: RenderSiteInput): { html: Map<string, string>; notFoundHtml: string } {
  const site = buildSiteProps(config, navbarItems);
  const headScript = buildHeadScript(site);
  const asset = (path: string) => joinBase(config.baseUrl, `/${path}`);
  const assets: AssetProps = { js: asset(bundle.entry.js), css: bundle.entry.css.map(asset), preload: bundle.entry.preload.map(asset) };
  const apiOverviewRoute = table.pages.find((page) => page.kind === 'api-overview')?.route;
  const html = new Map<string, string>();
  for (const page of table.pages) {
    html.set(page.route, renderPage({ props: buildPageProps(page, table, site, assets), headScript, apiOverviewRoute }));
  }
  const notFoundHtml = renderPage({ props: buildPageProps(notFound, table, site, assets), headScript });
  return { html, notFoundHtml };
}
