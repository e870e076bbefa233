import { createHash } from 'node:crypto';
import type { SiteConfig } from '../config/resolve-config.js';
import type { CategoryIndex } from '../content/collect-categories.js';
import type { NavItem, Page } from '../model.js';
import { inputKey, type ItemResults } from '../cache/cached.js';
import { mapInSlices } from '../shared/time-slices.js';
import { buildVersionNav } from './build-version-nav.js';
import { buildRouteTable, type RouteTable } from './build-route-table.js';
import { buildVersionIndex, type VersionIndex } from './build-version-links.js';

export interface SiteNavInput {
  config: SiteConfig;
  /** Every doc page of every version. */
  docs: readonly Page[];
  apiSidebars: ReadonlyMap<string, readonly NavItem[]>;
  /** The route table's pages besides the docs and the generated category pages: API and special pages. */
  otherPages: readonly Page[];
  categories: Readonly<Record<string, CategoryIndex>>;
  unbuiltDocIds: ReadonlySet<string>;
}

/** The sidebars (with the category pages they generate), the route table of every page and its docs versions. */
export interface SiteNav {
  nav: ReturnType<typeof buildVersionNav>;
  /** Every page: docs, generated category pages, API pages, special pages. */
  pages: Page[];
  table: RouteTable;
  versions: VersionIndex;
}

/** The build cache's last SiteNav, and the hash of each page's outline (`outlineOf`) by page. */
export interface SiteNavCache {
  results: ItemResults<SiteNav>;
  hashes: WeakMap<object, string>;
  outlines: WeakMap<Page, string>;
}

export function buildSiteNav(input: SiteNavInput): SiteNav {
  const nav = buildVersionNav({
    config: input.config,
    docs: input.docs,
    apiSidebars: input.apiSidebars,
    categories: input.categories,
    unbuiltDocIds: input.unbuiltDocIds,
  });
  const pages = [...input.docs, ...nav.generatedPages, ...input.otherPages];
  const table = buildRouteTable(pages, nav.sidebars);
  return { nav, pages, table, versions: buildVersionIndex(input.config.docsVersions, pages, nav.sidebars) };
}

/**
 * What the sidebars and the route table read of a page: all of it but its body, its text and its
 * links (`docsgen dev`'s single-page edits change only those, see page-edit.ts).
 */
const outlineOf = ({ body: _body, text: _text, links: _links, ...outline }: Page) => outline;

const outlineHash = (page: Page, outlines: WeakMap<Page, string>) => {
  let hash = outlines.get(page);
  if (hash === undefined)
    outlines.set(
      page,
      (hash = createHash('sha1')
        .update(JSON.stringify(outlineOf(page)))
        .digest('hex')),
    );
  return hash;
};

/** The last SiteNav with this build's page objects in place of its own (the same routes in the same order). */
function withPagesOf(last: SiteNav, input: SiteNavInput): SiteNav {
  const pages = [...input.docs, ...last.nav.generatedPages, ...input.otherPages];
  const now = new Map(pages.map((page) => [page.route, page]));
  const sorted = last.table.pages.map((page) => now.get(page.route)!);
  return {
    ...last,
    pages,
    table: { ...last.table, pages: sorted, byRoute: new Map(sorted.map((page) => [page.route, page])) },
  };
}

const pick = ({ sidebars, docsVersions, configFile, sidebarsFile }: SiteConfig) => ({
  sidebars,
  docsVersions,
  configFile,
  sidebarsFile,
});

/** The id of the one SiteNav the cache keeps. */
const SITE_NAV = 'site-nav';

/**
 * `buildSiteNav` under the build cache, keyed by what it reads: its sidebars and docs versions of the config, the outline of every
 * page (each hashed once per page object, in slices), the API sidebars, the category files and
 * the docs left out. After an edit of a page's body only (the build that follows a single-page
 * edit in dev), the sidebars, route table and version index of 10,000 pages (0.3–0.9 s of the thread that
 * serves saves) are taken as they were, with this build's pages in them.
 */
export async function cachedSiteNav(input: SiteNavInput, cache: SiteNavCache | undefined): Promise<SiteNav> {
  if (!cache) return buildSiteNav(input);
  const outlines = await mapInSlices([...input.docs, ...input.otherPages], (page) => outlineHash(page, cache.outlines));
  const key = inputKey(
    {
      // What buildVersionNav reads of the config (hashing all of it would cost more than the rest).
      config: pick(input.config),
      outlines,
      apiSidebars: [...input.apiSidebars],
      categories: input.categories,
      unbuiltDocIds: [...input.unbuiltDocIds].sort(),
    },
    cache.hashes,
  );
  const last = cache.results.get(SITE_NAV);
  if (last?.key === key) return withPagesOf(last.value, input);
  const value = buildSiteNav(input);
  cache.results.set(SITE_NAV, { key, value });
  return value;
}
