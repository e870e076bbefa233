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

/** Links docSidebar and doc navbar items to routes; a sidebar with no doc is a config error. */
export function resolveNavbar(
  config: SiteConfig,
  sidebars: Readonly<Record<string, NavItem[]>>,
  docs: readonly Page[],
  /** Docs left out for a route or id clash (already an error): a navbar item naming one is dropped silently. */
  unbuiltDocIds: ReadonlySet<string> = new Set(),
): { items: NavbarItemProps[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const items: NavbarItemProps[] = [];
  config.navbar.items.forEach((item, index) => {
    const key = `navbar.items[${index}]`;
    switch (item.type) {
      case 'default': {
        const external = Boolean(item.href && /^https?:/.test(item.href));
        items.push({
          type: 'link',
          label: item.label,
          href: item.to ? joinBase(config.baseUrl, item.to) : (item.href as string),
          external,
          position: item.position,
          activeRoutePrefix: item.to,
        });
        return;
      }
      case 'docSidebar': {
        const route = firstRoute(sidebars[item.sidebarId] ?? []);
        if (!route) {
          diagnostics.push(
            errorDiagnostic(
              'DG112',
              `DocSidebarNavbarItem: Sidebar with ID "${item.sidebarId}" doesn't have anything to be linked to.`,
              {
                file: config.configFile,
                key: `${key}.sidebarId`,
                hint: 'Add at least one doc to the sidebar or remove the navbar item.',
              },
            ),
          );
          return;
        }
        items.push({
          type: 'link',
          label: item.label,
          href: joinBase(config.baseUrl, route),
          external: false,
          position: item.position,
          activeRoutePrefix: commonPrefix(sidebars[item.sidebarId]),
          sidebarId: item.sidebarId,
        });
        return;
      }
      case 'doc': {
        const page = docs.find((doc) => doc.id === item.docId);
        if (!page && unbuiltDocIds.has(item.docId)) return;
        if (!page) {
          diagnostics.push(
            errorDiagnostic('DG113', `Navbar item links to the doc "${item.docId}", which does not exist`, {
              file: config.configFile,
              key: `${key}.docId`,
            }),
          );
          return;
        }
        items.push({
          type: 'link',
          label: item.label,
          href: joinBase(config.baseUrl, page.route),
          external: false,
          position: item.position,
          activeRoutePrefix: page.route,
        });
        return;
      }
      case 'docsVersion':
        items.push({
          type: 'link',
          label: item.label ?? config.docs.versions[item.version].label,
          href: config.baseUrl,
          external: false,
          position: item.position,
        });
        return;
      default:
        items.push({ type: item.type, position: item.position });
    }
  });
  return { items, diagnostics };
}
