import { resolve } from 'node:path';
import type { SiteConfig } from './config/resolve-config.js';
import { hasErrors, type Diagnostic } from './diagnostics/diagnostic.js';
import { createHighlighter, type Highlighter } from './content/highlighter.js';
import { createAssetResolver, type AssetResolver } from './content/create-asset-resolver.js';
import { readableFolders } from './shared/allowed-paths.js';
import {
  loadContent,
  type LoadContentOptions,
  type LoadedContent,
  type MarkdownSources,
} from './content/load-content.js';
import { readsAsMdx } from './content/markdown-format.js';
import type { SourceFile } from './content/collect-sources.js';
import { mayNeedClientFeatures } from './content/mdx/island-modules.js';
import { buildSpecialPages } from './routes/build-special-pages.js';
import { inSearchedVersion } from './config/docs-versions.js';
import type { RouteTable } from './routes/build-route-table.js';
import { cachedSiteNav, type SiteNav } from './routes/build-site-nav.js';
import {
  applyMarkdownLinkPolicy,
  checkCrossVersionLinks,
  checkDocsFeatures,
  checkLinks,
  checkPagination,
  type LinkPolicy,
} from './routes/check-links.js';
import { resolveNavbar } from './render/resolve-navbar.js';
import { unbuiltApi } from './routes/api-follow-ons.js';
import type { ApiReference } from './openapi/load-api-reference.js';
import {
  builtinRenderer,
  planRender,
  type PageHtml,
  type PagePool,
  type Renderer,
  type RenderJob,
  type RenderPlan,
} from './render/render-site.js';
import { builtinTemplatesCurrent, isBuiltinTemplates, loadRenderer } from './render/load-renderer.js';
import { siteCacheDir } from './shared/package-paths.js';
import { collectStaticFiles } from './output/collect-static-files.js';
import { loadKatexAssets } from './output/katex-assets.js';
import { loadInfimaAsset } from './output/infima-assets.js';
import { planIndexFiles, planOutput, type ApiSpecFile, type IndexFile } from './output/plan-output.js';
import type { ClientBundle } from './bundle/bundle-client.js';
import { summarizeOperations } from './output/operation-summary.js';
import { htmlPathForRoute, type KeyedOutputFile, type OutputFile, type WritableFile } from './output/output-file.js';
import { cachedStages, type BuildCache } from './build-cache/build-cache.js';
import {
  agentMarkdownFiles,
  LLMS_FULL_TXT,
  twinOrder,
  withLlmsFull,
  type TwinFile,
} from './output/build-agent-files.js';
import { planStaticFiles } from './output/static-collisions.js';
import { renderWorkers, startPagePool } from './render/render-pool.js';
import { loadConfig } from './config/load-config.js';
import { docusaurusContextOf } from './content/mdx/docusaurus-context-of.js';
import { diagramsOf } from './content/check-diagrams.js';
import {
  indexSearchPartHere,
  indexSearchParts,
  searchIndexFilesOffThread,
  searchIndexFromParts,
  searchPartInputs,
  type SearchIndexInput,
} from './search/search-index-files.js';
import { cachedBatch, cachedEach, cachedEachAsync } from './cache/cached.js';
import { pMapIterable } from 'p-map';
import { mapInSlices } from './shared/time-slices.js';
import { pageMarkdown } from './output/markdown/page-markdown.js';
import { hasSpilledTwin, spilledTwin, spilledTwinFile } from './content/spilled-body.js';
import { hasMarkdownTwin, markdownPathForRoute } from './shared/markdown-twin.js';
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
  /**
   * Gives up at the next stage boundary once aborted, with the signal's reason (dev: a follow-up
   * build a newer save made stale). Between stages the event loop gets a turn, so a save or a
   * request is answered while a long build runs. What the cache holds stays valid: each entry is
   * complete and keyed by its inputs.
   */
  signal?: AbortSignal;
  /**
   * With `stream`: render the pages and make their Markdown twins on worker threads (`true`, tests),
   * or on this thread (`false`, the default: see render-pool.ts for why).
   */
  renderWorkers?: boolean;
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
  /** With `defer`: the outputs `files` leaves out (pages, the 404 page, the Markdown twins and llms-full.txt, the search index). */
  deferred?: DeferredOutput[];
  /**
   * With `stream`: every output file, the same as `files` would hold, produced as it is taken; pages
   * and Markdown twins as keyed files, made only when the writer has no file of the same key from the
   * last build, and llms-full.txt joined by the writer from the twins' files (`JoinedFile`).
   */
  stream?: AsyncIterable<WritableFile>;
  /** With `defer` and a cache: the site model one Markdown page can be parsed and rendered again against (dev). */
  pageEdits?: PageEditModel;
}

