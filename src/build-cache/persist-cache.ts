import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { BuildCache } from './build-cache.js';
import { siteCacheDir } from '../shared/package-paths.js';
import { removeStaleTemporaries } from '../shared/stale-temporaries.js';
import { packContent, packHtml, unpackContent, unpackHtml, type PackedContent } from './pack-cache.js';

/** Bump when the shape of what is saved changes. */
const FORMAT = 5;

/**
 * Identity of the running docsgen: a hash of its own code (dist/cli.js when compiled, with the
 * templates and the whole pipeline inside). A saved cache made by other code is ignored.
 */
export async function codeIdentity(): Promise<string | undefined> {
  const self = fileURLToPath(import.meta.url);
  // Run from TypeScript sources (tests), this file alone would not identify the code: no cache.
  if (!self.endsWith(`${sep}dist${sep}cli.js`)) return undefined;
  return createHash('sha1')
    .update(`${FORMAT}\0${process.version}\0`)
    .update(await readFile(self))
    .digest('hex');
}

/**
 * Where `docsgen build` and `docsgen dev` keep their cache between runs: in the site's
 * node_modules/.cache, like the compiled config, named after the site's folder (node_modules may
 * be shared through a link). One file for both, so `docsgen dev` after a build starts warm: they
 * parse, bundle and render alike, and every entry is checked against its inputs before use.
 */
export const cacheFileFor = (root: string) =>
  join(siteCacheDir(root), `cache-${createHash('sha1').update(root).digest('hex').slice(0, 12)}.v8`);

type PartName = 'content' | 'steps' | 'html' | 'markdown' | 'search' | 'output';

interface Saved {
  identity: string;
  parts: Partial<Record<PartName, Buffer>>;
  /** SHA-256 of each part as written: a part whose bytes changed on disk is never used. */
  hashes: Partial<Record<PartName, string>>;
}

const integrityHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * What reading the saved cache found: `restored`, nothing (`missing`), a cache of other code or
 * format (`stale`, ignored silently), or a file whose bytes are not what was written (`damaged`:
 * the caller warns, and the build runs cold).
 */
export type RestoreStatus = 'restored' | 'missing' | 'stale' | 'damaged';

async function readSaved(file: string): Promise<Saved | 'missing' | 'damaged'> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return 'missing';
  }
  try {
    return deserialize(bytes) as Saved;
  } catch {
    return 'damaged';
  }
}

/** Every part whose bytes match the hash written with it, deserialised; undefined if any does not. */
function readParts(saved: Saved): Partial<Record<PartName, unknown>> | undefined {
  const parts: Partial<Record<PartName, unknown>> = {};
  for (const [name, bytes] of Object.entries(saved.parts) as [PartName, Buffer | undefined][]) {
    if (!bytes) continue;
    if (saved.hashes?.[name] !== integrityHash(bytes)) return undefined;
    try {
      parts[name] = deserialize(bytes);
    } catch {
      return undefined;
    }
  }
  return parts;
}

/**
 * Restores a cache saved by an earlier `docsgen build` or `docsgen dev` of the same site with the
 * same docsgen. Its bytes are checked first (a hash per part): a damaged file restores nothing.
 * Every entry is then still checked against its inputs (content hashes, routes, stamps) by the
 * build, exactly as within one run.
 */
export async function restoreCache(cache: BuildCache, file: string, identity: string): Promise<RestoreStatus> {
  const saved = await readSaved(file);
  if (saved === 'missing' || saved === 'damaged') return saved;
  if (typeof saved !== 'object' || saved === null || typeof saved.identity !== 'string') return 'damaged';
  if (saved.identity !== identity) return 'stale';
  const parts = readParts(saved);
  if (!parts) return 'damaged';
  const content = parts.content as PackedContent | undefined;
  if (content) cache.content = unpackContent(content);
  for (const [name, entry] of (parts.steps as BuildCache['steps'] | undefined) ?? []) cache.steps.set(name, entry);
  const html = parts.html as Parameters<typeof unpackHtml>[0] | undefined;
  if (html) cache.render.results = unpackHtml(html);
  const markdown = parts.markdown as BuildCache['markdown']['results'] | undefined;
  if (markdown) cache.markdown.results = markdown;
  const search = parts.search as BuildCache['search']['results'] | undefined;
  if (search) cache.search.results = search;
  cache.output = parts.output as BuildCache['output'];
  return 'restored';
}

/** The message a damaged cache file gets (once per build or dev session). */
export const damagedCacheWarning = (file: string) =>
  `docsgen: warning: the build cache ${file} is damaged (its integrity check failed); building without it.`;

/**
 * Every entry the cache holds: objects by reference, strings by value. The caches replace an
 * entry only when they compute it again, so an unchanged list means there is nothing new to save.
 */
export function cacheEntries(cache: BuildCache): unknown[] {
  const { content, render, markdown, search, steps } = cache;
  const maps: ReadonlyMap<unknown, unknown>[] = [
    content.sources,
    content.splits,
    content.pages,
    content.docRoutes,
    render.results,
    markdown.results,
    search.results,
    steps,
  ];
  return [...maps.flatMap((map) => [...map].flat()), cache.output];
}

export const sameEntries = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/** `cache-….v8.{pid}.tmp`: a save that was killed before its rename. */
const STALE_CACHE_TEMPORARY = /^cache-[0-9a-f]+\.v8\.(\d+)\.tmp$/;

/** Removes what killed saves left beside the cache file (each one as large as the cache). */
export const removeStaleCacheTemporaries = (file: string) =>
  removeStaleTemporaries(dirname(file), STALE_CACHE_TEMPORARY);

/** Saves the cache (atomically: a temporary file renamed over the old one). Parts that cannot be serialised are left out. */
export async function saveCache(cache: BuildCache, file: string, identity: string): Promise<void> {
  const attempt = (value: unknown) => {
    try {
      return serialize(value);
    } catch {
      return undefined;
    }
  };
  const parts: Saved['parts'] = {
    content: attempt(packContent(cache.content)),
    steps: attempt(cache.steps),
    html: attempt(packHtml(cache.render.results)),
    markdown: attempt(cache.markdown.results),
    search: attempt(cache.search.results),
    output: attempt(cache.output),
  };
  const hashes = Object.fromEntries(
    Object.entries(parts).flatMap(([name, bytes]) => (bytes ? [[name, integrityHash(bytes)]] : [])),
  );
  const saved: Saved = { identity, parts, hashes };
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(temporary, serialize(saved));
    await rename(temporary, file);
  } catch {
    await rm(temporary, { force: true });
  }
}
