import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { BuildCache } from './build-cache.js';
import { infimaCssFile, siteCacheDir } from '../shared/package-paths.js';
import { removeStaleTemporaries } from '../shared/stale-temporaries.js';
import { CACHE_PARTS, shardOf, type CachePart } from './pack-cache.js';

/** Bump when the shape of what is saved changes. */
const FORMAT = 10;

/**
 * Identity of the running docsgen: a hash of its own code (dist/cli.js when compiled, with the
 * templates and the whole pipeline inside, and the stylesheets it reads at run time). A saved
 * cache made by other code is ignored.
 */
export async function codeIdentity(): Promise<string | undefined> {
  const self = fileURLToPath(import.meta.url);
  // Run from TypeScript sources (tests), this file alone would not identify the code: no cache.
  if (!self.endsWith(`${sep}dist${sep}cli.js`)) return undefined;
  return createHash('sha1')
    .update(`${FORMAT}\0${process.version}\0`)
    .update(await readFile(self))
    .update(await readFile(infimaCssFile()))
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

/** The saved form of one shard: its entries, each packed. */
type ShardEntries = [string, unknown][];

/**
 * The cache file: the names of the shard files of each part (a shard file is named after the
 * SHA-256 of its bytes, so it is written once and checked when read), in the folder beside it.
 */
interface Saved {
  identity: string;
  /** Per part, the shard files in shard order ('' for an empty shard). */
  shards: Record<string, string[]>;
}

/**
 * What a save or restore left of each shard: the entries it held (objects by reference) and its
 * file. A later save writes only the shards whose entries are no longer the same.
 */
export type SavedShards = Map<string, { entries: unknown[]; name: string }>;

const integrityHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 40);

/** The folder of the shard files of a cache file. */
const shardDir = (file: string) => file.replace(/\.v8$/, '.shards');
const shardPath = (file: string, name: string) => join(shardDir(file), `${name}.v8`);

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
    // Only the identity is checked here: a cache of an older docsgen has its own shape (FORMAT 5 had
    // no shards), and is stale, not damaged. `restoreCache` checks the shape once the identity matches.
    const saved = deserialize(bytes) as Saved;
    return typeof saved?.identity === 'string' ? saved : 'damaged';
  } catch {
    return 'damaged';
  }
}

/** One shard's entries, or undefined when its file is missing or not the bytes its name hashes. */
async function readShard(file: string, name: string): Promise<ShardEntries | undefined> {
  if (name === '') return [];
  try {
    const bytes = await readFile(shardPath(file, name));
    if (integrityHash(bytes) !== name) return undefined;
    const entries = deserialize(bytes) as ShardEntries;
    return Array.isArray(entries) ? entries : undefined;
  } catch {
    return undefined;
  }
}

/** Every shard of every part, read at the same time; undefined if one is missing or damaged. */
async function readShards(file: string, saved: Saved): Promise<ShardEntries[][] | undefined> {
  const parts = await Promise.all(
    CACHE_PARTS.map((part) => {
      const names = saved.shards[part.name];
      if (!Array.isArray(names) || names.length !== part.shards) return Promise.resolve(undefined);
      return Promise.all(names.map((name) => readShard(file, String(name))));
    }),
  );
  return parts.every((shards) => shards?.every(Boolean)) ? (parts as ShardEntries[][]) : undefined;
}

/** Each shard's entries as the live maps hold them: what a save compares against. */
function shardEntries(cache: BuildCache, part: CachePart): [string, unknown][][] {
  const shards: [string, unknown][][] = Array.from({ length: part.shards }, () => []);
  for (const [id, value] of part.entries(cache)) shards[shardOf(id, part.shards)].push([id, value]);
  return shards;
}

/** Records what the cache's shards hold now, under the file names they were saved or read as. */
function rememberShards(cache: BuildCache, names: Record<string, string[]>): void {
  const saved: SavedShards = new Map();
  for (const part of CACHE_PARTS)
    shardEntries(cache, part).forEach((entries, n) =>
      saved.set(`${part.name}/${n}`, { entries: entries.flat(), name: names[part.name][n] }),
    );
  cache.saved = saved;
}

/**
 * Restores a cache saved by an earlier `docsgen build` or `docsgen dev` of the same site with the
 * same docsgen. Its bytes are checked first (each shard file against the hash it is named by): a
 * damaged or missing shard restores nothing. Every entry is then still checked against its inputs
 * (content hashes, routes, stamps) by the build, exactly as within one run.
 */
