import type { SiteConfig } from '../config/resolve-config.js';
import { errorDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { NavItem, Page } from '../model.js';
import type { NavbarItemProps, VersionTarget } from './page-props.js';
import { CURRENT_VERSION, type DocsVersion } from '../config/docs-versions.js';
import { joinBase } from '../shared/url.js';

function firstRoute(items: readonly NavItem[]): string | undefined {
  for (const item of items) {
    if (item.type === 'link') return item.route;
    if (item.type === 'category') {
      const route = item.route ?? firstRoute(item.items);
      if (route) return route;
    }
  }
  return undefined;
}

function commonPrefix(items: readonly NavItem[]): string | undefined {
  const routes: string[] = [];
  const walk = (list: readonly NavItem[]) =>
    list.forEach((i) => (i.type === 'link' ? routes.push(i.route) : i.type === 'category' ? walk(i.items) : undefined));
  walk(items);
  const first = routes[0]?.split('/')[1];
  return first && routes.every((r) => r.split('/')[1] === first) ? `/${first}` : undefined;
}

type NavbarItemConfig = SiteConfig['navbar']['items'][number];
type ItemOf<T extends NavbarItemConfig['type']> = Extract<NavbarItemConfig, { type: T }>;

/** What resolving one navbar item needs besides the item. */
interface NavbarContext {
  config: SiteConfig;
  sidebars: Readonly<Record<string, NavItem[]>>;
  docs: readonly Page[];
  unbuiltDocIds: ReadonlySet<string>;
}

/** One navbar item's props, or its diagnostic, or nothing (an item left out without a word). */
type Resolved = NavbarItemProps | Diagnostic | undefined;

function resolveDefault(item: ItemOf<'default'>, { config }: NavbarContext): Resolved {
  return {
    type: 'link',
    label: item.label,
    href: item.to ? joinBase(config.baseUrl, item.to) : (item.href as string),
    external: Boolean(item.href && /^https?:/.test(item.href)),
    position: item.position,
    activeRoutePrefix: item.to,
  };
}

/**
 * The docs versions a navbar item looks in on a page of `version`, in order: as Docusaurus' version
 * candidates, that version then the last one; then the docs folder (a doc only `next` has yet).
 */
function candidateVersions(config: SiteConfig, version: DocsVersion): DocsVersion[] {
  const last = config.docsVersions.find((one) => one.isLast);
  const current = config.docsVersions.find((one) => one.name === CURRENT_VERSION);
  return [...new Set([version, last, current].filter((one): one is DocsVersion => one !== undefined))];
}

/** The version readers get by default: the one served at the docs' routeBasePath. */
const lastVersionOf = (config: SiteConfig): DocsVersion =>
  config.docsVersions.find((version) => version.isLast) ?? config.docsVersions[0];

/**
 * What a docs navbar item links to on the pages of each version, when the site has several: the
 * same item in that version (Docusaurus' useLayoutDoc / useLayoutDocsSidebar follow the version read).
 */
function targetsByVersion(
  config: SiteConfig,
  targetIn: (version: DocsVersion) => VersionTarget | undefined,
): Record<string, VersionTarget> | undefined {
  if (config.docsVersions.length < 2) return undefined;
  const entries = config.docsVersions.flatMap((version) => {
    const target = targetIn(version);
    return target ? [[version.name, target] as const] : [];
  });
  return Object.fromEntries(entries);
}

/** The first of the candidate versions with a sidebar of that name that links somewhere. */
function sidebarTarget(context: NavbarContext, sidebarId: string, version: DocsVersion): VersionTarget | undefined {
  for (const candidate of candidateVersions(context.config, version)) {
    const sidebar = context.sidebars[`${candidate.idPrefix}${sidebarId}`] ?? [];
    const route = firstRoute(sidebar);
    if (route) return { href: joinBase(context.config.baseUrl, route), activeRoutePrefix: commonPrefix(sidebar) };
  }
  return undefined;
}

/** A docSidebar item links to its sidebar's first page; a sidebar with nothing to link to is DG112. */
function resolveDocSidebar(item: ItemOf<'docSidebar'>, context: NavbarContext, key: string): Resolved {
  const { config } = context;
  const target = sidebarTarget(context, item.sidebarId, lastVersionOf(config));
  if (!target) {
    return errorDiagnostic(
      'DG112',
      `DocSidebarNavbarItem: Sidebar with ID "${item.sidebarId}" doesn't have anything to be linked to.`,
      {
        file: config.configFile,
        key: `${key}.sidebarId`,
        hint: 'Add at least one doc to the sidebar or remove the navbar item.',
      },
    );
  }
  const byVersion = targetsByVersion(config, (version) => sidebarTarget(context, item.sidebarId, version));
  return {
    type: 'link',
    label: item.label,
    external: false,
    position: item.position,
    ...target,
    sidebarId: item.sidebarId,
    ...(byVersion ? { byVersion } : {}),
  };
}

/** The doc of that id in the first candidate version that has it. */
function docTarget({ config, docs }: NavbarContext, docId: string, version: DocsVersion): VersionTarget | undefined {
  for (const candidate of candidateVersions(config, version)) {
    const page = docs.find((doc) => doc.id === `${candidate.idPrefix}${docId}`);
    if (page) return { href: joinBase(config.baseUrl, page.route), activeRoutePrefix: page.route };
  }
  return undefined;
}

/** A doc item links to its doc; a doc that does not exist is DG113 (one left out for a clash is dropped). */
function resolveDoc(item: ItemOf<'doc'>, context: NavbarContext, key: string): Resolved {
  const { config, unbuiltDocIds } = context;
  const target = docTarget(context, item.docId, lastVersionOf(config));
  if (!target && unbuiltDocIds.has(item.docId)) return undefined;
  if (!target) {
    return errorDiagnostic('DG113', `Navbar item links to the doc "${item.docId}", which does not exist`, {
      file: config.configFile,
      key: `${key}.docId`,
    });
  }
  const byVersion = targetsByVersion(config, (version) => docTarget(context, item.docId, version));
  return {
    type: 'link',
    label: item.label,
    external: false,
    position: item.position,
    ...target,
    ...(byVersion ? { byVersion } : {}),
  };
}

/** A version's main doc as a docsVersion item links it: the first doc of its first sidebar. */
function versionMainRoute(version: DocsVersion, sidebars: NavbarContext['sidebars']): string | undefined {
  const prefix = version.idPrefix;
  const own = Object.entries(sidebars).filter(([name]) =>
    prefix ? name.startsWith(prefix) : !name.startsWith('version-'),
  );
  return own.map(([, items]) => firstRoute(items)).find((found) => found !== undefined);
}

/**
 * A docsVersion item: a version's label, linking to its main doc. With `version` written, always
 * that version; without, the version of the page read (Docusaurus' DocsVersionNavbarItem), the
 * last version elsewhere.
 */
function docsVersionLink(item: ItemOf<'docsVersion'>, { config, sidebars }: NavbarContext): NavbarItemProps {
  const targetOf = (version: DocsVersion | undefined): VersionTarget => {
    const route = version && versionMainRoute(version, sidebars);
    return {
      href: route ? joinBase(config.baseUrl, route) : config.baseUrl,
      label: item.label ?? version?.label ?? item.version,
    };
  };
  const { label, href } = targetOf(config.docsVersions.find((one) => one.name === item.version));
  const byVersion = item.pinned ? undefined : targetsByVersion(config, targetOf);
  return {
    type: 'link',
    label: label ?? item.version,
    href,
    external: false,
    position: item.position,
    ...(byVersion ? { byVersion } : {}),
  };
}

function resolveItem(item: NavbarItemConfig, context: NavbarContext, key: string): Resolved {
  switch (item.type) {
    case 'default':
      return resolveDefault(item, context);
    case 'docSidebar':
      return resolveDocSidebar(item, context, key);
    case 'doc':
      return resolveDoc(item, context, key);
    case 'docsVersion':
      return docsVersionLink(item, context);
    default:
      return { type: item.type, position: item.position };
  }
}

const isDiagnostic = (value: NavbarItemProps | Diagnostic): value is Diagnostic => 'code' in value;

/** Links docSidebar and doc navbar items to routes; a sidebar with no doc is a config error. */
export function resolveNavbar(
  config: SiteConfig,
  sidebars: Readonly<Record<string, NavItem[]>>,
  docs: readonly Page[],
  /** Docs left out for a route or id clash (already an error): a navbar item naming one is dropped silently. */
  unbuiltDocIds: ReadonlySet<string> = new Set(),
): { items: NavbarItemProps[]; diagnostics: Diagnostic[] } {
  const context: NavbarContext = { config, sidebars, docs, unbuiltDocIds };
  const diagnostics: Diagnostic[] = [];
  const items: NavbarItemProps[] = [];
  config.navbar.items.forEach((item, index) => {
    const resolved = resolveItem(item, context, `navbar.items[${index}]`);
    if (!resolved) return;
    if (isDiagnostic(resolved)) diagnostics.push(resolved);
    else items.push(resolved);
  });
  return { items, diagnostics };
}
