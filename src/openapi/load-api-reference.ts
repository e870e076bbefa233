import type { SiteConfig } from '../config/resolve-config.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Highlighter } from '../content/highlighter.js';
import type { NavItem, Page } from '../model.js';
import { loadApiSpec } from './load-api-spec.js';
import { buildApiPages } from './build-api-pages.js';
import { bundleApiSpecJson } from './bundle-api-spec-json.js';

export interface ApiReference {
  pages: Page[];
  sidebar: NavItem[];
  /** The API description bundled into one JSON document, for /openapi/{product}.json. */
  specJson?: string;
  diagnostics: Diagnostic[];
  /** Every file of the description (multi-file specs), for watching. */
  files: string[];
}

/** Loads the configured API description, if any, and builds its reference pages and sidebar. */
export async function loadApiReference(config: SiteConfig, highlighter: Highlighter): Promise<ApiReference> {
  if (!config.openapiFile) return { pages: [], sidebar: [], diagnostics: [], files: [] };
  const loaded = await loadApiSpec(config.openapiFile, { root: config.root, allowedPaths: config.allowedPaths });
  if (!loaded.spec) return { pages: [], sidebar: [], diagnostics: loaded.diagnostics, files: loaded.files };
  const built = buildApiPages(loaded.spec, {
    routePrefix: config.apiRoutePrefix,
    productSlug: config.product.slug,
    baseUrl: config.baseUrl,
    highlighter,
    languages: config.code.languages,
    visibleTabs: config.code.visibleTabs,
    schemaPages: config.api.schemaPages,
  });
  return {
    pages: built.pages,
    sidebar: built.sidebar,
    specJson: bundleApiSpecJson(loaded.spec),
    diagnostics: [...loaded.diagnostics, ...built.diagnostics],
    files: loaded.files,
  };
}
