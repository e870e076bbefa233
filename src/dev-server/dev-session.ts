import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { runBuild } from '../build.js';
import { createBuildCache } from '../build-cache/build-cache.js';
import { packageRoot, siteCacheDir } from '../shared/package-paths.js';
import type { SiteConfig } from '../config/resolve-config.js';
import { causeOf, errorDiagnostic, hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { formatDiagnostics, sortDiagnostics } from '../diagnostics/format-diagnostics.js';
import { builtinRenderer, type Renderer } from '../render/render-site.js';
import { createDevSite, diffSites, lookupFile, type DevSite } from './dev-site.js';
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
  /** Builds again for the given changed files (all of them on the first call). */
  build(changed: readonly string[]): Promise<void>;
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

/**
 * The dev server's build loop: runs the same pipeline as `docsgen build` into memory with a
 * cache (only what changed is parsed and rendered again), keeps the last good build served when
 * a build fails, reloads the renderer when templates change, and reports each build in one line.
 */
export function createDevSession({ configPath, persist = false, log, notify }: DevSessionOptions): DevSession {
  const cache = createBuildCache();
  const cacheFile = cacheFileFor(dirname(resolve(configPath)));
  const identity = persist ? codeIdentity().catch(() => undefined) : Promise.resolve(undefined);
  let restored = false;
  const builtinTemplates = join(packageRoot(), 'templates');
  const stamp = Date.now().toString(36);
  let renderer: Renderer = builtinRenderer;
  let rendererDir = builtinTemplates;
  let rendererErrors: Diagnostic[] = [];
  let builds = 0;
  let site: DevSite | undefined;
  let errors: Diagnostic[] = [];
  let config: SiteConfig | undefined;
  let watchFiles: string[] = [];
  /** Files changed since the last build that read the content (unknown before the first). */
  let unseen: Set<string> | undefined;
  const printedWarnings = new Set<string>();
  const root = dirname(resolve(configPath));
  const rel = (path: string) => relative(process.cwd(), path) || path;

  const templateEdited = (changed: readonly string[], templatesDir: string) =>
    changed.some((path) => path.startsWith(templatesDir + sep) && TEMPLATE_SOURCE.has(extname(path)));

  async function switchRenderer(templatesDir: string): Promise<void> {
    const loaded = await loadRenderer(templatesDir, { cacheDir: siteCacheDir(root), serial: builds });
    rendererErrors = loaded.diagnostics;
    rendererDir = templatesDir;
    if (loaded.renderer) renderer = loaded.renderer;
  }

  const summariseChanges = (changed: readonly string[]) =>
    changed.length === 0
      ? 'start'
      : `${changed.slice(0, 3).map(rel).join(', ')}${changed.length > 3 ? ` and ${changed.length - 3} more` : ''}`;

  /** New warnings once (the same warning is not printed at every save), then the errors if any. */
  function printDiagnostics(diagnostics: readonly Diagnostic[]): void {
    const fresh = sortDiagnostics(diagnostics.filter((d) => d.severity === 'warning')).filter(
      (d) => !printedWarnings.has(formatDiagnostics([d])),
    );
    fresh.forEach((d) => printedWarnings.add(formatDiagnostics([d])));
    if (fresh.length) log(formatDiagnostics(fresh));
    if (errors.length) log(formatDiagnostics(errors));
  }

  /** Before the first build: the saved cache (with `persist`), and the renderer docsgen's templates need. */
  async function prepareFirstBuild(): Promise<void> {
    const id = await identity;
    if (id) {
      const [status] = await Promise.all([restoreCache(cache, cacheFile, id), removeStaleCacheTemporaries(cacheFile)]);
      if (status === 'damaged') log(damagedCacheWarning(rel(cacheFile)));
      restored = status === 'restored';
    }
    // docsgen's own templates edited since the CLI was compiled: render with them as they are.
    if (!(await builtinTemplatesCurrent())) rendererDir = '';
  }

  async function build(changed: readonly string[]): Promise<void> {
    const started = performance.now();
    if (builds === 0) await prepareFirstBuild();
    if (config && (templateEdited(changed, resolve(config.root, config.templatesDir)) || rendererErrors.length))
      await switchRenderer(resolve(config.root, config.templatesDir));
    changed.forEach((path) => unseen?.add(path));
    let result = await runBuild({ configPath, cache, renderer, defer: true, changed: unseen && [...unseen] });
    // Without a config the build stopped before reading the content: its changes are still unseen.
    if (result.config) unseen = new Set();
    const templatesDir = result.config && resolve(result.config.root, result.config.templatesDir);
    if (templatesDir && templatesDir !== rendererDir) {
      // The site's own templates (or a new templatesDir): render with them, not with docsgen's.
      await switchRenderer(templatesDir);
      result = await runBuild({ configPath, cache, renderer, defer: true, changed: [] });
    }
    builds += 1;
    config = result.config ?? config;
    watchFiles = result.watchFiles;
    const ms = Math.round(performance.now() - started);
    const good =
      rendererErrors.length === 0 &&
      !hasErrors(result.diagnostics) &&
      result.files !== undefined &&
      result.config !== undefined;
    errors = good ? [] : [...rendererErrors, ...result.diagnostics.filter((d) => d.severity === 'error')];
    printDiagnostics(result.diagnostics);
    if (!good) {
      const count = errors.length;
      log(
        `docsgen dev: ${summariseChanges(changed)} → build failed with ${count} error${count === 1 ? '' : 's'} (${ms} ms); ${site ? 'still serving the last good build' : 'save a fix to try again'}.`,
      );
      notify({ type: 'error-overlay', errors: errors.map(toDiagnosticView) });
      return;
    }
    const previous = site;
    site = createDevSite(`${stamp}-${builds}`, { ...result, config: result.config! }, previous);
    if (!previous) {
      log(
        `docsgen dev: ${summariseChanges(changed)} → built ${result.pageCount} pages in ${(ms / 1000).toFixed(2)} s${restored ? ' from the cache of the last run' : ''} (each page renders when first requested)`,
      );
      notify({ type: 'reload', build: site.id, all: true, paths: [] });
      return;
    }
    const { changedPages, ...event } = diffSites(previous, site, changed);
    notify(event);
    const what =
      event.type === 'css'
        ? 'stylesheet swapped'
        : event.all
          ? 'all pages reload'
          : `${changedPages} page${changedPages === 1 ? '' : 's'} changed`;
    log(`docsgen dev: ${summariseChanges(changed)} → ${what} (${ms} ms)`);
  }

  return {
    build,
    get site() {
      return site;
    },
    get errors() {
      return errors;
    },
    get config() {
      return config;
    },
    watchPaths() {
      const base = config?.root ?? root;
      const dirs = config
        ? [config.contentDir, config.staticDir, config.templatesDir, 'openapi']
        : ['content', 'static', 'templates', 'openapi'];
      return [
        ...new Set([
          resolve(configPath),
          ...dirs.map((dir) => resolve(base, dir)),
          ...watchFiles.filter((file) => !file.split(sep).includes('node_modules')),
        ]),
      ];
    },
    warmUp() {
      if (restored && site) warmUpMarkdown(cache, site.baseUrl);
      restored = false;
    },
    async save() {
      const id = await identity;
      if (id) await saveCache(cache, cacheFile, id);
    },
    lookup(path) {
      if (!site) return undefined;
      try {
        return lookupFile(site, path);
      } catch (error) {
        const message = `Rendering ${path} failed: ${(error as Error).message}`;
        errors = [
          errorDiagnostic('DG503', message, {
            hint: 'A template threw while rendering this page; fix the template and save.',
            cause: causeOf(error),
          }),
        ];
        log(`docsgen dev: ${message}`);
        notify({ type: 'error-overlay', errors: errors.map(toDiagnosticView) });
        throw error;
      }
    },
  };
}
