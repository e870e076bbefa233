import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, relative } from 'node:path';
import { runBuild } from '../build.js';
import { createBuildCache, type BuildCache } from '../build-cache/build-cache.js';
import {
  cacheEntries,
  cacheFileFor,
  codeIdentity,
  damagedCacheWarning,
  removeStaleCacheTemporaries,
  restoreCache,
  sameEntries,
  saveCache,
} from '../build-cache/persist-cache.js';
import { createFsWriter } from '../output/writer.js';
import { debugAdvice, formatDiagnostics } from '../diagnostics/format-diagnostics.js';
import { DocsgenError, hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { memoryProbe, type MemoryProbe } from '../shared/debug-memory.js';

export interface BuildCommandOptions {
  config?: string;
  out: string;
  openapi?: string;
  debug?: boolean;
  /** false (`--no-cache`): a cold build that neither reads nor writes the cache. */
  cache?: boolean;
  /** `--strict`: warnings fail the build (config `strict: true` does the same). */
  strict?: boolean;
}

/** With `--strict` or config `strict: true`, every warning is an error (its message says why). */
export function applyStrict(diagnostics: readonly Diagnostic[], strict: boolean): Diagnostic[] {
  if (!strict) return [...diagnostics];
  return diagnostics.map((d) =>
    d.severity === 'warning'
      ? { ...d, severity: 'error', message: `${d.message} (a warning; strict mode fails on it)` }
      : d,
  );
}

/**
 * The cache of the last successful build of this site (parsed pages, API reference, rendered
 * HTML, search index), when `docsgen build` runs from its compiled bundle. Every entry is checked
 * against its inputs before use, so a warm build writes byte for byte what a cold one does.
 */
async function openCache(
  options: BuildCommandOptions,
): Promise<{ cache: BuildCache; save(): Promise<void> } | undefined> {
  if (options.cache === false) return undefined;
  const identity = await codeIdentity().catch(() => undefined);
  if (!identity) return undefined;
  const file = cacheFileFor(dirname(resolve(options.config ?? 'site.config.ts')));
  const cache = createBuildCache();
  const [status] = await Promise.all([restoreCache(cache, file, identity), removeStaleCacheTemporaries(file)]);
  if (status === 'damaged') console.error(damagedCacheWarning(relative(process.cwd(), file)));
  const restored = status === 'restored' ? cacheEntries(cache) : undefined;
  // A build that reused every entry leaves the file as it is (writing it costs as much as the build).
  return {
    cache,
    save: async () =>
      restored && sameEntries(restored, cacheEntries(cache)) ? undefined : saveCache(cache, file, identity),
  };
}

/** `docsgen build`: runs the pipeline, prints every problem once, writes only on success. */
export async function buildCommand(options: BuildCommandOptions): Promise<number> {
  // Without the build cache (which keeps parsed pages whole), a large site's page bodies wait on disk.
  const scratchDir = options.cache === false ? await mkdtemp(join(tmpdir(), 'docsgen-pages-')) : undefined;
  try {
    return await buildAndWrite(options, scratchDir);
  } finally {
    if (scratchDir) await rm(scratchDir, { recursive: true, force: true });
  }
}

/**
 * `DOCSGEN_RENDER_WORKERS=1` renders the pages on worker threads whatever the site's size, `0` or
 * unset on the main thread (see render-pool.ts).
 */
export const renderWorkersFromEnv = (value: string | undefined): boolean | undefined =>
  value === '1' ? true : value === '0' ? false : undefined;

/** What each stage change does: the TTY's progress line, and `DOCSGEN_DEBUG_MEMORY`'s figures. */
function progressOf(tty: boolean, probe: MemoryProbe | undefined): ((stage: string) => void) | undefined {
  if (!tty && !probe) return undefined;
  return (stage) => {
    probe?.stage(stage);
    if (tty) process.stderr.write(`\r\x1b[2Kdocsgen: ${stage}…`);
  };
}

async function buildAndWrite(options: BuildCommandOptions, scratchDir: string | undefined): Promise<number> {
  const started = performance.now();
  const tty = process.stderr.isTTY;
  const probe = memoryProbe();
  const onProgress = progressOf(tty, probe);
  // With --debug, stacks through the compiled config and templates name their .ts/.tsx lines (the
  // compiled files carry inline source maps); off by default because mapping every stack costs time.
  if (options.debug) process.setSourceMapsEnabled(true);
  try {
    const cached = await openCache(options);
    const result = await runBuild({
      scratchDir,
      configPath: options.config,
      openapi: options.openapi ? resolve(options.openapi) : undefined,
      onProgress,
      cache: cached?.cache,
      stream: true,
      renderWorkers: renderWorkersFromEnv(process.env.DOCSGEN_RENDER_WORKERS),
    });
    if (tty) process.stderr.write('\r\x1b[2K');
    const diagnostics = applyStrict(result.diagnostics, Boolean(options.strict || result.config?.strict));
    if (diagnostics.length) console.error(formatDiagnostics(diagnostics, { debug: options.debug }));
    const advice = debugAdvice(diagnostics, options.debug);
    if (advice) console.error(advice);
    if (hasErrors(diagnostics) || !result.stream) {
      const count = diagnostics.filter((d) => d.severity === 'error').length;
      console.error(
        `\ndocsgen: build failed with ${count} error${count === 1 ? '' : 's'}; ${relative(process.cwd(), resolve(options.out)) || '.'} was left untouched.`,
      );
      return 1;
    }
    const report = await createFsWriter(options.out, {
      track: cached !== undefined,
      previous: cached?.cache.output,
    }).write(result.stream);
    if (cached) cached.cache.output = report.manifest;
    await cached?.save();
    probe?.end();
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const unchanged = report.reused ? `, ${report.reused} unchanged` : '';
    console.log(
      `docsgen: ${result.pageCount} pages, ${report.files} files (${(report.bytes / 1024 / 1024).toFixed(1)} MB${unchanged}) written to ${options.out}/ in ${seconds} s`,
    );
    return 0;
  } catch (error) {
    if (tty) process.stderr.write('\r\x1b[2K');
    if (error instanceof DocsgenError) {
      // A stage that could not go on (the writer on a full disk): its diagnostics say why.
      console.error(formatDiagnostics(error.diagnostics, { debug: options.debug }));
      console.error(
        `\ndocsgen: build failed; ${relative(process.cwd(), resolve(options.out)) || '.'} was left untouched.`,
      );
      return 1;
    }
    console.error(`docsgen: build crashed: ${options.debug ? (error as Error).stack : (error as Error).message}`);
    if (!options.debug) console.error('Run again with --debug for the stack trace.');
    return 1;
  }
}
