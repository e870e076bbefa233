import { dirname } from 'node:path';
import type { BuildCache } from './build-cache.js';
import { attachLazyBody, storedBody, withoutBody, type StoredBody } from '../content/lazy-body.js';
import type { TermFile, TermFiles } from '../search/term-files.js';

/**
 * The maps of a saved cache, each saved in shards (persist-cache), and smaller forms of their
 * largest entries. The V8 serialiser writes a string each time it meets it and HTML with one
 * non-Latin-1 character (an arrow) takes two bytes a character, so a saved 1,000-page cache was
 * half copies and padding; reading it back is most of a warm build.
 */

type Content = BuildCache['content'];
type SourceEntry = Content['sources']['results'] extends Map<string, infer V> ? V : never;
type SplitEntry = Content['splits']['results'] extends Map<string, infer V> ? V : never;
type ParseEntry = Content['parses']['results'] extends Map<string, infer V> ? V : never;

/**
 * Reads entry `id` of a lazy part (`CachePart.lazy`) when first asked: its shard, whose bytes were
 * checked when the cache was restored, is deserialised then.
 */
export type LazyEntry = (part: string, id: string) => unknown;

/** One map of the build cache as it is saved: entries packed one by one, unpacked once `sources` is back. */
export interface CachePart {
  name: string;
  /** How many shard files the map is cut into: an edit rewrites only the shards of the entries it changed. */
  shards: number;
  entries(cache: BuildCache): Map<string, unknown>;
  /** Not called for a lazy part: the entries of other parts read its entries when they need them. */
  restore(cache: BuildCache, entries: Map<string, unknown>): void;
  pack?(value: unknown, id: string, cache: BuildCache): unknown;
  /** The entry again, or undefined to drop it (a parse whose source text is not the one it was made from). */
  unpack?(value: unknown, id: string, cache: BuildCache, lazy: LazyEntry): unknown;
  /** Saved like the others, but read only through `LazyEntry`, entry by entry, when asked for. */
  lazy?: boolean;
  /** What an entry's shard is chosen by (`shardOf`); its id when not given. */
  shardBy?(id: string): string;
}

const sourceOf = (cache: BuildCache, path: string) => cache.content.sources.results.get(path)?.value.source;

/**
 * The hash an object had in the keys of the build that saved it (`inputKey`'s object hashes: the
 * cache's one table), saved beside it so that the restored object gets it again instead of being
 * hashed as JSON at every build: a restored object is the same data it was hashed from.
 */
const hashOf = (cache: BuildCache, value: object | undefined) => value && cache.content.parses.hashes.get(value);
const restoreHash = (cache: BuildCache, value: object | undefined, hash: unknown) => {
  if (value && typeof hash === 'string') cache.content.parses.hashes.set(value, hash);
};

/**
 * In restore order: `sources` first, since splits are saved without the source file they share with it.
 * Rendered pages are not saved: the output directory holds them, and the writer takes each page
 * again from there while its render key is the one the output manifest records (a page whose file
 * was deleted or touched is rendered again, ~1 ms). Saving them was most of the cache's bytes, and
 * reading them back most of a warm build's reading. Nor are the merged search index files as one
 * entry (81 MB at 5,000 pages): any page edit replaced it, so a rebuild read, hashed and wrote it
 * whole for nothing. They are merged again from the parts (saved), and only the term files are kept,
 * one entry each (`search-terms`), so an edit rewrites the shards of the few it changed.
 */