export async function restoreCache(cache: BuildCache, file: string, identity: string): Promise<RestoreStatus> {
  const saved = await readSaved(file);
  if (saved === 'missing' || saved === 'damaged') return saved;
  if (saved.identity !== identity) return 'stale';
  if (typeof saved.shards !== 'object' || saved.shards === null) return 'damaged';
  const shards = await readShards(file, saved);
  if (!shards) return 'damaged';
  CACHE_PARTS.forEach((part, p) => {
    const entries = new Map<string, unknown>();
    for (const [id, packed] of shards[p].flat()) {
      const value = part.unpack ? part.unpack(packed, id, cache) : packed;
      if (value !== undefined) entries.set(id, value);
    }
    part.restore(cache, entries);
  });
  rememberShards(cache, saved.shards);
  return 'restored';
}

/** The message a damaged cache file gets (once per build or dev session). */
export const damagedCacheWarning = (file: string) =>
  `docsgen: warning: the build cache ${file} is damaged (its integrity check failed); building without it.`;

/**
 * Every entry the cache holds: objects by reference, strings by value. The caches replace an
 * entry only when they compute it again, so an unchanged list means there is nothing new to save.
 */
export const cacheEntries = (cache: BuildCache): unknown[] =>
  CACHE_PARTS.flatMap((part) => [...part.entries(cache)].flat());

export const sameEntries = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/** `cache-….v8.{pid}.tmp`: a save that was killed before its rename. */
const STALE_CACHE_TEMPORARY = /^cache-[0-9a-f]+\.v8\.(\d+)\.tmp$/;

/** `{hash}.v8.{pid}.tmp`: a shard whose save was killed before its rename. */
const STALE_SHARD_TEMPORARY = /^[0-9a-f]+\.v8\.(\d+)\.tmp$/;

/** Removes what killed saves left beside the cache file and among its shards. */
export const removeStaleCacheTemporaries = (file: string) =>
  Promise.all([
    removeStaleTemporaries(dirname(file), STALE_CACHE_TEMPORARY),
    removeStaleTemporaries(shardDir(file), STALE_SHARD_TEMPORARY),
  ]);

/** Writes `bytes` to `path` through a temporary of this process, renamed over it. */
async function writeAtomically(path: string, bytes: Uint8Array): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

type KnownShard = SavedShards extends Map<string, infer V> ? V : never;

/**
 * One shard's file name, written when the shard changed since the last save or restore (its
 * entries are no longer the same objects). A shard that cannot be serialised is saved empty.
 */
async function saveShard(
  cache: BuildCache,
  { file, part, entries }: { file: string; part: CachePart; entries: [string, unknown][] },
  known?: KnownShard,
): Promise<string> {
  if (known && sameEntries(known.entries, entries.flat())) return known.name;
  if (entries.length === 0) return '';
  let bytes: Buffer;
  try {
    bytes = serialize(entries.map(([id, value]) => [id, part.pack ? part.pack(value, id, cache) : value]));
  } catch {
    return '';
  }
  const name = integrityHash(bytes);
  const path = shardPath(file, name);
  if (!(await stat(path).catch(() => undefined))) await writeAtomically(path, bytes);
  return name;
}

/** Removes the shard files the cache file no longer names (older saves' shards). */
async function removeUnusedShards(file: string, names: Record<string, string[]>): Promise<void> {
  const used = new Set(Object.values(names).flatMap((list) => list.map((name) => `${name}.v8`)));
  const present = await readdir(shardDir(file)).catch(() => [] as string[]);
  const unused = present.filter((name) => name.endsWith('.v8') && !used.has(name));
  await Promise.all(unused.map((name) => rm(join(shardDir(file), name), { force: true })));
}

/**
 * Saves the cache: the shards whose entries changed since the last save or restore, each to a file
 * named by its hash, then the cache file naming them all (atomically: a temporary renamed over
 * the old one), then removes the shards no save names any more. A one-page edit rewrites a few
 * shards, not the whole cache.
 */
export async function saveCache(cache: BuildCache, file: string, identity: string): Promise<void> {
  try {
    await mkdir(shardDir(file), { recursive: true });
    const names: Record<string, string[]> = {};
    for (const part of CACHE_PARTS) {
      names[part.name] = await Promise.all(
        shardEntries(cache, part).map((entries, n) =>
          saveShard(cache, { file, part, entries }, cache.saved?.get(`${part.name}/${n}`)),
        ),
      );
    }
    await writeAtomically(file, serialize({ identity, shards: names } satisfies Saved));
    rememberShards(cache, names);
    await removeUnusedShards(file, names);
  } catch {
    // A cache that cannot be saved is only a slower next build.
  }
}
