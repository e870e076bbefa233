import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { runBuild, type PageEditModel } from '../build.js';
import { createBuildCache } from '../build-cache/build-cache.js';
import { packageRoot, siteCacheDir } from '../shared/package-paths.js';
import type { SiteConfig } from '../config/resolve-config.js';
import { causeOf, errorDiagnostic, hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { formatDiagnostics, sortDiagnostics } from '../diagnostics/format-diagnostics.js';
import { builtinRenderer, type Renderer } from '../render/render-site.js';
import { createDevSite, diffSites, lookupFile, withEditedPages, type DevSite } from './dev-site.js';
import { editPage, type PageEdit } from './page-edit.js';
import { htmlPathForRoute } from '../output/output-file.js';
import type { LiveReloadEvent } from './live-reload.js';
import type { DiagnosticView } from './live-reload-client.js';
import { builtinTemplatesCurrent, loadRenderer } from '../render/load-renderer.js';
import {
  cacheFileFor,
  codeIdentity,
  damagedCacheWarning,
  removeStaleCacheTemporaries,
  restoreCache,
  saveCache,
} from '../build-cache/persist-cache.js';
import { warmUpMarkdown } from './warm-up.js';

export interface DevSessionOptions {
  configPath: string;
  /** Keep the cache on disk between runs (node_modules/.cache/docsgen): a restart does not parse again. */
  persist?: boolean;
  /** Prints one line (or block) to the terminal. */
  log(text: string): void;
  /** Tells the open tabs what changed. */
  notify(event: LiveReloadEvent): void;
}

export interface DevSession {
  /**
   * Builds again for the given changed files (all of them on the first call). Once `signal` is
   * aborted the build stops at its next stage boundary and changes nothing: the files it would
   * have read stay to be read by the next build.
   */
  build(changed: readonly string[], signal?: AbortSignal): Promise<void>;
  /**
   * Saved Markdown pages served at once: each parsed, checked and rendered alone against the last
   * good build, when the edit leaves unchanged what other pages read of it. False when a build is
   * needed instead; after true, a build (`followUpNeeded`) still makes what depends on every page.
   */
  editPages(changed: readonly string[]): boolean;
  /** Files edited since the last build read them: the search index, sitemap, twins… wait for a build. */
  followUpNeeded(): boolean;
  /** The last good build, if any. */
  readonly site: DevSite | undefined;
  /** Errors of the latest build (or render), shown as the overlay. */
  readonly errors: readonly Diagnostic[];
  readonly config: SiteConfig | undefined;
  /** Folders and files to watch for the current config. */
  watchPaths(): string[];
  /** An output file of the last good build; a render error becomes the overlay and a 500. */
  lookup(path: string): string | Uint8Array | undefined;
  /** Writes the cache to disk (with `persist`). */
  save(): Promise<void>;
  /** After a start from the saved cache: compile the Markdown parser in idle time (call once the first page is out). */
  warmUp(): void;
}

const TEMPLATE_SOURCE = new Set(['.tsx', '.ts', '.jsx', '.js', '.mjs', '.mts']);

export function toDiagnosticView(d: Diagnostic): DiagnosticView {
  const location =
    d.file && d.line
      ? `${d.file}:${d.line}${d.column ? `:${d.column}` : ''}`
      : d.file && d.pointer
        ? `${d.file} ${d.pointer}`
        : (d.file ?? (d.key ? `config ${d.key}` : (d.pointer ?? '')));
  return { severity: d.severity, code: d.code, location, message: d.message, hint: d.hint };
}

/** What the session knows between builds (one object, so each step below says what it changes). */
interface DevSessionState {
  /** Started from the saved cache of the last run (warm up the parser once the first page is out). */
  restored: boolean;
  renderer: Renderer;
  /** The templates the renderer was compiled from ('' for docsgen's own, edited since the CLI was compiled). */
  rendererDir: string;
  /** Why the templates did not compile (the build is failed while there are any). */
  rendererErrors: Diagnostic[];
  builds: number;
  /** The last good build. */
  site: DevSite | undefined;
  /** Errors of the latest build or render: the overlay. */
  errors: Diagnostic[];
  config: SiteConfig | undefined;
  watchFiles: string[];
  /** Files changed since the last build that read the content (unknown before the first). */
  unseen: Set<string> | undefined;
  /** Warnings printed already: each is printed once, not at every save. */
  printedWarnings: Set<string>;
  /** The last good build's site model, for single-page edits. */
  model: PageEditModel | undefined;
  /** Single-page edits so far, and the number of the last one of each file. */
  edits: number;
  editedAt: Map<string, number>;
  /** Errors single-page edits found, by file: the overlay while there are any (the site stays as it was). */
  editErrors: Map<string, Diagnostic[]>;
}

/** The session's fixed parts and its state. */
interface DevSessionContext {
  options: DevSessionOptions;
  cache: ReturnType<typeof createBuildCache>;
  cacheFile: string;
  /** The code identity the saved cache is keyed on (undefined without `persist`). */
  identity: Promise<string | undefined>;
  /** The site root (the config's folder). */
  root: string;
  /** Start time: build ids are `${stamp}-${n}`, so a tab of an earlier server run reloads. */
  stamp: string;
  state: DevSessionState;
}

const rel = (path: string) => relative(process.cwd(), path) || path;

const templateEdited = (changed: readonly string[], templatesDir: string) =>
  changed.some((path) => path.startsWith(templatesDir + sep) && TEMPLATE_SOURCE.has(extname(path)));

/** The changed files of a build for its log line; none: the first build, or the one after single-page edits. */
const summariseChanges = (changed: readonly string[], first = true) =>
  changed.length === 0
    ? first
      ? 'start'
      : 'pages edited before'
    : `${changed.slice(0, 3).map(rel).join(', ')}${changed.length > 3 ? ` and ${changed.length - 3} more` : ''}`;

async function switchRenderer({ root, state }: DevSessionContext, templatesDir: string): Promise<void> {
  const loaded = await loadRenderer(templatesDir, { cacheDir: siteCacheDir(root), serial: state.builds });
  state.rendererErrors = loaded.diagnostics;
  state.rendererDir = templatesDir;
  if (loaded.renderer) state.renderer = loaded.renderer;
}

/** New warnings once (the same warning is not printed at every save), then the errors if any. */
function printDiagnostics({ options, state }: DevSessionContext, diagnostics: readonly Diagnostic[]): void {
  const fresh = sortDiagnostics(diagnostics.filter((d) => d.severity === 'warning')).filter(
    (d) => !state.printedWarnings.has(formatDiagnostics([d])),
  );
  fresh.forEach((d) => state.printedWarnings.add(formatDiagnostics([d])));
  if (fresh.length) options.log(formatDiagnostics(fresh));
  if (state.errors.length) options.log(formatDiagnostics(state.errors));
}

/** Before the first build: the saved cache (with `persist`), and the renderer docsgen's templates need. */
async function prepareFirstBuild({ options, cache, cacheFile, identity, state }: DevSessionContext): Promise<void> {
  const id = await identity;
  if (id) {
    const [status] = await Promise.all([restoreCache(cache, cacheFile, id), removeStaleCacheTemporaries(cacheFile)]);
    if (status === 'damaged') options.log(damagedCacheWarning(rel(cacheFile)));
    state.restored = status === 'restored';
  }
  // docsgen's own templates edited since the CLI was compiled: render with them as they are.
  if (!(await builtinTemplatesCurrent())) state.rendererDir = '';
}

/** Runs the pipeline for the changed files, with the renderer the site's templates need. */
async function runSessionBuild(ctx: DevSessionContext, changed: readonly string[], signal?: AbortSignal) {
  const { options, cache, state } = ctx;
  const { configPath } = options;
  if (state.builds === 0) await prepareFirstBuild(ctx);
  const config = state.config;
  if (config && (templateEdited(changed, resolve(config.root, config.templatesDir)) || state.rendererErrors.length))
    await switchRenderer(ctx, resolve(config.root, config.templatesDir));
  changed.forEach((path) => state.unseen?.add(path));
  const renderer = state.renderer;
  const taken = state.unseen && [...state.unseen];
  let result = await runBuild({ configPath, cache, renderer, defer: true, changed: taken, signal });
  // Without a config the build stopped before reading the content: its changes are still unseen.
  // Files saved meanwhile (single-page edits) stay unseen for the next build.
  if (result.config && taken) taken.forEach((path) => state.unseen!.delete(path));
  else if (result.config) state.unseen = new Set();
  const templatesDir = result.config && resolve(result.config.root, result.config.templatesDir);
  if (templatesDir && templatesDir !== state.rendererDir) {
    // The site's own templates (or a new templatesDir): render with them, not with docsgen's.
    await switchRenderer(ctx, templatesDir);
    result = await runBuild({ configPath, cache, renderer: state.renderer, defer: true, changed: [] });
  }
  return result;
}

type SessionBuild = Awaited<ReturnType<typeof runSessionBuild>>;

const buildIsGood = (state: DevSessionState, result: SessionBuild) =>
  state.rendererErrors.length === 0 &&
  !hasErrors(result.diagnostics) &&
  result.files !== undefined &&
  result.config !== undefined;

function reportFailure({ options, state }: DevSessionContext, changed: readonly string[], ms: number): void {
  const count = state.errors.length;
  const serving = state.site ? 'still serving the last good build' : 'save a fix to try again';
  options.log(
    `docsgen dev: ${summariseChanges(changed, state.builds <= 1)} → build failed with ${count} error${count === 1 ? '' : 's'} (${ms} ms); ${serving}.`,
  );
  options.notify({ type: 'error-overlay', errors: state.errors.map(toDiagnosticView) });
}

function reportFirstBuild(
  { options, state }: DevSessionContext,
  changed: readonly string[],
  ms: number,
  pages: number,
) {
  const fromCache = state.restored ? ' from the cache of the last run' : '';
  const built = `built ${pages} pages in ${(ms / 1000).toFixed(2)} s${fromCache}`;
  options.log(`docsgen dev: ${summariseChanges(changed)} → ${built} (each page renders when first requested)`);
  options.notify({ type: 'reload', build: state.site!.id, all: true, paths: [] });
}

/** Tells the tabs what changed since the previous good build (reload some pages, all, or swap the CSS). */
function reportChanges(ctx: DevSessionContext, previous: DevSite, changed: readonly string[], ms: number): void {
  const { changedPages, ...event } = diffSites(previous, ctx.state.site!, changed);
  // The build after single-page edits tells the tabs only when it changed what they show.
  const unseen = changed.length === 0 && event.type === 'reload' && !event.all && event.paths.length === 0;
  if (!unseen) ctx.options.notify(event);
  const what =
    event.type === 'css'
      ? 'stylesheet swapped'
      : event.all
        ? 'all pages reload'
        : `${changedPages} page${changedPages === 1 ? '' : 's'} changed`;
  ctx.options.log(`docsgen dev: ${summariseChanges(changed, false)} → ${what} (${ms} ms)`);
}

/**
 * Builds again for the changed files: a good build is served from now on, a failed one becomes the
 * overlay. A build stopped by `signal` leaves everything as it was (its files stay unseen).
 */
async function buildAgain(ctx: DevSessionContext, changed: readonly string[], signal?: AbortSignal): Promise<void> {
  const { state, stamp } = ctx;
  const started = performance.now();
  const editsBefore = state.edits;
  let result: SessionBuild;
  try {
    result = await runSessionBuild(ctx, changed, signal);
  } catch (error) {
    if (signal?.aborted) return;
    throw error;
  }
  state.builds += 1;
  state.config = result.config ?? state.config;
  state.watchFiles = result.watchFiles;
  const ms = Math.round(performance.now() - started);
  const good = buildIsGood(state, result);
  state.errors = good ? [] : [...state.rendererErrors, ...result.diagnostics.filter((d) => d.severity === 'error')];
  state.editErrors.clear();
  const editedMeanwhile = [...state.editedAt].filter(([, at]) => at > editsBefore).map(([path]) => path);
  state.editedAt = new Map([...state.editedAt].filter(([, at]) => at > editsBefore));
  // The build may have read them before their last save: the next one reads them again.
  editedMeanwhile.forEach((path) => state.unseen?.add(path));
  printDiagnostics(ctx, result.diagnostics);
  if (!good) return reportFailure(ctx, changed, ms);
  const previous = state.site;
  state.site = createDevSite(`${stamp}-${state.builds}`, { ...result, config: result.config! }, previous);
  state.model = result.pageEdits;
  editAgain(ctx, editedMeanwhile);
  if (!previous) return reportFirstBuild(ctx, changed, ms, result.pageCount);
  reportChanges(ctx, previous, changed, ms);
}

type Edited = Extract<PageEdit, { kind: 'edited' }>;

/** Each changed file as a single-page edit of the last good build, or undefined when one of them needs a build. */
function editEach(model: PageEditModel, changed: readonly string[]): Map<string, Edited> | undefined {
  const edits = new Map<string, Edited>();
  for (const path of changed) {
    const edit = editPage(model, path);
    if (edit.kind === 'rebuild') return undefined;
    edits.set(path, edit);
  }
  return edits;
}

/** The edited pages rendered now (a tab's reload must not wait) and swapped into the site served. */
function swapInEdits({ state, stamp }: DevSessionContext, edits: ReadonlyMap<string, Edited>): void {
  const rendered = [...edits.values()].map(({ page, job }) => ({
    path: htmlPathForRoute(page.route),
    key: job.key,
    html: job.render(),
  }));
  state.builds += 1;
  state.site = withEditedPages(state.site!, `${stamp}-${state.builds}`, rendered);
}

/**
 * Saved Markdown pages served without a build (see DevSession.editPages). The edited pages' own
 * problems are reported at once; an error keeps the site as it was and shows the overlay.
 */
function editPages(ctx: DevSessionContext, changed: readonly string[]): boolean {
  const { state, options } = ctx;
  const onlyEditErrors = state.errors.length === [...state.editErrors.values()].flat().length;
  if (!state.model || !state.site || !onlyEditErrors || !changed.length || state.rendererErrors.length) return false;
  const started = performance.now();
  const edits = editEach(state.model, changed);
  if (!edits) return false;
  state.edits += 1;
  for (const path of changed) {
    state.unseen?.add(path);
    state.editedAt.set(path, state.edits);
    const errors = edits.get(path)!.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) state.editErrors.set(path, errors);
    else state.editErrors.delete(path);
  }
  state.errors = [...state.editErrors.values()].flat();
  printDiagnostics(
    ctx,
    [...edits.values()].flatMap((edit) => edit.diagnostics),
  );
  const ms = () => Math.round(performance.now() - started);
  if (state.errors.length) {
    reportFailure(ctx, changed, ms());
    return true;
  }
  const previous = state.site;
  swapInEdits(ctx, edits);
  const { changedPages, ...event } = diffSites(previous, state.site, changed);
  options.notify(event);
  options.log(
    `docsgen dev: ${summariseChanges(changed)} → ${changedPages} page${changedPages === 1 ? '' : 's'} changed (${ms()} ms; the rest of the site follows)`,
  );
  return true;
}

