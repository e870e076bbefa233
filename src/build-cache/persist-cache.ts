import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { crc32 } from 'node:zlib';
import type { BuildCache } from './build-cache.js';
import { infimaCssFile, siteCacheDir } from '../shared/package-paths.js';
import { removeStaleTemporaries } from '../shared/stale-temporaries.js';
import { CACHE_PARTS, shardOfEntry, type CachePart, type LazyEntry } from './pack-cache.js';

/** Bump when the shape of what is saved changes. */
const FORMAT = 13;

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
 * SHA-256 of its bytes, so it is written once), in the folder beside it, and the CRC-32 of each,
 * which a restore checks the bytes it reads against.
 */
interface Saved {
  identity: string;
  /** Per part, the shard files in shard order ('' for an empty shard). */
  shards: Record<string, string[]>;
  /** Per part, the CRC-32 of each shard file's bytes, in shard order (0 for an empty shard). */
  checks: Record<string, number[]>;
}

/**
 * What a save or restore left of each shard: the entries it held (objects by reference) and its
 * file. A later save writes only the shards whose entries are no longer the same.
 */
export type SavedShards = Map<string, { entries: unknown[]; name: string; check: number }>;

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

/**
 * One shard's entries, or undefined when its file is missing or its bytes are not those saved: their
 * CRC-32 is not the one the cache file records. CRC-32 detects what damages files on disk (a changed
 * run of bytes, a file cut short) and costs less than half of SHA-256 on every byte of the cache,
 * which a rebuild of a large site reads whole (~450 MB at 5,000 pages: 0.8 s of its main thread).
 */
async function readShard(file: string, name: string, check: number): Promise<ShardBytes | undefined> {
  if (name === '') return { bytes: undefined };
  try {
    const bytes = await readFile(shardPath(file, name));
    return crc32(bytes) === check ? { bytes } : undefined;
  } catch {
    return undefined;
  }
}

/** A shard's bytes as read and checked (none for an empty shard). */
type ShardBytes = { bytes: Buffer | undefined };

const entriesOf = ({ bytes }: ShardBytes): ShardEntries | undefined => {
  if (!bytes) return [];
  try {
    const entries = deserialize(bytes) as ShardEntries;
    return Array.isArray(entries) ? entries : undefined;
  } catch {
    return undefined;
  }
};

/** Every shard of every part, read and checked at the same time; undefined if one is missing or damaged. */
async function readShards(file: string, saved: Saved): Promise<ShardBytes[][] | undefined> {
  const parts = await Promise.all(
    CACHE_PARTS.map((part) => {
      const names = saved.shards[part.name];
      const checks = saved.checks?.[part.name];
      if (!Array.isArray(names) || names.length !== part.shards) return Promise.resolve(undefined);
      if (!Array.isArray(checks) || checks.length !== part.shards) return Promise.resolve(undefined);
      return Promise.all(names.map((name, n) => readShard(file, String(name), Number(checks[n]))));
    }),
  );
  return parts.every((shards) => shards?.every(Boolean)) ? (parts as ShardBytes[][]) : undefined;
}

/**
 * The entries of the lazy parts, each shard deserialised when one of its entries is first asked
 * for (its bytes were checked with the others'), then kept for the build.
 */
function lazyEntries(shards: ShardBytes[][]): LazyEntry {
  const readers = new Map<string, (id: string) => unknown>();
  CACHE_PARTS.forEach((part, p) => {
    if (!part.lazy) return;
    const read: (Map<string, unknown> | undefined)[] = [];
    readers.set(part.name, (id) => {
      const n = shardOfEntry(part, id);
      if (!read[n]) {
        read[n] = new Map(entriesOf(shards[p][n]));
        shards[p][n] = { bytes: undefined };
      }
      return read[n].get(id);
    });
  });
  return (part, id) => readers.get(part)?.(id);
}

/** Each shard's entries as the live maps hold them: what a save compares against. */
function shardEntries(cache: BuildCache, part: CachePart): [string, unknown][][] {
  const shards: [string, unknown][][] = Array.from({ length: part.shards }, () => []);
  for (const [id, value] of part.entries(cache)) shards[shardOfEntry(part, id)].push([id, value]);
  return shards;
}

