import type { ApiSource, SiteConfig } from '../config/resolve-config.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Highlighter } from '../content/highlighter.js';
import type { NavItem, Page } from '../model.js';
import { loadApiSpec } from './load-api-spec.js';
import { buildApiPagesParallel } from './build-api-pages-parallel.js';
import { bundleApiSpecJson } from './bundle-api-spec-json.js';

/** One API description's reference: its pages, its sidebar and the description as one JSON file. */
export interface LoadedApi {
  id: string;
  /** The configured label, else the description's `info.title`, else the id. */
  label: string;
  routeBasePath: string;
  pages: Page[];
  sidebar: NavItem[];
  /** The API description bundled into one JSON document, for /openapi/{id}.json. */
  specJson?: string;
  diagnostics: Diagnostic[];
  /** Every file of the description (multi-file specs), for watching. */
  files: string[];
}

export interface ApiReference {
  /** One entry per configured description, in config order. */
  apis: LoadedApi[];
  /** Every API's pages, diagnostics and files together (what the route table, checks and watcher take). */
  pages: Page[];
  diagnostics: Diagnostic[];
  files: string[];
}

/** Loads every configured API description and builds its reference pages and sidebar. */
export async function loadApiReference(config: SiteConfig, highlighter: Highlighter): Promise<ApiReference> {
  const apis = await Promise.all(config.apiSources.map((source) => loadOneApi(config, source, highlighter)));
  return {
    apis,
    pages: apis.flatMap((api) => api.pages),
    diagnostics: apis.flatMap((api) => api.diagnostics),
    files: apis.flatMap((api) => api.files),
  };
}

async function loadOneApi(config: SiteConfig, source: ApiSource, highlighter: Highlighter): Promise<LoadedApi> {
  const loaded = await loadApiSpec(source.file, { root: config.root, allowedPaths: config.allowedPaths });
  const empty = { id: source.id, routeBasePath: source.routeBasePath, pages: [], sidebar: [] };
  if (!loaded.spec)
    return { ...empty, label: source.label ?? source.id, diagnostics: loaded.diagnostics, files: loaded.files };
  const built = await buildApiPagesParallel(loaded.spec, {
    routePrefix: source.routeBasePath,
    productSlug: source.id,
    baseUrl: config.baseUrl,
    highlighter,
    languages: config.code.languages,
    visibleTabs: config.code.visibleTabs,
    schemaPages: config.api.schemaPages,
    onBrokenLinks: config.api.onBrokenLinks,
  });
  const title = (loaded.spec.document.info as { title?: unknown } | undefined)?.title;
  const label = source.label ?? (typeof title === 'string' && title.trim() ? title.trim() : source.id);
  // With several APIs a reader must tell their pages apart (a v0 and a v1 share titles): search labels them.
  const several = config.apiSources.length > 1;
  return {
    ...empty,
    label,
    pages: several ? built.pages.map((page) => ({ ...page, apiLabel: label })) : built.pages,
    sidebar: built.sidebar,
    specJson: bundleApiSpecJson(loaded.spec),
    diagnostics: [...loaded.diagnostics, ...built.diagnostics],
    files: loaded.files,
  };
}
