import { resolve } from 'node:path';
import type { SiteConfig } from './config/resolve-config.js';
import { hasErrors, type Diagnostic } from './diagnostics/diagnostic.js';
import { createHighlighter, type Highlighter } from './content/highlighter.js';
import { createAssetResolver } from './content/create-asset-resolver.js';
import { readableFolders } from './shared/allowed-paths.js';
import { loadContent } from './content/load-content.js';
import { buildSpecialPages } from './routes/build-special-pages.js';
import { buildVersionNav } from './routes/build-version-nav.js';
import { buildVersionIndex } from './routes/build-version-links.js';
import { inSearchedVersion } from './config/docs-versions.js';
import { buildRouteTable } from './routes/build-route-table.js';
import { checkDocsFeatures, checkLinks, checkPagination } from './routes/check-links.js';
import { resolveNavbar } from './render/resolve-navbar.js';
import { unbuiltApi } from './routes/api-follow-ons.js';
import { builtinRenderer, planRender, type PageHtml, type Renderer, type RenderJob } from './render/render-site.js';
import { builtinTemplatesCurrent, isBuiltinTemplates, loadRenderer } from './render/load-renderer.js';
import { siteCacheDir } from './shared/package-paths.js';
import { collectStaticFiles } from './output/collect-static-files.js';
import { loadKatexAssets } from './output/katex-assets.js';
import { planOutput } from './output/plan-output.js';
import { summarizeOperations } from './output/operation-summary.js';
import { htmlPathForRoute, type OutputFile } from './output/output-file.js';
import { cachedStages, type BuildCache } from './build-cache/build-cache.js';
import { loadConfig } from './config/load-config.js';
import { docusaurusContextOf } from './content/mdx/docusaurus-context-of.js';
import { diagramsOf } from './content/check-diagrams.js';
import { searchIndexFiles, searchIndexFilesOffThread, type SearchIndexInput } from './search/search-index-files.js';
import { cachedEach, cachedEachAsync } from './cache/cached.js';
import { pageMarkdown } from './output/markdown/page-markdown.js';
import type { Page } from './model.js';

export interface BuildOptions {
  configPath?: string;
  openapi?: string;
  /** Reused across rebuilds by the dev server so unchanged code blocks are not highlighted again. */
  highlighter?: Highlighter;
  onProgress?: (stage: string) => void;
  /** Results of earlier builds (dev): unchanged config, pages, API reference, bundle and HTML are reused. */
  cache?: BuildCache;
  /** With a cache: every file changed since its last build (dev's watcher), so unchanged Markdown files are not even looked at. */
  changed?: readonly string[];
  /** Renders pages instead of the renderer compiled into docsgen (dev, after a template edit). */
  renderer?: Renderer;
  /** Leave page HTML and the search index to `BuildResult.deferred`, produced when first requested (dev). */
  defer?: boolean;
  /**
   * Return the output as `BuildResult.stream` instead of `files`: pages are rendered one at a time
   * as the writer takes them, so no more than the writer's files in flight are held (`docsgen build`).
   */
  stream?: boolean;
  /**
   * An empty folder the build may keep page bodies in (a large site without `cache`: see
   * content/spilled-body.ts); the caller removes it once the output is written.
   */
  scratchDir?: string;
}

/** Output produced on request: one page (`path` known) or a group whose hashed names are known once produced. */
export interface DeferredOutput {
  path?: string;
  /** Changes whenever the output would (pages): how dev finds the pages an edit changed. */
  key?: string;
  produce(): OutputFile[];
}

export interface BuildResult {
  config?: SiteConfig;
  files?: OutputFile[];
  pageCount: number;
  diagnostics: Diagnostic[];
  /** Files the build read (config, its imports, the API description): what dev watches. */
  watchFiles: string[];
  /** With `defer`: the outputs `files` leaves out (pages, the 404 page, the search index). */
  deferred?: DeferredOutput[];
  /** With `stream`: every output file, the same as `files` would hold, produced as it is taken. */
  stream?: AsyncIterable<OutputFile>;
}

/**
 * The renderer given (dev), else docsgen's own while its templates are as compiled into the CLI,
 * else one compiled from the templates on disk (which the client bundle uses too).
 */
