import { join } from 'node:path';
import { loadConfig } from './config/load-config.js';
import type { SiteConfig } from './config/resolve-config.js';
import { hasErrors, type Diagnostic } from './diagnostics/diagnostic.js';
import { createHighlighter, type Highlighter } from './content/highlighter.js';
import { createAssetResolver } from './content/create-asset-resolver.js';
import { loadContent } from './content/load-content.js';
import { loadApiReference } from './openapi/load-api-reference.js';
import { buildSpecialPages } from './routes/build-special-pages.js';
import { buildNavTree } from './routes/build-nav-tree.js';
import { buildRouteTable } from './routes/build-route-table.js';
import { checkDocsFeatures, checkLinks } from './routes/check-links.js';
import { resolveNavbar } from './routes/resolve-navbar.js';
import { bundleClient } from './bundle/bundle-client.js';
import { renderSite } from './render/render-site.js';
import { collectStaticFiles } from './output/collect-static-files.js';
import { planOutput } from './output/plan-output.js';
import { summarizeOperations } from './output/operation-summary.js';
import { buildSearchIndex } from './search/build-search-index.js';
import type { OutputFile } from './output/output-file.js';

export interface BuildOptions {
  configPath?: string;
  openapi?: string;
  /** Reused across rebuilds by the dev server so unchanged code blocks are not highlighted again. */
  highlighter?: Highlighter;
  onProgress?: (stage: string) => void;
}

export interface BuildResult {
  config?: SiteConfig;
  files?: OutputFile[];
  pageCount: number;
  diagnostics: Diagnostic[];
  /** Files the build read (config, its imports, the API description): what dev watches. */
  watchFiles: string[];
}

/** The build pipeline: config → content → API → routes → checks → bundle → render → plan. Writes nothing. */
export async function runBuild(options: BuildOptions = {}): Promise<BuildResult> {
  const progress = options.onProgress ?? (() => {});
  const loaded = await loadConfig({ configPath: options.configPath, openapiOverride: options.openapi });
  const config = loaded.config;
  if (!config) return { pageCount: 0, diagnostics: loaded.diagnostics, watchFiles: loaded.dependencies };
  const highlighter = options.highlighter ?? createHighlighter();
  const assets = createAssetResolver(config.baseUrl);

  progress('content');
  const [content, api, staticFiles] = await Promise.all([
    loadContent({ config, highlighter, assets }),
    loadApiReference(config, highlighter),
    collectStaticFiles(join(config.root, config.staticDir)),
  ]);
  const special = buildSpecialPages({ searchPagePath: config.search.searchPagePath });
  const pages = [...content.pages, ...api.pages, ...special.pages];
  const nav = buildNavTree({ sidebars: config.sidebars, docs: content.pages, apiSidebar: api.sidebar, configFile: config.configFile });
  const table = buildRouteTable(pages, nav.sidebars);
  const navbar = resolveNavbar(config, nav.sidebars, content.pages);
  const generatedRoutes = new Set([`/openapi/${config.product.slug}.json`, '/meta/index.json', '/sitemap.xml', ...staticFiles.map((f) => `/${f.path}`)]);
  const diagnostics = [...loaded.diagnostics, ...content.diagnostics, ...api.diagnostics, ...nav.diagnostics, ...navbar.diagnostics, ...checkLinks(table, generatedRoutes), ...checkDocsFeatures(table)];
  const watchFiles = [...loaded.dependencies, ...api.files];
  if (hasErrors(diagnostics)) return { config, pageCount: pages.length, diagnostics, watchFiles };

  progress('bundle');
  const bundled = await bundleClient({ root: config.root, templatesDir: config.templatesDir, highlightTheme: config.code.theme });
  if (!bundled.bundle) return { config, pageCount: pages.length, diagnostics: [...diagnostics, ...bundled.diagnostics], watchFiles };

  progress('render');
  const rendered = renderSite({ config, table, navbarItems: navbar.items, bundle: bundled.bundle, notFound: special.notFound });
  const operations = summarizeOperations(api.pages);
  const search = buildSearchIndex(table.pages);
  const files = planOutput({ config, table, html: rendered.html, notFoundHtml: rendered.notFoundHtml, bundle: bundled.bundle, assets, staticFiles, apiSpecJson: api.specJson, operations, searchFiles: search.files });
  return { config, files, pageCount: rendered.html.size + 1, diagnostics, watchFiles };
}
