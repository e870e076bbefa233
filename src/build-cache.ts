import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import fg from 'fast-glob';
import { compileConfig, loadConfig, type CompiledConfig, type LoadConfigOptions } from './config/load-config.js';
import type { SiteConfig } from './config/resolve-config.js';
import { hasErrors, type Diagnostic } from './diagnostics/diagnostic.js';
import { createHighlighter, type Highlighter } from './content/highlighter.js';
import { createContentCache, type ContentCache } from './content/content-cache.js';
import { loadApiReference, type ApiReference } from './openapi/load-api-reference.js';
import { packageRoot } from './shared/package-paths.js';
import { bundleClient, type BundleClientOptions, type ClientBundle } from './bundle/bundle-client.js';
import { createRenderCache, type RenderCache } from './render/render-site.js';
import { compileRenderer, loadRenderer, type CompiledRenderer } from './render/load-renderer.js';
import type { SearchIndexCache } from './search/search-index-files.js';
import type { OutputManifest } from './output/writer.js';

interface FileStamp {
  mtimeMs: number;
  size: number;
  hash: string;
}

interface StepEntry {
  key: string;
  files: Map<string, FileStamp>;
  value: unknown;
}

/**
 * What `docsgen dev` keeps between builds, passed to runBuild as one object (nothing is kept at
 * module level). Every entry records what it was made from — its options and the content of the
 * files it read — and is used only while those are unchanged, so nothing ever needs invalidating.
 */
export interface BuildCache {
  highlighter: Highlighter;
  content: ContentCache;
  render: RenderCache;
  /** Config, API reference and client bundle, by step name. */
  steps: Map<string, StepEntry>;
  search?: SearchIndexCache;
  /** What the last `docsgen build` wrote and where, so that unchanged files are linked, not written. */
  output?: OutputManifest;
}

export function createBuildCache(): BuildCache {
  return {
    highlighter: createHighlighter(),
    content: createContentCache(),
    render: createRenderCache(),
    steps: new Map(),
  };
}

const MISSING: FileStamp = { mtimeMs: -1, size: -1, hash: 'missing' };

async function stampOf(path: string, previous?: FileStamp): Promise<FileStamp> {
  try {
    const info = await stat(path);
    if (previous && info.mtimeMs === previous.mtimeMs && info.size === previous.size) return previous;
    return {
      mtimeMs: info.mtimeMs,
      size: info.size,
      hash: createHash('sha1')
        .update(await readFile(path))
        .digest('hex'),
    };
  } catch {
    return MISSING;
  }
}

async function unchanged(files: ReadonlyMap<string, FileStamp>): Promise<boolean> {
  const stamps = await Promise.all(
    [...files].map(([path, stamp]) => stampOf(path, stamp).then((now) => now.hash === stamp.hash)),
  );
  return stamps.every(Boolean);
}

/**
 * Runs `compute` unless the entry of `step` was made with the same key from files that are all
 * unchanged. Results with errors are not kept (a missing file they name may appear), nor results
 * whose files changed while they were computed (the next build computes them again).
 */
async function cachedStep<T>(
  cache: BuildCache,
  step: string,
  key: string,
  compute: () => Promise<T>,
  inputs: (value: T) => Promise<string[]> | string[],
  keep: (value: T) => boolean,
): Promise<T> {
  const entry = cache.steps.get(step);
  if (entry && entry.key === key && (await unchanged(entry.files))) return entry.value as T;
  const started = Date.now();
  const value = await compute();
  const paths = [...new Set(await inputs(value))];
  const stamps = await Promise.all(paths.map((path) => stampOf(path)));
  const stable = stamps.every((s) => s.mtimeMs < started - 1);
  if (keep(value) && stable)
    cache.steps.set(step, { key, files: new Map(paths.map((path, i) => [path, stamps[i]])), value });
  else cache.steps.delete(step);
  return value;
}

const templateFiles = (templatesDir: string) =>
  fg('**/*', { cwd: templatesDir, absolute: true, ignore: ['**/node_modules/**'] }).then((files) => files.sort());

/**
 * The steps whose inputs are files (config code, API description, client sources, renderer code), with the
 * signatures runBuild calls; with a cache they return the previous result while their inputs are
 * unchanged. Of the config only the compiled code is kept: it is evaluated at every build, since
 * what it evaluates to can depend on more than its files (`process.env`, a file it reads at run
 * time), and that value is part of the key of every step after it.
 */
export function cachedSteps(cache: BuildCache | undefined) {
  if (!cache) return { loadConfig, loadApiReference, bundleClient, loadRenderer };
  return {
    loadConfig: (options: LoadConfigOptions) =>
      loadConfig(options, (configFile) =>
        cachedStep<CompiledConfig>(
          cache,
          'config-code',
          configFile,
          () => compileConfig(configFile),
          (compiled) => compiled.dependencies,
          (compiled) => compiled.code !== undefined,
        ),
      ),
    loadRenderer: (templatesDir: string, options: Parameters<typeof loadRenderer>[1]) =>
      loadRenderer(templatesDir, options, (dir) =>
        cachedStep<CompiledRenderer>(
          cache,
          'renderer-code',
          dir,
          () => compileRenderer(dir),
          (compiled) => compiled.files,
          (compiled) => compiled.code !== undefined,
        ),
      ),
    loadApiReference: (config: SiteConfig, highlighter: Highlighter): Promise<ApiReference> =>
      cachedStep(
        cache,
        'api',
        JSON.stringify(config),
        () => loadApiReference(config, highlighter),
        (api) => api.files,
        (api) => !hasErrors(api.diagnostics),
      ),
    bundleClient: async (
      options: BundleClientOptions,
    ): Promise<{ bundle?: ClientBundle; diagnostics: Diagnostic[] }> => {
      const templates = resolve(options.root, options.templatesDir);
      const listing = await templateFiles(templates);
      const key = JSON.stringify([options, listing]);
      const inputs = (result: { bundle?: ClientBundle }) => [
        ...listing,
        ...Object.keys(result.bundle?.metafile?.inputs ?? {}).map((input) => resolve(packageRoot(), input)),
      ];
      return cachedStep(
        cache,
        'bundle',
        key,
        () => bundleClient(options),
        inputs,
        (result) => result.bundle !== undefined,
      );
    },
  };
}