async function siteRenderer(
  config: SiteConfig,
  stages: ReturnType<typeof cachedStages>,
  given?: Renderer,
): Promise<{ renderer?: Renderer; diagnostics: Diagnostic[] }> {
  const templatesDir = resolve(config.root, config.templatesDir);
  if (given) return { renderer: given, diagnostics: [] };
  if (isBuiltinTemplates(templatesDir) && (await builtinTemplatesCurrent()))
    return { renderer: builtinRenderer, diagnostics: [] };
  return loadRenderer(templatesDir, { cacheDir: siteCacheDir(config.root) }, stages.compileRenderer);
}

const deferPage = (job: RenderJob, path = htmlPathForRoute(job.route)): DeferredOutput => ({
  path,
  key: job.key,
  produce: () => [{ path, contents: job.render() }],
});

/** The id the search index is kept under in the build cache (one index per site). */
const SEARCH_INDEX = 'search-index';

/**
 * Every output file of a build, pages rendered when the writer takes them: first the files that
 * need no page HTML, then each page, then the search index (built meanwhile on another thread).
 */
async function* streamOutput(
  files: readonly OutputFile[],
  render: { pages: readonly RenderJob[]; notFound: RenderJob },
  searchFiles: Promise<OutputFile[]>,
): AsyncGenerator<OutputFile> {
  yield* files;
  for (const job of render.pages) yield { path: htmlPathForRoute(job.route), contents: job.render() };
  yield { path: '404.html', contents: render.notFound.render() };
  yield* await searchFiles;
}

