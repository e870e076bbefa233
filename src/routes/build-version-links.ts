import type { DocsVersion } from '../config/docs-versions.js';
import type { NavItem, Page } from '../model.js';
import { localId, versionSidebarName } from './build-version-nav.js';

/** What a doc page shows of its version: the dropdown's links, the banner and the badge. */
export interface PageVersionProps {
  name: string;
  label: string;
  /** Each version, linked to this doc in it, or to its main doc when it has no such doc. */
  links: { name: string; label: string; route: string }[];
  /** Above the doc: an unreleased or unmaintained version, with the way to the latest version's doc. */
  banner?: { kind: 'unreleased' | 'unmaintained'; latestName: string; latestLabel: string; latestRoute: string };
  /** "Version: …" above the title. */
  badge: boolean;
  /** `<meta name="robots" content="noindex, nofollow">`, and not in the sitemap. */
  noIndex: boolean;
  className?: string;
}

export interface VersionIndex {
  /** The version props of a doc page; undefined on a site with one version, or a page outside the docs. */
  forPage(page: Page): PageVersionProps | undefined;
  /** Each version's main doc (the dropdown's links on pages outside the docs). */
  mainRoutes: ReadonlyMap<string, string>;
}

const firstDocRoute = (items: readonly NavItem[]): string | undefined => {
  for (const item of items) {
    if (item.type === 'link' && item.docId) return item.route;
    if (item.type === 'category') {
      const route = item.route ?? firstDocRoute(item.items);
      if (route) return route;
    }
  }
  return undefined;
};

/**
 * A version's main doc, as Docusaurus picks it: the doc at the version's root (`slug: /`), else
 * the first doc of its first sidebar, else its first doc by id.
 */
function mainRoute(version: DocsVersion, docs: readonly Page[], sidebars: Readonly<Record<string, NavItem[]>>) {
  const atRoot = docs.find((page) => page.route === version.routeBasePath);
  if (atRoot) return atRoot.route;
  const names = Object.keys(version.sidebars ?? {}).map((name) => versionSidebarName(version, name));
  const own = version.idPrefix ? names : Object.keys(sidebars).filter((name) => !name.startsWith('version-'));
  const sidebarRoute = own.map((name) => firstDocRoute(sidebars[name] ?? [])).find(Boolean);
  if (sidebarRoute && docs.some((page) => page.route === sidebarRoute)) return sidebarRoute;
  return [...docs].sort((a, b) => (a.id < b.id ? -1 : 1))[0]?.route ?? version.routeBasePath;
}

/**
 * Which version each doc is in and its equivalents in the others (the same id inside the version,
 * as Docusaurus' dropdown), the banner of unreleased and unmaintained versions pointing to the
 * latest version's doc, and each version's main doc.
 */
export function buildVersionIndex(
  versions: readonly DocsVersion[],
  pages: readonly Page[],
  sidebars: Readonly<Record<string, NavItem[]>>,
): VersionIndex {
  const docsOf = new Map(versions.map((version) => [version.name, [] as Page[]]));
  for (const page of pages) if (page.docMeta) docsOf.get(page.version ?? 'current')?.push(page);
  const byLocalId = new Map(
    versions.map((version) => [version.name, new Map(docsOf.get(version.name)!.map((page) => [localId(page), page]))]),
  );
  const mainRoutes = new Map(
    versions.map((version) => [version.name, mainRoute(version, docsOf.get(version.name)!, sidebars)]),
  );
  const last = versions.find((version) => version.isLast)!;
  const equivalent = (version: DocsVersion, page: Page) =>
    byLocalId.get(version.name)!.get(localId(page))?.route ?? mainRoutes.get(version.name)!;
  return {
    mainRoutes,
    forPage(page) {
      if (versions.length < 2 || !page.docMeta) return undefined;
      const version = versions.find((one) => one.name === (page.version ?? 'current'));
      if (!version) return undefined;
      return {
        name: version.name,
        label: version.label,
        links: versions.map((one) => ({ name: one.name, label: one.label, route: equivalent(one, page) })),
        ...(version.banner === 'none'
          ? {}
          : {
              banner: {
                kind: version.banner,
                latestName: last.name,
                latestLabel: last.label,
                latestRoute: equivalent(last, page),
              },
            }),
        badge: version.badge,
        noIndex: version.noIndex,
        ...(version.className ? { className: version.className } : {}),
      };
    },
  };
}
