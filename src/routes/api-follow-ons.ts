import type { SidebarItemConfig } from '../config/schema.js';
import type { SiteConfig } from '../config/resolve-config.js';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';

/**
 * When the API description does not load, its error is reported and none of its pages exist, so
 * every link into the API reference and every navbar item for a sidebar of API pages would report
 * it again (the real site: 31 such errors after one stray comma). These say where the API
 * reference is, so that the checks can leave them out.
 */
export interface UnbuiltApi {
  /** Route prefixes whose pages could not be built (checkLinks skips links into them). */
  prefixes: string[];
  /** Drops a navbar error that only says the API sidebar is empty. */
  keep: (diagnostic: Diagnostic) => boolean;
}

export function unbuiltApi(
  config: SiteConfig,
  api: { pages: readonly unknown[]; diagnostics: Diagnostic[] },
): UnbuiltApi {
  const failed = Boolean(config.openapiFile) && api.pages.length === 0 && hasErrors(api.diagnostics);
  if (!failed) return { prefixes: [], keep: () => true };
  const apiSidebars = new Set(Object.keys(config.sidebars).filter((id) => hasOpenApiItem(config.sidebars[id])));
  const keep = (d: Diagnostic) => {
    const index = d.code === 'DG112' ? /^navbar\.items\[(\d+)\]/.exec(d.key ?? '')?.[1] : undefined;
    const item = index === undefined ? undefined : config.navbar.items[Number(index)];
    return !(item?.type === 'docSidebar' && apiSidebars.has(item.sidebarId));
  };
  return { prefixes: [config.apiRoutePrefix], keep };
}

function hasOpenApiItem(items: readonly SidebarItemConfig[]): boolean {
  return items.some(
    (item) =>
      typeof item === 'object' && (item.type === 'openapi' || (item.type === 'category' && hasOpenApiItem(item.items))),
  );
}