/** Records what the cache's shards hold now, under the file names (and checks) they were saved or read as. */
function rememberShards(cache: BuildCache, { shards: names, checks }: Omit<Saved, 'identity'>): void {
  const saved: SavedShards = new Map();
  for (const part of CACHE_PARTS)
    shardEntries(cache, part).forEach((entries, n) =>
      saved.set(`${part.name}/${n}`, {
        entries: entries.flat(),
        name: names[part.name][n],
        check: checks[part.name][n],
      }),
    );
  cache.saved = saved;
}

/**
 * Restores a cache saved by an earlier `docsgen build` or `docsgen dev` of the same site with the
 * same docsgen. Its bytes are checked first (each shard file against the CRC-32 the cache file
 * records): a damaged or missing shard restores nothing. A lazy part's shards are deserialised only
 * when an entry of another part asks for one of theirs (`LazyEntry`). Every entry is then still checked against its inputs
 * (content hashes, routes, stamps) by the build, exactly as within one run.
 */
export async function restoreCache(cache: BuildCache, file: string, identity: string): Promise<RestoreStatus> {
  const saved = await readSaved(file);
  if (saved === 'missing' || saved === 'damaged') return saved;
  if (saved.identity !== identity) return 'stale';
  if (typeof saved.shards !== 'object' || saved.shards === null) return 'damaged';
  if (typeof saved.checks !== 'object' || saved.checks === null) return 'damaged';
  const shards = await readShards(file, saved);
  if (!shards) return 'damaged';
  const eager = CACHE_PARTS.map((part, p) => (part.lazy ? [] : shards[p].map(entriesOf)));
  if (!eager.every((part) => part.every(Boolean))) return 'damaged';
  const lazy = lazyEntries(shards);
  CACHE_PARTS.forEach((part, p) => {
    if (part.lazy) return;
    const entries = new Map<string, unknown>();
    for (const [id, packed] of (eager[p] as ShardEntries[]).flat()) {
      const value = part.unpack ? part.unpack(packed, id, cache, lazy) : packed;
      if (value !== undefined) entries.set(id, value);
    }
    part.restore(cache, entries);
  });
  rememberShards(cache, saved);
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

const EMPTY_SHARD = { name: '', check: 0 };

/**
 * One shard's file name and CRC-32, written when the shard changed since the last save or restore
 * (its entries are no longer the same objects). A shard that cannot be serialised is saved empty.
 */
async function saveShard(
  cache: BuildCache,
  { file, part, entries }: { file: string; part: CachePart; entries: [string, unknown][] },
  known?: KnownShard,
): Promise<{ name: string; check: number }> {
  if (known && sameEntries(known.entries, entries.flat())) return known;
  if (entries.length === 0) return EMPTY_SHARD;
  let bytes: Buffer;
  try {
    bytes = serialize(entries.map(([id, value]) => [id, part.pack ? part.pack(value, id, cache) : value]));
  } catch {
    return EMPTY_SHARD;
  }
  const name = integrityHash(bytes);
  const path = shardPath(file, name);
  if (!(await stat(path).catch(() => undefined))) await writeAtomically(path, bytes);
  return { name, check: crc32(bytes) };
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
    const checks: Record<string, number[]> = {};
    for (const part of CACHE_PARTS) {
      const shards = await Promise.all(
        shardEntries(cache, part).map((entries, n) =>
          saveShard(cache, { file, part, entries }, cache.saved?.get(`${part.name}/${n}`)),
        ),
      );
      names[part.name] = shards.map((shard) => shard.name);
      checks[part.name] = shards.map((shard) => shard.check);
    }
    await writeAtomically(file, serialize({ identity, shards: names, checks } satisfies Saved));
    rememberShards(cache, { shards: names, checks });
    await removeUnusedShards(file, names);
  } catch {
    // A cache that cannot be saved is only a slower next build.
  }
}