export const CACHE_PARTS: readonly CachePart[] = [
  {
    name: 'sources',
    shards: 32,
    entries: (cache) => cache.content.sources.results,
    restore: (cache, entries) => (cache.content.sources.results = entries as Content['sources']['results']),
    // Each file with its hash: the key of its front matter split (~10 KB of JSON a page otherwise).
    pack: (value, _path, cache) => {
      const entry = value as SourceEntry;
      const sourceHash = hashOf(cache, entry.value.source);
      return sourceHash ? { ...entry, sourceHash } : entry;
    },
    unpack: (value, _path, cache) => {
      const { sourceHash, ...entry } = value as SourceEntry & { sourceHash?: unknown };
      restoreHash(cache, entry.value?.source, sourceHash);
      return entry;
    },
  },
  {
    // Splits without their source file when it is the one read (the same text), each with its hash:
    // the key of its page's parse (~20 KB of JSON a page otherwise, see load-content's ParseInput).
    // Nor their body, the end of that text (gray-matter's content): its length is saved, and the
    // restored body is the end of the restored text (a slice, not a copy: 59 MB less to read and
    // hold at 5,000 pages).
    name: 'splits',
    shards: 32,
    entries: (cache) => cache.content.splits.results,
    restore: (cache, entries) => (cache.content.splits.results = entries as Content['splits']['results']),
    pack: (value, path, cache) => {
      const entry = value as SplitEntry;
      const split = entry.value.value;
      const splitHash = hashOf(cache, split);
      const hashed = splitHash ? { ...entry, splitHash } : entry;
      const text = sourceOf(cache, path)?.text;
      if (!split || text === undefined || split.source.text !== text) return hashed;
      const body =
        text.slice(text.length - split.body.length) === split.body
          ? { body: undefined, bodyLength: split.body.length }
          : {};
      return { ...hashed, value: { ...entry.value, value: { ...split, source: undefined, ...body } } };
    },
    unpack: (value, path, cache) => {
      const { splitHash, ...entry } = value as SplitEntry & { splitHash?: unknown };
      const split = entry.value?.value as (SplitEntry['value']['value'] & { bodyLength?: unknown }) | undefined;
      if (split && !split.source) {
        const source = sourceOf(cache, path);
        if (!source) return undefined;
        const { bodyLength, ...rest } = split;
        const body = typeof bodyLength === 'number' ? source.text.slice(source.text.length - bodyLength) : split.body;
        if (typeof body !== 'string') return undefined;
        const restored = { ...rest, source, body };
        restoreHash(cache, restored, splitHash);
        return { ...entry, value: { ...entry.value, value: restored } };
      }
      restoreHash(cache, split, splitHash);
      return entry;
    },
  },
  {
    // Parsed pages: keyed by the hash of their entry, so they hold no source text. Each is saved with
    // the hash its page had in the keys of the build (`inputKey`'s object hashes), which the restored
    // page gets again: hashing every page's JSON for the render, twin and search keys was a quarter
    // of a rebuild's CPU at 5,000 pages, and a restored page is the same data it was hashed from.
    // A page's HTML and text are saved apart ('page-bodies') and read only for the pages that need them.
    name: 'pages',
    shards: 64,
    entries: (cache) => cache.content.parses.results,
    restore: (cache, entries) => (cache.content.parses.results = entries as Content['parses']['results']),
    pack: (value, _id, cache) => packParse(value as ParseEntry, cache),
    unpack: (value, id, cache, lazy) => unpackParse(value as PackedParse, id, cache, lazy),
  },
  {
    // The HTML and text of each page of 'pages' (the same entries, so the same shards change together).
    name: 'page-bodies',
    shards: 64,
    lazy: true,
    // By folder: a rebuild reads the bodies of the pages it indexes again for search, a run of
    // consecutive pages (mostly of one folder), so it deserialises a shard or two, not most of them.
    shardBy: (path) => dirname(path),
    entries: (cache) => cache.content.parses.results,
    restore: () => {},
    pack: (value) => {
      const page = (value as ParseEntry).value.parsed?.page;
      return page && storedBody(page);
    },
  },
  {
    // The Markdown twins' keys; their text is saved apart ('markdown-text') and read only for the twins
    // a build makes again or converts (docsgen dev's llms-full.txt): a rebuild links every unchanged
    // twin by its key, and llms-full.txt is joined from the files (240 MB of strings at 10,000 pages).
    name: 'markdown',
    shards: 32,
    entries: (cache) => cache.markdown.results,
    restore: (cache, entries) => (cache.markdown.results = entries as BuildCache['markdown']['results']),
    pack: (value) => ({ key: (value as TwinEntry).key }),
    unpack: (value, route, _cache, lazy) => {
      const { key } = value as { key?: unknown };
      return typeof key === 'string'
        ? lazyTwinEntry(key, () => twinTextOf(lazy('markdown-text', route), route))
        : undefined;
    },
  },
  {
    // The text of each twin of 'markdown' (the same entries, so the same shards change together).
    name: 'markdown-text',
    shards: 32,
    lazy: true,
    // By folder, as 'page-bodies': the twins a rebuild makes again are mostly of one folder.
    shardBy: (route) => dirname(route),
    entries: (cache) => cache.markdown.results,
    restore: () => {},
    pack: (value) => (value as TwinEntry).value,
  },
  {
    name: 'search-parts',
    shards: 32,
    entries: (cache) => cache.searchParts.results,
    restore: (cache, entries) => (cache.searchParts.results = entries as BuildCache['searchParts']['results']),
  },
  {
    // The term files of the last merge of the search parts, so that the next merge makes again only
    // those an edit changed: one entry per file (by its first term: a file that did not change keeps
    // its entry, and so its shard), and one naming them, with the keys of the parts merged.
    name: 'search-terms',
    shards: 16,
    entries: termFileEntries,
    restore: restoreTermFiles,
    pack: (value, id, cache) => (id === MERGED_TERMS ? packTermFiles(value as TermFiles, cache) : value),
  },
  {
    name: 'steps',
    shards: 8,
    entries: (cache) => cache.steps,
    restore: (cache, entries) => {
      for (const [name, entry] of entries)
        cache.steps.set(name, entry as BuildCache['steps'] extends Map<string, infer V> ? V : never);
    },
  },
  {
    // What the last build wrote: one entry, saved whole.
    name: 'output',
    shards: 1,
    entries: (cache) => new Map(cache.output ? [['output', cache.output]] : []),
    restore: (cache, entries) => (cache.output = entries.get('output') as BuildCache['output']),
  },
];

