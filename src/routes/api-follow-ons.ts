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
  api: { apis: readonly { id: string; routeBasePath: string; pages: readonly unknown[]; diagnostics: Diagnostic[] }[] },
): UnbuiltApi {
  const failed = api.apis.filter((one) => one.pages.length === 0 && hasErrors(one.diagnostics));
  if (failed.length === 0) return { prefixes: [], keep: () => true };
  const ids = new Set(failed.map((one) => one.id));
  const firstId = api.apis[0]?.id;
  const apiSidebars = new Set(
    Object.keys(config.sidebars).filter((id) =>
      hasOpenApiItem(config.sidebars[id], (apiId) => ids.has(apiId ?? firstId)),
    ),
  );
  const keep = (d: Diagnostic) => {
    const index = d.code === 'DG112' ? /^navbar\.items\[(\d+)\]/.exec(d.key ?? '')?.[1] : undefined;
    const item = index === undefined ? undefined : config.navbar.items[Number(index)];
    return !(item?.type === 'docSidebar' && apiSidebars.has(item.sidebarId));
  };
  return { prefixes: failed.map((one) => one.routeBasePath), keep };
}

/** Whether the items hold an `openapi` item (at any depth) whose API `failed` says could not be built. */
function hasOpenApiItem(items: readonly SidebarItemConfig[], failed: (apiId: string | undefined) => boolean): boolean {
  return items.some(
    (item) =>
      typeof item === 'object' &&
      ((item.type === 'openapi' && failed(item.apiId)) ||
        (item.type === 'category' && hasOpenApiItem(item.items, failed))),
  );
}