/**
 * After a build: files edited as single pages while it ran (it may have read them before the
 * save) are edited again against the new build, so the site served keeps their latest text.
 */
function editAgain(ctx: DevSessionContext, paths: readonly string[]): void {
  const { state } = ctx;
  const edits = state.model && paths.length ? editEach(state.model, paths) : undefined;
  const clean = edits && [...edits.values()].every((edit) => !edit.diagnostics.some((d) => d.severity === 'error'));
  if (edits && clean) swapInEdits(ctx, edits);
}

/**
 * The site's folders a session watches: content, static files, templates, the folders of the API
 * descriptions the config names and those of older docs versions (versioned_docs/version-X); before
 * a config loads, the folders `docsgen init` makes.
 */
export function siteFolders(config: SiteConfig | undefined, root: string): string[] {
  const versioned = (config?.docsVersions ?? []).map((version) => version.contentDir);
  const dirs = config
    ? [
        config.contentDir,
        config.staticDir,
        config.templatesDir,
        ...config.apiSources.map((api) => dirname(api.file)),
        ...versioned.filter((dir) => dir !== config.contentDir),
      ]
    : ['content', 'static', 'templates', 'openapi'];
  return dirs.map((dir) => resolve(config?.root ?? root, dir));
}

/** The session's files to watch: the config, the site's folders and every file the build read outside node_modules. */
function watchPaths({ options, root, state }: DevSessionContext): string[] {
  return [
    ...new Set([
      resolve(options.configPath),
      ...siteFolders(state.config, root),
      ...state.watchFiles.filter((file) => !file.split(sep).includes('node_modules')),
    ]),
  ];
}

