import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';

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
 * The key of an input object of a stage that runs once per item (a page's render), from the
 * object itself: each field by name, an object field by the hash of its JSON, computed once per
 * object (inputs are immutable, and the objects items share — the site props, a whole sidebar, a
 * page the content cache kept — are hashed once for all of them), a long string by its hash.
 * Plain JSON here, not sorted keys: equal objects built in another order only miss, and sorting
 * every page's tree would cost more than the render cache saves.
 */
export function inputKey(input: object, hashes: WeakMap<object, string>): string {
  const part = (name: string, value: unknown) => {
    if (value !== null && typeof value === 'object') {
      let hash = hashes.get(value);
      if (hash === undefined) hashes.set(value, (hash = sha1(JSON.stringify(value))));
      return `${name}#${hash}`;
    }
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