/**
 * The parts of a built site one edited Markdown page is parsed, checked and rendered against in
 * `docsgen dev`, while the edit leaves unchanged everything other pages read of it.
 */
export interface PageEditModel {
  config: SiteConfig;
  table: RouteTable;
  markdown: MarkdownSources;
  assets: AssetResolver;
  /** The inputs of `checkLinks` in this build. */
  linkCheck: LinkCheckInputs;
  planPage: RenderPlan['planPage'];
}

/** What `checkLinks` reads besides the route table. */
interface LinkCheckInputs {
  extraRoutes: ReadonlySet<string>;
  policy: LinkPolicy;
  unbuiltPrefixes: string[];
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

type Stages = ReturnType<typeof cachedStages>;

/** What the content, API and static-file stages give, with the pages' route table and navbar. */
interface LoadedSite {
  content: LoadedContent;
  api: ApiReference;
  staticFiles: Awaited<ReturnType<typeof collectStaticFiles>>;
  special: ReturnType<typeof buildSpecialPages>;
  /** The pages' mermaid diagrams, and their check (running meanwhile). */
  diagrams: ReturnType<typeof diagramsOf>;
  diagramCheck: Promise<Diagnostic[]>;
  nav: SiteNav['nav'];
  /** Every page: docs, generated category pages, API pages, special pages. */
  pages: Page[];
  table: RouteTable;
  versions: SiteNav['versions'];
  /** The route table's pages that are searched (older docs versions are not). */
  searched: Page[];
  navbar: ReturnType<typeof resolveNavbar>;
}

/** The content, API and static-file stages (at the same time), then the sidebars, route table and navbar. */
async function loadSite(
  config: SiteConfig,
  options: BuildOptions,
  {
    stages,
    highlighter,
    assets,
    onSources,
  }: { stages: Stages; highlighter: Highlighter; assets: AssetResolver; onSources: LoadContentOptions['onSources'] },
): Promise<LoadedSite> {
  const [content, api, staticFiles] = await Promise.all([
    loadContent({
      config,
      highlighter,
      assets,
      cache: options.cache?.content,
      changed: options.changed && new Set(options.changed),
      scratchDir: options.scratchDir,
      stageResults: options.cache?.steps,
      onSources,
    }),
    stages.loadApiReference(config),
    collectStaticFiles(config),
  ]);
  // Diagrams are parsed with mermaid (loaded only when there are some) while the rest goes on.
  const diagrams = diagramsOf(content.pages);
  const diagramCheck = diagrams.length ? stages.checkDiagrams(diagrams) : Promise.resolve([]);
  const special = buildSpecialPages({ searchPagePath: config.search.searchPagePath });
  const { nav, pages, table, versions } = await cachedSiteNav(
    {
      config,
      docs: content.pages,
      apiSidebars: new Map(api.apis.map((one) => [one.id, one.sidebar])),
      otherPages: [...api.pages, ...special.pages],
      categories: content.categories,
      unbuiltDocIds: content.unbuiltDocIds,
    },
    options.cache?.nav,
  );
  // Older docs versions are not searched (see inSearchedVersion).
  const searched = table.pages.filter((page) => inSearchedVersion(config.docsVersions, page));
  const navbar = resolveNavbar(config, nav.sidebars, content.pages, content.unbuiltDocIds);
  return { content, api, staticFiles, diagrams, diagramCheck, special, nav, pages, table, versions, searched, navbar };
}

/** The generated files links may point to, the link policy and the routes whose links are not checked. */
function linkCheckInputs(config: SiteConfig, site: LoadedSite): LinkCheckInputs {
  const { content, api, staticFiles } = site;
  const extraRoutes = new Set([
    ...api.apis.map((one) => `/openapi/${one.id}.json`),
    '/meta/index.json',
    '/sitemap.xml',
    '/llms.txt',
    '/llms-full.txt',
    ...staticFiles.files.map((f) => `/${f.path}`),
  ]);
  return {
    extraRoutes,
    policy: { site: { onBrokenLinks: config.onBrokenLinks, onBrokenAnchors: config.onBrokenAnchors }, api: config.api },
    unbuiltPrefixes: [...unbuiltApi(config, api).prefixes, ...content.unbuiltRoutes],
  };
}

/** Every problem the stages reported, and the checks of links, pagination and docs features. */
function checkSite(config: SiteConfig, site: LoadedSite, configDiagnostics: readonly Diagnostic[]): Diagnostic[] {
  const { content, api, staticFiles, nav, navbar, table } = site;
  const links = linkCheckInputs(config, site);
  return [
    ...configDiagnostics,
    ...applyMarkdownLinkPolicy(content.diagnostics, config.onBrokenLinks),
    ...staticFiles.diagnostics,
    ...api.diagnostics,
    ...nav.diagnostics,
    ...navbar.diagnostics.filter(unbuiltApi(config, api).keep),
    ...checkLinks(table, links.extraRoutes, links.policy, links.unbuiltPrefixes),
    ...checkCrossVersionLinks(table),
    ...checkPagination(content.pages),
    ...checkDocsFeatures(table),
  ];
}

/** The site's output once its pages are planned for rendering: each way a build hands it out. */
interface PlannedOutput {
  config: SiteConfig;
  site: LoadedSite;
  render: RenderPlan;
  assets: AssetResolver;
  /** A page's Markdown twin, from the build cache while the page is unchanged. */
  markdownOf(page: Page): string;
  /** The same twin, made by a worker of `pool` unless the build cache has it (one wrapper for all pages). */
  markdownOn(pool: PagePool): (page: Page) => Promise<string>;
  /** A page's Markdown twin as the writer takes it: keyed, or the worker's scratch file (see withLlmsFull). */
  twinFileOf(page: Page): TwinFile;
  /** Static files left out because a generated file takes their path (DG602). */
  warnings: Diagnostic[];
  /**
   * Every file but the pages, the 404 page and the search index (and, with `agentMarkdown: false`,
   * the twins and llms-full.txt; with `indexFiles: false`, the files of `indexFiles`).
   */
  plan(
    input: { html: Map<string, PageHtml>; notFoundHtml: PageHtml; searchFiles: OutputFile[] },
    agentMarkdown?: boolean,
    indexFiles?: boolean,
  ): OutputFile[];
  /** The sitemap, meta index and sidebars, and llms.txt (see planIndexFiles), each made when asked for. */
  indexFiles(): IndexFile[];
}

/** The client bundle and the renderer, then every page planned for rendering; or the diagnostics that stop it. */
async function planSiteOutput(
  config: SiteConfig,
  site: LoadedSite,
  {
    options,
    stages,
    bundling,
    assets,
  }: { options: BuildOptions; stages: Stages; bundling: ReturnType<Stages['bundleClient']>; assets: AssetResolver },
): Promise<PlannedOutput | Diagnostic[]> {
  const progress = options.onProgress ?? (() => {});
  progress('bundle');
  const { bundle, diagnostics: bundleDiagnostics } = await bundling;
  if (!bundle) return bundleDiagnostics;
  progress('render');
  const chosen = await siteRenderer(config, stages, options.renderer);
  if (!chosen.renderer) return chosen.diagnostics;
  const { table, api, staticFiles } = site;
  const render = planRender({
    config,
    table,
    navbarItems: site.navbar.items,
    bundle,
    notFound: site.special.notFound,
    renderer: chosen.renderer,
    cache: options.cache?.render,
    versions: site.versions,
  });
  // KaTeX's stylesheet and fonts are written only when some page has math.
  const katexFiles = site.content.pages.some((page) => page.usesMath) ? await loadKatexAssets() : [];
  const infimaFiles = site.content.pages.some((page) => page.usesInfima) ? [await loadInfimaAsset()] : [];
  const operations = summarizeOperations(api.pages);
  const apiSpecs = api.apis.flatMap((one) =>
    one.specJson ? [{ id: one.id, label: one.label, json: one.specJson }] : [],
  );
  const generated = generatedFileAt({ config, table, bundle, assets, operations, apiSpecs });
  const statics = planStaticFiles(staticFiles.files, generated, config.staticDir);
  const { markdownOf, markdownOn, twinFileOf } = planTwins(table, options.cache);
  const plan: PlannedOutput['plan'] = ({ html, notFoundHtml, searchFiles }, agentMarkdown, indexFiles) =>
    planOutput({
      config,
      table,
      html,
      notFoundHtml,
      bundle,
      assets,
      staticFiles: [...statics.files, ...katexFiles, ...infimaFiles],
      robotsTxt: !statics.ownRobotsTxt,
      apiSpecs,
      operations,
      searchFiles,
      pageMarkdown: markdownOf,
      agentMarkdown,
      indexFiles,
    });
  const indexFiles = () => planIndexFiles({ config, table, operations, apiSpecs }, false);
  return {
    config,
    site,
    render,
    plan,
    indexFiles,
    markdownOf,
    markdownOn,
    twinFileOf,
    assets,
    warnings: statics.diagnostics,
  };
}

/**
 * Each page's Markdown twin, a stage of the page alone (cached like its render; a spilled page's was
 * made by the worker that parsed it): as text, made on a render pool, and as the file the writer takes.
 */
function planTwins(
  table: RouteTable,
  cache: BuildCache | undefined,
): Pick<PlannedOutput, 'markdownOf' | 'markdownOn' | 'twinFileOf'> {
  const twin = cachedEach(
    (input: { page: Page }) => spilledTwin(input.page) ?? pageMarkdown(input.page),
    cache?.markdown,
  );
  twin.keepOnly(table.pages.map((page) => page.route));
  const markdownOf = (page: Page) => twin.run(page.route, { page });
  // A twin file is keyed like a page (its key read only by a writer that tracks its files): with the
  // build cache, one the last output holds under the same key is linked without being made or read.
  const twinFileOf = (page: Page): TwinFile => {
    const path = markdownPathForRoute(page.route);
    const spooled = spilledTwinFile(page);
    if (spooled !== undefined) return { path, spooled };
    let key: string | undefined;
    const keyOf = () => (key ??= twin.key({ page }));
    return {
      path,
      get key() {
        return `twin\0${keyOf()}`;
      },
      make: () => twin.run(page.route, { page }, cache ? keyOf() : undefined),
    };
  };
  // An operation's twin made with its view (a large API's workers), or a spilled page's, is at hand: not worth posting.
  const twinAtHand = (page: Page) =>
    (page.body.type === 'api-operation' && page.body.markdown !== undefined) || hasSpilledTwin(page);
  const markdownOn = (pool: PagePool) => {
    const twinOnPool = cachedEachAsync((input: { page: Page }) => pool.markdown(input.page), cache?.markdown);
    return (page: Page) =>
      twinAtHand(page) ? Promise.resolve(markdownOf(page)) : twinOnPool.run(page.route, { page });
  };
  return { markdownOf, markdownOn, twinFileOf };
}

/**
 * What the build writes at an output path, if it writes a file of its own there (for the warning a
 * static file at the same path gets, see static-collisions.ts): looked up per static file, not listed
 * for every page. The search index's versioned files are left out.
 */
function generatedFileAt({
  config,
  table,
  bundle,
  assets,
  operations,
  apiSpecs,
}: Pick<PlannedOutput, 'config' | 'assets'> & {
  table: RouteTable;
  bundle: ClientBundle;
  operations: ReturnType<typeof summarizeOperations>;
  apiSpecs: ApiSpecFile[];
}): (path: string) => string | undefined {
  const fixed = new Map<string, string>([
    ['404.html', 'the not-found page'],
    ...planIndexFiles({ config, table, operations, apiSpecs }, false).map(({ path }) => [path, `its ${path}`] as const),
    [LLMS_FULL_TXT, `its ${LLMS_FULL_TXT}`],
    ...bundle.files.map((file) => [file.path, 'a file of the client bundle'] as const),
    ...[...assets.assets.values()].map((asset) => [asset.output, 'an image a page shows'] as const),
    ...apiSpecs.map((spec) => [`openapi/${spec.id}.json`, 'the API description'] as const),
  ]);
  // The route a page's HTML or twin at `path` would have, checked against the functions that name those files.
  const pageOf = (path: string, ending: string, pathOf: (route: string) => string) => {
    if (!path.endsWith(ending)) return undefined;
    const folder = path.slice(0, -ending.length).replace(/\/$/, '');
    const page = table.byRoute.get(folder === 'index' && ending === '.md' ? '/' : `/${folder}`);
    return page && pathOf(page.route) === path ? page : undefined;
  };
  return (path) => {
    if (fixed.has(path)) return fixed.get(path);
    const html = pageOf(path, 'index.html', htmlPathForRoute);
    if (html) return `the page ${html.route}`;
    const twin = pageOf(path, '.md', markdownPathForRoute);
    return twin && hasMarkdownTwin(twin) ? `the Markdown twin of ${twin.route}` : undefined;
  };
}

/** The files that need no page HTML (sitemap, meta index, agent files, assets…): pages and the search index come apart. */
const withoutPages = ({ plan }: PlannedOutput, agentMarkdown?: boolean, indexFiles?: boolean) =>
  plan({ html: new Map(), notFoundHtml: new Uint8Array(), searchFiles: [] }, agentMarkdown, indexFiles).filter(
    (file) => file.path !== '404.html',
  );

/** What the search index is built from (and the build cache keys it by). */
const searchInput = ({ site, config }: PlannedOutput): SearchIndexInput => ({
  pages: site.searched,
  synonyms: config.search.synonyms,
  exampleRoutes: config.search.exampleRoutes,
});

/**
 * The search index files: from the build cache when its pages and synonyms are unchanged; else
 * merged from the index of each part of the pages, of which only the parts whose pages changed are
 * indexed again (a large site's on another core while this one renders, fed a part at a time).
 */
function searchFilesOffThread(planned: PlannedOutput, cache: BuildCache | undefined): Promise<OutputFile[]>;
function searchFilesOffThread(
  planned: PlannedOutput,
  cache: BuildCache | undefined,
  scratchDir: string | undefined,
): Promise<WritableFile[]>;
function searchFilesOffThread(
  planned: PlannedOutput,
  cache: BuildCache | undefined,
  scratchDir?: string,
): Promise<WritableFile[]> {
  // Without the cache, each part is merged as it is indexed: the parts are never all held, and
  // with a scratch folder neither are the pages' content entries (search/content-store.ts).
  if (!cache) return searchIndexFilesOffThread(searchInput(planned), scratchDir);
  const parts = cachedBatch(indexSearchParts, cache?.searchParts);
  const fromParts = async ({ pages, synonyms, exampleRoutes }: SearchIndexInput) =>
    searchIndexFromParts(await parts.run(searchPartInputs(pages, exampleRoutes)), synonyms, cache.searchTerms);
  return cachedEachAsync(fromParts, cache?.search).run(SEARCH_INDEX, searchInput(planned));
}

/** `searchFilesOffThread` in this thread, synchronously (`docsgen dev`, when a search file is first asked for). */
function searchFilesHere(planned: PlannedOutput, cache: BuildCache | undefined): () => OutputFile[] {
  const part = cachedEach(indexSearchPartHere, cache?.searchParts);
  const fromParts = ({ pages, synonyms, exampleRoutes }: SearchIndexInput) => {
    const inputs = searchPartInputs(pages, exampleRoutes);
    part.keepOnly(inputs.map(([id]) => id));
    return searchIndexFromParts(
      inputs.map(([id, input]) => part.run(id, input)),
      synonyms,
      cache?.searchTerms,
    );
  };
  const search = cachedEach(fromParts, cache?.search);
  return () => search.run(SEARCH_INDEX, searchInput(planned));
}

/** What `docsgen dev` parses and renders one edited page against (see PageEditModel). */
function pageEditModel({ config, site, render, assets }: PlannedOutput): PageEditModel {
  const { table, content } = site;
  return {
    config,
    table,
    markdown: content.markdown,
    assets,
    linkCheck: linkCheckInputs(config, site),
    planPage: render.planPage,
  };
}

/** `docsgen dev`'s output: what needs no page HTML now; pages, twins and the search index when first requested. */
async function deferredOutput(
  planned: PlannedOutput,
  cache: BuildCache | undefined,
): Promise<Pick<BuildResult, 'files' | 'deferred'>> {
  const { render, site } = planned;
  // Built in-process when a search file is first asked for; the same results as the build's.
  const searchGroup = { produce: searchFilesHere(planned, cache) };
  // The Markdown twins and llms-full.txt (a pass over every page) when one is first asked for, as
  // `docsgen build` streams them: a save's rebuild does not wait for them.
  const agentGroup = { produce: () => [...agentMarkdownFiles(site.table, planned.markdownOf)] };
  // In slices: each page's key hashes its props (~0.3 s at 10,000 pages), while dev serves saves.
  const pages = await mapInSlices(render.pages, (job) => deferPage(job));
  // The sitemap, meta index and llms.txt read every page (~0.1–0.4 s at 10,000): made when asked for.
  const indexFiles = planned
    .indexFiles()
    .map(({ path, make }) => ({ path, produce: () => [{ path, contents: make() }] }));
  return {
    files: withoutPages(planned, false, false),
    deferred: [...pages, deferPage(render.notFound, '404.html'), ...indexFiles, agentGroup, searchGroup],
  };
}

/**
 * A page as the writer takes it: its render key, and its HTML rendered only if the writer needs it
 * (the last build did not leave this page's file under the same key). The key is read only by a
 * writer that tracks its files (with the build cache); without one, hashing pages costs time.
 */
const keyedPage = (
  job: RenderJob,
  path = htmlPathForRoute(job.route),
  renderHtml: () => PageHtml | Promise<PageHtml> = () => job.render(),
): KeyedOutputFile => ({
  path,
  get key() {
    return job.key;
  },
  make: renderHtml,
});

/** Pages and twins handed to the render workers ahead of the writer (which takes up to 64 files at a time). */
const WORKER_JOBS_AHEAD = 32;

/** The Markdown twins and llms-full.txt; made by `pool`'s workers when there is one, ahead of the writer, in order. */
function twinFiles(planned: PlannedOutput, pool: PagePool | undefined): AsyncIterable<WritableFile> {
  const pages = twinOrder(planned.site.table);
  if (!pool) return withLlmsFull(mapLazily(pages, planned.twinFileOf));
  const twinOnPool = planned.markdownOn(pool);
  const twinOf = async (page: Page) => ({ path: markdownPathForRoute(page.route), contents: await twinOnPool(page) });
  return withLlmsFull(pMapIterable(pages, twinOf, { concurrency: WORKER_JOBS_AHEAD }));
}

/** `items.map(fn)`, each item mapped when taken. */
function* mapLazily<T, R>(items: Iterable<T>, fn: (item: T) => R): Generator<R> {
  for (const item of items) yield fn(item);
}

/**
 * Every page (and the 404 page) as a keyed file. With `pool`: without the build cache the writer
 * writes every page, so each is rendered by the workers ahead of it, in its order; with the cache
 * only a page the writer cannot take from the last output is rendered, when it asks (on this
 * thread once the pool has closed: the writer may ask for the last pages after the stream ended).
 */
async function* pageFiles(
  render: RenderPlan,
  pool: PagePool | undefined,
  cache: BuildCache | undefined,
): AsyncGenerator<KeyedOutputFile> {
  const jobs: [RenderJob, string][] = [
    ...render.pages.map((job): [RenderJob, string] => [job, htmlPathForRoute(job.route)]),
    [render.notFound, '404.html'],
  ];
  if (!pool) for (const [job, path] of jobs) yield keyedPage(job, path);
  else if (!cache) {
    const rendered = async ([job, path]: [RenderJob, string]) => {
      const html = await job.renderOn(pool);
      return keyedPage(job, path, () => html);
    };
    yield* pMapIterable(jobs, rendered, { concurrency: WORKER_JOBS_AHEAD });
  } else
    for (const [job, path] of jobs) yield keyedPage(job, path, () => (pool.closed ? job.render() : job.renderOn(pool)));
}

/**
 * Every output file of a build, each made when the writer takes it: first the files that need no
 * page HTML, then the Markdown twins and llms-full.txt, then each page rendered, then the search
 * index (built meanwhile on another thread, fed the pages a few at a time).
 */
async function* streamOutput(
  planned: PlannedOutput,
  {
    cache,
    onProgress: progress = () => {},
    scratchDir,
    renderWorkers: renderOffThread,
  }: Pick<BuildOptions, 'cache' | 'onProgress' | 'scratchDir' | 'renderWorkers'>,
): AsyncGenerator<WritableFile> {
  const { render } = planned;
  const searchFiles = searchFilesOffThread(planned, cache, scratchDir);
  progress('write files');
  yield* withoutPages(planned, false);
  const workers = renderWorkers({ force: renderOffThread });
  const pool = render.shared && startPagePool(render.shared, workers);
  const where = pool ? ` (${pool.workers} render worker${pool.workers === 1 ? '' : 's'})` : '';
  try {
    progress(`write Markdown twins${where}`);
    yield* twinFiles(planned, pool);
    progress(`write pages${where}`);
    yield* pageFiles(render, pool, cache);
  } finally {
    // After the renders in flight: the search worker may need the memory the render workers hold.
    await pool?.close();
  }
  progress('search index');
  yield* await searchFiles;
}

/** Every output file in one list (the pages rendered, the search index built here or on a worker). */
async function outputFiles(planned: PlannedOutput, cache: BuildCache | undefined): Promise<OutputFile[]> {
  const searchFiles = searchFilesOffThread(planned, cache);
  const html = new Map(planned.render.pages.map((job) => [job.route, job.render()]));
  return planned.plan({ html, notFoundHtml: planned.render.notFound.render(), searchFiles: await searchFiles });
}

/**
 * A stage boundary of a build that can be cancelled: the event loop's turn (a save, a request),
 * then the signal's reason thrown if it was aborted meanwhile. Nothing for other builds.
 */
async function stageBoundary(signal: AbortSignal | undefined, pending: readonly (Promise<unknown> | undefined)[] = []) {
  if (!signal) return;
  await new Promise((resume) => setImmediate(resume));
  if (!signal.aborted) return;
  // Work started for the stages after this one is not awaited any more: its failure is nobody's.
  for (const work of pending) work?.catch(() => {});
  signal.throwIfAborted();
}

/** The build pipeline: config → content → API → routes → checks → bundle → render → plan. Writes nothing. */
export async function runBuild(options: BuildOptions = {}): Promise<BuildResult> {
  const highlighter = options.highlighter ?? options.cache?.highlighter ?? createHighlighter();
  const stages = cachedStages(options.cache, highlighter);
  const loaded = await loadConfig(
    { configPath: options.configPath, openapiOverride: options.openapi },
    stages.compileConfig,
  );
  const config = loaded.config;
  if (!config) return { pageCount: 0, diagnostics: loaded.diagnostics, watchFiles: loaded.dependencies };
  await stageBoundary(options.signal);
  const assets = createAssetResolver(config.baseUrl, readableFolders(config.root, config.allowedPaths));
  options.onProgress?.('content');
  const clientOptions = {
    root: config.root,
    templatesDir: config.templatesDir,
    highlightTheme: config.code.theme,
    docsVersions: config.docsVersions.length > 1,
  };
  let plainClient: ReturnType<Stages['bundleClient']> | undefined;
  const bundlePlain = () => (plainClient ??= stages.bundleClient(clientOptions));
  // esbuild bundles in its own process while this one parses Markdown; a site that may need the
  // client with features (known once its pages are parsed) gets only that one.
  const isMdx = (path: string) => readsAsMdx(path, config.markdown.format);
  const onSources = async (sources: readonly SourceFile[]) => {
    if (!(await mayNeedClientFeatures(sources, isMdx))) bundlePlain();
  };
  const site = await loadSite(config, options, { stages, highlighter, assets, onSources });
  await stageBoundary(options.signal, [plainClient, site.diagramCheck]);
  options.onProgress?.('checks');
  // Pages that hydrate the site's components or draw diagrams need a client that has them.
  const bundleFor = ({ content, diagrams }: LoadedSite) => {
    const islandModules = [...new Set(content.pages.flatMap((page) => page.islands ?? []))].sort();
    const code = Object.assign({}, ...content.pages.map((page) => page.islandCode ?? {})) as Record<string, string>;
    const islands = islandModules.length
      ? {
          modules: islandModules,
          ...(Object.keys(code).length && { code }),
          site: docusaurusContextOf(config),
          baseUrl: config.baseUrl,
        }
      : undefined;
    return islands || diagrams.length
      ? stages.bundleClientWithFeatures({ ...clientOptions, islands, mermaid: diagrams.length > 0 })
      : bundlePlain();
  };
  const diagnostics = [...checkSite(config, site, loaded.diagnostics), ...(await site.diagramCheck)];
  const watchFiles = [...loaded.dependencies, ...site.api.files, ...site.content.files];
  const failed = (more: Diagnostic[] = []) => ({
    config,
    pageCount: site.pages.length,
    diagnostics: [...diagnostics, ...more],
    watchFiles,
  });
  if (hasErrors(diagnostics)) return failed();
  await stageBoundary(options.signal, [plainClient]);
  const planned = await planSiteOutput(config, site, { options, stages, bundling: bundleFor(site), assets });
  if (Array.isArray(planned)) return failed(planned);
  await stageBoundary(options.signal);
  const done = {
    config,
    pageCount: planned.render.pages.length + 1,
    diagnostics: [...diagnostics, ...planned.warnings],
    watchFiles,
  };
  if (options.defer)
    return {
      ...done,
      ...(await deferredOutput(planned, options.cache)),
      pageEdits: options.cache && pageEditModel(planned),
    };
  if (options.stream) return { ...done, stream: streamOutput(planned, options) };
  return { ...done, files: await outputFiles(planned, options.cache) };
}