/** The build pipeline: config → content → API → routes → checks → bundle → render → plan. Writes nothing. */
export async function runBuild(options: BuildOptions = {}): Promise<BuildResult> {
  const progress = options.onProgress ?? (() => {});
  const highlighter = options.highlighter ?? options.cache?.highlighter ?? createHighlighter();
  const stages = cachedStages(options.cache, highlighter);
  const loaded = await loadConfig(
    { configPath: options.configPath, openapiOverride: options.openapi },
    stages.compileConfig,
  );
  const config = loaded.config;
  if (!config) return { pageCount: 0, diagnostics: loaded.diagnostics, watchFiles: loaded.dependencies };
  const assets = createAssetResolver(config.baseUrl, readableFolders(config.root, config.allowedPaths));

  progress('content');
  // esbuild bundles in its own process while this one parses Markdown.
  const clientOptions = { root: config.root, templatesDir: config.templatesDir, highlightTheme: config.code.theme };
  const bundling = stages.bundleClient(clientOptions);
  const [content, api, staticFiles] = await Promise.all([
    loadContent({
      config,
      highlighter,
      assets,
      cache: options.cache?.content,
      changed: options.changed && new Set(options.changed),
      scratchDir: options.scratchDir,
      stageResults: options.cache?.steps,
    }),
    stages.loadApiReference(config),
    collectStaticFiles(config),
  ]);
  // Diagrams are parsed with mermaid (loaded only when there are some) while the rest goes on.
  const diagrams = diagramsOf(content.pages);
  const diagramCheck = diagrams.length ? stages.checkDiagrams(diagrams) : Promise.resolve([]);
  // KaTeX's stylesheet and fonts are written only when some page has math.
  const katexFiles = content.pages.some((page) => page.usesMath) ? await loadKatexAssets() : [];
  const special = buildSpecialPages({ searchPagePath: config.search.searchPagePath });
  const nav = buildVersionNav({
    config,
    docs: content.pages,
    apiSidebars: new Map(api.apis.map((one) => [one.id, one.sidebar])),
    categories: content.categories,
    unbuiltDocIds: content.unbuiltDocIds,
  });
  const pages = [...content.pages, ...nav.generatedPages, ...api.pages, ...special.pages];
  const table = buildRouteTable(pages, nav.sidebars);
  const versions = buildVersionIndex(config.docsVersions, pages, nav.sidebars);
  // Older docs versions are not searched (see inSearchedVersion).
  const searched = table.pages.filter((page) => inSearchedVersion(config.docsVersions, page));
  const navbar = resolveNavbar(config, nav.sidebars, content.pages, content.unbuiltDocIds);
  const generatedRoutes = new Set([
    ...api.apis.map((one) => `/openapi/${one.id}.json`),
    '/meta/index.json',
    '/sitemap.xml',
    '/llms.txt',
    '/llms-full.txt',
    ...staticFiles.files.map((f) => `/${f.path}`),
  ]);
  const unbuilt = unbuiltApi(config, api);
  const diagnostics = [
    ...loaded.diagnostics,
    ...content.diagnostics,
    ...staticFiles.diagnostics,
    ...api.diagnostics,
    ...nav.diagnostics,
    ...navbar.diagnostics.filter(unbuilt.keep),
    ...checkLinks(
      table,
      generatedRoutes,
      { site: { onBrokenLinks: config.onBrokenLinks, onBrokenAnchors: config.onBrokenAnchors }, api: config.api },
      [...unbuilt.prefixes, ...content.unbuiltRoutes],
    ),
    ...checkPagination(content.pages),
    ...checkDocsFeatures(table),
    ...(await diagramCheck),
  ];
  const watchFiles = [...loaded.dependencies, ...api.files, ...content.files];
  if (hasErrors(diagnostics)) return { config, pageCount: pages.length, diagnostics, watchFiles };

  progress('bundle');
  // Pages that hydrate the site's components or draw diagrams need a client that has them.
  const islandModules = [...new Set(content.pages.flatMap((page) => page.islands ?? []))].sort();
  const islands = islandModules.length
    ? { modules: islandModules, site: docusaurusContextOf(config), baseUrl: config.baseUrl }
    : undefined;
  const { bundle, diagnostics: bundleDiagnostics } =
    islands || diagrams.length
      ? await stages.bundleClientWithFeatures({ ...clientOptions, islands, mermaid: diagrams.length > 0 })
      : await bundling;
  if (!bundle)
    return { config, pageCount: pages.length, diagnostics: [...diagnostics, ...bundleDiagnostics], watchFiles };

  progress('render');
  const site = await siteRenderer(config, stages, options.renderer);
  if (!site.renderer)
    return { config, pageCount: pages.length, diagnostics: [...diagnostics, ...site.diagnostics], watchFiles };
  const render = planRender({
    config,
    table,
    navbarItems: navbar.items,
    bundle,
    notFound: special.notFound,
    renderer: site.renderer,
    cache: options.cache?.render,
    versions,
  });
  const operations = summarizeOperations(api.pages);
  // Each page's Markdown twin, a stage of the page alone (cached like its render).
  const twin = cachedEach((input: { page: Page }) => pageMarkdown(input.page), options.cache?.markdown);
  twin.keepOnly(table.pages.map((page) => page.route));
  const plan = (html: Map<string, PageHtml>, notFoundHtml: PageHtml, searchFiles: OutputFile[]) =>
    planOutput({
      config,
      table,
      html,
      notFoundHtml,
      bundle,
      assets,
      staticFiles: [...staticFiles.files, ...katexFiles],
      apiSpecs: api.apis.flatMap((one) => (one.specJson ? [{ id: one.id, label: one.label, json: one.specJson }] : [])),
      operations,
      searchFiles,
      pageMarkdown: (page) => twin.run(page.route, { page }),
    });
  const pageCount = render.pages.length + 1;
  // The files that need no page HTML (sitemap, meta index, agent files, assets…): pages and the
  // search index are produced apart (deferred or streamed).
  const searchInput = (): SearchIndexInput => ({ pages: searched, synonyms: config.search.synonyms });
  const withoutPages = () => plan(new Map(), new Uint8Array(), []).filter((file) => file.path !== '404.html');
  if (options.defer) {
    // Built in-process when a search file is first asked for; the same results as the build's.
    const search = cachedEach(searchIndexFiles, options.cache?.search);
    const searchGroup = { produce: () => search.run(SEARCH_INDEX, searchInput()) };
    const deferred = [
      ...render.pages.map((job) => deferPage(job)),
      deferPage(render.notFound, '404.html'),
      searchGroup,
    ];
    return {
      config,
      files: withoutPages(),
      deferred,
      pageCount,
      diagnostics,
      watchFiles,
    };
  }
  // A large site's search index is built on another core while this one renders.
  const searchFiles = cachedEachAsync(searchIndexFilesOffThread, options.cache?.search).run(
    SEARCH_INDEX,
    searchInput(),
  );
  if (options.stream)
    return { config, stream: streamOutput(withoutPages(), render, searchFiles), pageCount, diagnostics, watchFiles };
  const html = new Map(render.pages.map((job) => [job.route, job.render()]));
  const files = plan(html, render.notFound.render(), await searchFiles);
  return { config, files, pageCount, diagnostics, watchFiles };
}