/** An output file of the last good build; a template that throws while rendering it becomes the overlay. */
function lookupInSite({ options, state }: DevSessionContext, path: string): string | Uint8Array | undefined {
  if (!state.site) return undefined;
  try {
    return lookupFile(state.site, path);
  } catch (error) {
    const message = `Rendering ${path} failed: ${(error as Error).message}`;
    state.errors = [
      errorDiagnostic('DG503', message, {
        hint: 'A template threw while rendering this page; fix the template and save.',
        cause: causeOf(error),
      }),
    ];
    options.log(`docsgen dev: ${message}`);
    options.notify({ type: 'error-overlay', errors: state.errors.map(toDiagnosticView) });
    throw error;
  }
}

/**
 * The dev server's build loop: runs the same pipeline as `docsgen build` into memory with a
 * cache (only what changed is parsed and rendered again), keeps the last good build served when
 * a build fails, reloads the renderer when templates change, and reports each build in one line.
 */
export function createDevSession(options: DevSessionOptions): DevSession {
  const root = dirname(resolve(options.configPath));
  const ctx: DevSessionContext = {
    options,
    cache: createBuildCache(),
    cacheFile: cacheFileFor(root),
    identity: options.persist ? codeIdentity().catch(() => undefined) : Promise.resolve(undefined),
    root,
    stamp: Date.now().toString(36),
    state: {
      restored: false,
      renderer: builtinRenderer,
      rendererDir: join(packageRoot(), 'templates'),
      rendererErrors: [],
      builds: 0,
      site: undefined,
      errors: [],
      config: undefined,
      watchFiles: [],
      unseen: undefined,
      printedWarnings: new Set(),
      model: undefined,
      edits: 0,
      editedAt: new Map(),
      editErrors: new Map(),
    },
  };
  const { state } = ctx;
  return {
    build: (changed, signal) => buildAgain(ctx, changed, signal),
    editPages: (changed) => editPages(ctx, changed),
    followUpNeeded: () => state.editedAt.size > 0 && (state.unseen?.size ?? 0) > 0,
    get site() {
      return state.site;
    },
    get errors() {
      return state.errors;
    },
    get config() {
      return state.config;
    },
    watchPaths: () => watchPaths(ctx),
    warmUp() {
      if (state.restored && state.site) warmUpMarkdown(ctx.cache, state.site.baseUrl);
      state.restored = false;
    },
    async save() {
      const id = await ctx.identity;
      if (id) await saveCache(ctx.cache, ctx.cacheFile, id);
    },
    lookup: (path) => lookupInSite(ctx, path),
  };
}