type TwinEntry = BuildCache['markdown']['results'] extends Map<string, infer V> ? V : never;

/** A twin's entry restored with its key, its text read from the saved cache the first time it is asked for. */
function lazyTwinEntry(key: string, load: () => string): TwinEntry {
  let text: string | undefined;
  return {
    key,
    get value() {
      return (text ??= load());
    },
  };
}

/** A twin's saved text; one that is missing cannot be made up (its shard was checked with the others when read). */
function twinTextOf(value: unknown, route: string): string {
  if (typeof value !== 'string') throw new Error(`docsgen: the build cache has no Markdown twin for ${route}`);
  return value;
}

/** A parse as 'pages' saves it: with its page's hash, and without its HTML and text when they are saved apart. */
type PackedParse = ParseEntry & { pageHash?: unknown; docCards?: boolean };

function packParse(entry: ParseEntry, cache: BuildCache): PackedParse {
  const page = entry.value.parsed?.page;
  const pageHash = hashOf(cache, page);
  const hashed = pageHash ? { ...entry, pageHash } : entry;
  const without = page && withoutBody(page);
  if (!without) return hashed;
  const parsed = { ...entry.value.parsed!, page: without.page };
  return { ...hashed, value: { ...entry.value, parsed }, docCards: without.docCards };
}

function unpackParse(value: PackedParse, id: string, cache: BuildCache, lazy: LazyEntry): ParseEntry {
  const { pageHash, docCards, ...entry } = value;
  const page = entry.value?.parsed?.page;
  if (page && typeof docCards === 'boolean')
    attachLazyBody(page, () => storedOf(lazy('page-bodies', id), id), docCards);
  restoreHash(cache, page, pageHash);
  return entry;
}

/** A page's stored body; one that is missing cannot be made up (its shard was checked with the others when read). */
function storedOf(value: unknown, id: string): StoredBody {
  const stored = value as StoredBody | undefined;
  if (typeof stored?.html !== 'string' || typeof stored.text !== 'string')
    throw new Error(`docsgen: the build cache has no body for ${id}`);
  return stored;
}

/** The shard of entry `id` of `part`: FNV-1a of its id or what the part shards by (stable between runs and machines). */
export const shardOfEntry = (part: CachePart, id: string) => shardOf(part.shardBy?.(id) ?? id, part.shards);

/** The shard of an entry: FNV-1a of its id (stable between runs and machines). */
export function shardOf(id: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shards;
}

/** The entry of 'search-terms' that names the term files and the parts they were merged from. */
const MERGED_TERMS = 'merged';

/** The id of a term file's entry: its first term, which it keeps while its terms do not change. */
const termFileId = (file: TermFile) => `file:${file.terms[0]}`;

function termFileEntries(cache: BuildCache): Map<string, unknown> {
  const last = cache.searchTerms.last;
  if (!last) return new Map();
  return new Map<string, unknown>([
    [MERGED_TERMS, last],
    ...last.files.map((file) => [termFileId(file), file] as const),
  ]);
}

/** What 'search-terms' saves of the merge: the parts by their keys in the build cache (their entries are saved apart). */
interface SavedTermFiles extends Omit<TermFiles, 'parts' | 'files'> {
  partKeys: string[];
  files: string[];
}

/** The search part entries' ids (search-index-files' `searchPartInputs`). */
const partId = (n: number) => `part-${n}`;

function packTermFiles(last: TermFiles, cache: BuildCache): SavedTermFiles | undefined {
  const parts = cache.searchParts.results;
  const partKeys = last.parts.map((part, n) => (parts.get(partId(n))?.value === part ? parts.get(partId(n))!.key : ''));
  // Parts the cache no longer holds as they were merged: the term files cannot be made again from them.
  if (partKeys.includes('')) return undefined;
  const { target, keys, fileOf, files } = last;
  return { target, keys, fileOf, partKeys, files: files.map(termFileId) };
}

function restoreTermFiles(cache: BuildCache, entries: Map<string, unknown>): void {
  const saved = entries.get(MERGED_TERMS) as SavedTermFiles | undefined;
  if (!saved || !Array.isArray(saved.partKeys) || !Array.isArray(saved.files)) return;
  const results = cache.searchParts.results;
  const parts = saved.partKeys.map((key, n) =>
    results.get(partId(n))?.key === key ? results.get(partId(n))!.value : undefined,
  );
  const files = saved.files.map((id) => entries.get(id) as TermFile | undefined);
  if (parts.includes(undefined) || files.includes(undefined)) return;
  const { target, keys, fileOf } = saved;
  cache.searchTerms.last = { target, keys, fileOf, parts: parts as TermFiles['parts'], files: files as TermFile[] };
}
