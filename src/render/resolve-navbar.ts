import type { SiteConfig } from '../config/resolve-config.js';
import { errorDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { NavItem, Page } from '../model.js';
import type { NavbarItemProps } from './page-props.js';
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

/** The id prefix of the last docs version's docs and sidebars ('' when the docs folder is the last version). */
const lastVersionPrefix = (config: SiteConfig) => config.docsVersions.find((version) => version.isLast)?.idPrefix ?? '';

/**
 * The sidebar a docSidebar item opens: the last version's (as Docusaurus links the version readers
 * get by default), else the docs folder's when the last version has no sidebar of that name.
 */
function lastVersionSidebar(config: SiteConfig, sidebars: NavbarContext['sidebars'], sidebarId: string) {
  return sidebars[`${lastVersionPrefix(config)}${sidebarId}`] ?? sidebars[sidebarId] ?? [];
}

/** A docSidebar item links to its sidebar's first page; a sidebar with nothing to link to is DG112. */
function resolveDocSidebar(item: ItemOf<'docSidebar'>, { config, sidebars }: NavbarContext, key: string): Resolved {
  const sidebar = lastVersionSidebar(config, sidebars, item.sidebarId);
  const route = firstRoute(sidebar);
  if (!route) {
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
  return {
    type: 'link',
    label: item.label,
    href: joinBase(config.baseUrl, route),
    external: false,
    position: item.position,
    activeRoutePrefix: commonPrefix(sidebar),
    sidebarId: item.sidebarId,
  };
}

/** A doc item links to its doc; a doc that does not exist is DG113 (one left out for a clash is dropped). */
function resolveDoc(item: ItemOf<'doc'>, { config, docs, unbuiltDocIds }: NavbarContext, key: string): Resolved {
  // The doc in the last docs version, else in the docs folder (a doc the last version does not have).
  const lastId = `${lastVersionPrefix(config)}${item.docId}`;
  const page = docs.find((doc) => doc.id === lastId) ?? docs.find((doc) => doc.id === item.docId);
  if (!page && unbuiltDocIds.has(item.docId)) return undefined;
  if (!page) {
    return errorDiagnostic('DG113', `Navbar item links to the doc "${item.docId}", which does not exist`, {
      file: config.configFile,
      key: `${key}.docId`,
    });
  }
  return {
    type: 'link',
    label: item.label,
    href: joinBase(config.baseUrl, page.route),
    external: false,
    position: item.position,
    activeRoutePrefix: page.route,
  };
}

/** A docsVersion item: the version's label, linking to its main doc (the first doc of its first sidebar). */
function docsVersionLink(item: ItemOf<'docsVersion'>, { config, sidebars }: NavbarContext): NavbarItemProps {
  const version = config.docsVersions.find((one) => one.name === item.version);
  const prefix = version?.idPrefix ?? '';
  const own = Object.entries(sidebars).filter(([name]) =>
    prefix ? name.startsWith(prefix) : !name.startsWith('version-'),
  );
  const route = own.map(([, items]) => firstRoute(items)).find((found) => found !== undefined);
  return {
    type: 'link',
    label: item.label ?? version?.label ?? item.version,
    href: version && route ? joinBase(config.baseUrl, route) : config.baseUrl,
    external: false,
    position: item.position,
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
