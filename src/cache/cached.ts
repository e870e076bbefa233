import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { mapInSlices } from '../shared/time-slices.js';

/** A stage of the build: a function of one typed input. It knows nothing of the cache. */
export type Stage<I, O> = (input: I) => Promise<O>;

export interface FileStamp {
  mtimeMs: number;
  size: number;
  /** SHA-1 of the contents: what the entry depends on (size and time only spare reading an unchanged file). */
  hash: string;
}

/** One stage's latest result, with the key of its input and the files it read. */
export interface StageEntry {
  key: string;
  files: Map<string, FileStamp>;
  value: unknown;
}

/** Results of cached stages by stage name, kept by the build cache (and saved with it). */
export type StageResults = Map<string, StageEntry>;

export interface CacheRules<I, O> {
  /**
   * Files the stage read that its input does not name, known once it ran (the config's imports,
   * the API description's `$ref`s, the client's sources). The entry holds them by content hash.
   */
  filesRead?: (output: O, input: I) => readonly string[];
  /** Whether a result may be kept. Results with errors are not: a missing file they name may appear. */
  keep?: (output: O) => boolean;
}

/** JSON with object keys sorted, so that two equal inputs built in another order serialise alike. */
export function serialiseInput(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/**
 * The hash of an object, computed once per object (inputs are immutable): an array by the hashes
 * of its elements, so that a list of pages is keyed by the pages' own hashes (computed once for
 * every stage that reads them) instead of by the JSON of the whole site.
 */
function objectHash(value: object, hashes: WeakMap<object, string>): string {
  let hash = hashes.get(value);
  if (hash === undefined) {
    const text = Array.isArray(value)
      ? `[${value.map((item: unknown) => (item !== null && typeof item === 'object' ? objectHash(item, hashes) : JSON.stringify(item))).join('\0')}`
      : JSON.stringify(value);
    hashes.set(value, (hash = sha1(text)));
  }
  return hash;
}

/**
 * The key of an input object of a stage of data already in memory (a page's render, its Markdown
 * twin, the search index), from the object itself: each field by name, an object field by its
 * hash, computed once per object (the objects items share — the site props, a whole sidebar, a
 * page the content cache kept — are hashed once for all of them), a long string by its hash.
 * Plain JSON here, not sorted keys: equal objects built in another order only miss, and sorting
 * every page's tree would cost more than the render cache saves.
 */
export function inputKey(input: object, hashes: WeakMap<object, string>): string {
  const part = (name: string, value: unknown) => {
    if (value !== null && typeof value === 'object') return `${name}#${objectHash(value, hashes)}`;
    const text = JSON.stringify(value) ?? '';
    return `${name}:${text.length > 64 ? sha1(text) : text}`;
  };
  return Object.entries(input)
    .map(([name, value]) => part(name, value))
    .sort()
    .join('\0');
}

const MISSING: FileStamp = { mtimeMs: -1, size: -1, hash: 'missing' };

async function stampOf(path: string, previous?: FileStamp): Promise<FileStamp> {
  try {
    const info = await stat(path);
    if (previous && info.mtimeMs === previous.mtimeMs && info.size === previous.size) return previous;
    const hash = createHash('sha1')
      .update(await readFile(path))
      .digest('hex');
    return { mtimeMs: info.mtimeMs, size: info.size, hash };
  } catch {
    return MISSING;
  }
}

async function unchanged(files: ReadonlyMap<string, FileStamp>): Promise<boolean> {
  const same = await Promise.all(
    [...files].map(([path, stamp]) => stampOf(path, stamp).then((now) => now.hash === stamp.hash)),
  );
  return same.every(Boolean);
}

/**
 * The one way the build caches a stage: `cached(name, stage, results)` is the stage with the
 * same signature. The key is derived from the very input object the stage receives (serialised),
 * so nothing is kept "in step" by hand: a value that can change the output is in the input, and
 * so in the key. Files the stage discovers while running are recorded by content hash and checked
 * before reuse. A result is not kept when a file it read changed while it ran (the next build
 * computes it again). Without `results` (`--no-cache`) the stage runs as it is.
 *
 * The code that made an entry is not in its key: results live in one process, or in a saved cache
 * that is discarded whole when docsgen's code changes (persist-cache's identity).
 */
export function cached<I, O>(
  name: string,
  stage: Stage<I, O>,
  results: StageResults | undefined,
  rules: CacheRules<I, O> = {},
): Stage<I, O> {
  if (!results) return stage;
  return async (input) => {
    const key = createHash('sha1')
      .update(`${name}\0${serialiseInput(input)}`)
      .digest('hex');
    const entry = results.get(name);
    if (entry && entry.key === key && (await unchanged(entry.files))) return entry.value as O;
    const started = Date.now();
    const value = await stage(input);
    const paths = [...new Set(rules.filesRead?.(value, input) ?? [])];
    const stamps = await Promise.all(paths.map((path) => stampOf(path)));
    const stable = stamps.every((stamp) => stamp.mtimeMs < started - 1);
    if ((rules.keep?.(value) ?? true) && stable)
      results.set(name, { key, files: new Map(paths.map((path, i) => [path, stamps[i]])), value });
    else results.delete(name);
    return value;
  };
}

/** A per-item stage's latest result for one item (a page), with the key of the input it was made from. */
export interface ItemEntry<O = unknown> {
  key: string;
  value: O;
}

/** Results of a per-item stage by item id (a page's route), kept by the build cache (and saved with it). */
export type ItemResults<O = unknown> = Map<string, ItemEntry<O>>;

/** Where a per-item stage keeps its results, and the hashes of the input objects its items share. */
export interface ItemCache<O> {
  results: ItemResults<O>;
  hashes: WeakMap<object, string>;
}

/** A per-item stage as `cachedEach` returns it: `run(id, input)` is the stage's result for that item. */
export interface ItemStage<I, O> {
  /** The key of an input: what its result is kept under (the same for equal inputs). */
  key(input: I): string;
  run(id: string, input: I, key?: string): O;
  /** Drops the results of items not in `ids` (pages that are gone), so the cache does not grow. */
  keepOnly(ids: Iterable<string>): void;
}

/**
 * The one way the build caches a stage that runs once per item (a page's render, its Markdown
 * twin): like `cached`, the key is derived from the very input object the stage receives
 * (`inputKey`: objects that items share are hashed once), and a result is reused while the key of
 * its item is the same. Without a cache (`--no-cache`) the stage runs as it is. Synchronous, so a
 * page can be produced when the writer (or the dev server) asks for it.
 */
export function cachedEach<I extends object, O>(
  stage: (input: I) => O,
  cache: ItemCache<O> | undefined,
): ItemStage<I, O> {
  const hashes = cache?.hashes ?? new WeakMap<object, string>();
  const key = (input: I) => inputKey(input, hashes);
  return {
    key,
    run(id, input, known) {
      if (!cache) return stage(input);
      const wanted = known ?? key(input);
      const entry = cache.results.get(id);
      if (entry && entry.key === wanted) return entry.value;
      const value = stage(input);
      cache.results.set(id, { key: wanted, value });
      return value;
    },
    keepOnly: (ids) => keepOnlyItems(cache, ids),
  };
}

/** Drops the results of items not in `ids` (pages that are gone), so the cache does not grow. */
export function keepOnlyItems<O>(cache: ItemCache<O> | undefined, ids: Iterable<string>): void {
  if (!cache) return;
  const kept = new Set(ids);
  for (const id of [...cache.results.keys()]) if (!kept.has(id)) cache.results.delete(id);
}

/**
 * `cachedEach` for a stage that returns a promise (a result computed on a worker thread, a file
 * read): the resolved value is kept, under the same key as the synchronous form of the same stage
 * would keep it, so the two forms share their results (`docsgen build` indexes on a worker,
 * `docsgen dev` in-process when a search file is first asked for). A result `keep` refuses (a
 * file that could not be read) is computed again next time.
 */
export function cachedEachAsync<I extends object, O>(
  stage: (input: I) => Promise<O>,
  cache: ItemCache<O> | undefined,
  rules: { keep?: (output: O) => boolean } = {},
): {
  key(input: I): string;
  run(id: string, input: I, key?: string): Promise<O>;
  keepOnly(ids: Iterable<string>): void;
} {
  const hashes = cache?.hashes ?? new WeakMap<object, string>();
  const key = (input: I) => inputKey(input, hashes);
  return {
    key,
    async run(id, input, known) {
      if (!cache) return stage(input);
      const wanted = known ?? key(input);
      const entry = cache.results.get(id);
      if (entry && entry.key === wanted) return entry.value;
      const value = await stage(input);
      if (rules.keep?.(value) ?? true) cache.results.set(id, { key: wanted, value });
      else cache.results.delete(id);
      return value;
    },
    keepOnly: (ids) => keepOnlyItems(cache, ids),
  };
}

/**
 * What a result read beyond its own input, query by query with the answer it got (a page's parse:
 * the routes of the files it links to). Recorded by the stage, re-asked by the cache.
 */
export type Reads = readonly (readonly [query: string, answer: string])[];

export interface BatchRules<O> {
  /** The lookups a result made; it is reused only while each is answered the same (`run`'s `answer`). */
  reads?: (output: O) => Reads;
  /** Whether a result may be kept (one that failed is computed again next time). */
  keep?: (output: O) => boolean;
}

/** Whether every lookup a kept result made still gets the answer it got. */
const readsHold = (reads: Reads, answer: (query: string) => string | undefined) =>
  reads.every(([query, was]) => answer(query) === was);

/**
 * `cachedEach` for a stage that computes many items in one call (a worker fed the items that
 * changed): `run(items)` gives every item's result in order, each reused while the key of its
 * input is the same (keys as `cachedEach` derives them, so the two forms share their results), and
 * the stage is called once with the inputs of the others. Items not in `items` are dropped.
 *
 * What the items share and read only in part (the route table every page's links are resolved
 * against) is not in their key: the stage records what each result read (`rules.reads`), and
 * `run`'s `answer` gives today's answer to each recorded query. A result is reused only while all
 * of them are the same, so an edit of one page's route re-computes only the pages that asked for it.
 */
export function cachedBatch<I extends object, O>(
  stage: (inputs: I[]) => Promise<O[]>,
  cache: ItemCache<O> | undefined,
  rules: BatchRules<O> = {},
): { run(items: readonly (readonly [string, I])[], answer?: (query: string) => string | undefined): Promise<O[]> } {
  const reusable = (entry: ItemEntry<O> | undefined, key: string, answer?: (query: string) => string | undefined) =>
    entry !== undefined &&
    entry.key === key &&
    (!rules.reads || readsHold(rules.reads(entry.value), answer ?? (() => undefined)));
  return {
    async run(items, answer) {
      if (!cache) return stage(items.map(([, input]) => input));
      // In slices: at 10,000 pages the keys take ~0.3 s, which `docsgen dev` spends serving saves meanwhile.
      const keys = await mapInSlices(items, ([id, input]) => {
        const key = inputKey(input, cache.hashes);
        return { key, reused: reusable(cache.results.get(id), key, answer) };
      });
      const missing = keys.flatMap(({ reused }, n) => (reused ? [] : [n]));
      const values = await stage(missing.map((n) => items[n][1]));
      const fresh = new Map(missing.map((n, m) => [n, values[m]]));
      missing.forEach((n, m) => {
        if (rules.keep?.(values[m]) ?? true) cache.results.set(items[n][0], { key: keys[n].key, value: values[m] });
        else cache.results.delete(items[n][0]);
      });
      keepOnlyItems(
        cache,
        items.map(([id]) => id),
      );
      return items.map(([id], n) => (fresh.has(n) ? fresh.get(n)! : cache.results.get(id)!.value));
    },
  };
}
