import { statSync } from 'node:fs';
import { basename } from 'node:path';
import type { DocEntry } from './assign-doc-routes.js';
import type { AssetResolver } from './create-asset-resolver.js';
import { parseFrontMatter, type SplitSource } from './parse-front-matter.js';
import {
  listSources,
  readSource,
  type CollectedSources,
  type ContentFolder,
  type SourceFile,
} from './collect-sources.js';
import type { ParsedPage, ParsePageOptions } from './parse-page.js';
import { parsePages, type ParseOutcome } from './parse-pages.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';

interface CachedParse {
  /** Everything the parse read besides the text, other pages' routes and assets: id, route, baseUrl. */
  key: string;
  text: string;
  parsed: ParsedPage;
  /** Public URL each referenced asset had (its name carries the file's content hash). */
  assetUrls: [string, string][];
}

/**
 * Parsed Markdown kept between builds by `docsgen dev` (one object, passed in; nothing global).
 * A page is reused while its text, id, route and baseUrl are the same, no page it may link to
 * gained, lost or changed its route, and every image it shows has the same content.
 */
export interface ContentCache {
  /** Source files, read again only when their size or modification time changed. */
  sources: Map<string, { mtimeMs: number; size: number; source: SourceFile; diagnostics: Diagnostic[] }>;
  /** Front matter per file, valid while the file's text is the same. */
  splits: Map<string, { text: string; value?: SplitSource; diagnostics: Diagnostic[] }>;
  /** Parsed pages by absolute path, all consistent with `docRoutes`. */
  pages: Map<string, CachedParse>;
  /** Markdown path → route of the build that filled `pages`. */
  docRoutes: ReadonlyMap<string, string>;
}

export function createContentCache(): ContentCache {
  return { sources: new Map(), splits: new Map(), pages: new Map(), docRoutes: new Map() };
}

/**
 * collectSources (same files, same order, same diagnostics) for a cache: one directory walk, and
 * only new or modified files are read. Modified means: listed in `changed` when the caller knows
 * what changed since the last build with this cache (the dev server's watcher), else a different
 * size or modification time.
 */
export async function collectSourcesCached(
  cache: ContentCache,
  folder: ContentFolder,
  changed?: ReadonlySet<string>,
): Promise<CollectedSources> {
  // Synchronous: a thousand stats cost a third of the CPU time of the asynchronous walk.
  const listed = listSources(folder, !changed);
  const read = await Promise.all(
    listed.entries.map(async (entry) => {
      const known = cache.sources.get(entry.absolutePath);
      const stats = entry.stats;
      if (
        known &&
        (changed
          ? !changed.has(entry.absolutePath)
          : stats && known.mtimeMs === stats.mtimeMs && known.size === stats.size)
      )
        return known;
      const now = stats ?? statSync(entry.readPath, { throwIfNoEntry: false });
      return { mtimeMs: now?.mtimeMs ?? -1, size: now?.size ?? -1, ...(await readSource(folder, entry)) };
    }),
  );
  // A file that could not be read is read again next time.
  cache.sources = new Map(
    read.flatMap(({ source, ...entry }) => (source ? [[source.absolutePath, { ...entry, source }] as const] : [])),
  );
  return {
    sources: read.flatMap((entry) => (entry.source ? [entry.source] : [])),
    diagnostics: [...listed.diagnostics, ...read.flatMap((entry) => entry.diagnostics)],
  };
}

/** Splits the front matter of every source, reusing the split of a file whose text is unchanged. */
export function splitSources(
  cache: ContentCache | undefined,
  sources: readonly SourceFile[],
): { value?: SplitSource; diagnostics: Diagnostic[] }[] {
  const results = sources.map((source) => {
    const hit = cache?.splits.get(source.absolutePath);
    return hit && hit.text === source.text ? hit : { text: source.text, ...parseFrontMatter(source) };
  });
  if (cache) cache.splits = new Map(sources.map((source, index) => [source.absolutePath, results[index]]));
  return results;
}

/** What a cached page was parsed with besides its own text. */
interface CacheScope {
  docRoutes: ReadonlyMap<string, string>;
  baseUrl: string;
  math: boolean;
  assets: AssetResolver;
}

const keyOf = (entry: DocEntry, scope: { baseUrl: string; math: boolean }) =>
  `${entry.id}\0${entry.route}\0${scope.baseUrl}\0${scope.math}`;

/** Markdown paths whose route appeared, disappeared or changed between two builds. */
function changedRoutes(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const changed = [...after].filter(([path, route]) => before.get(path) !== route).map(([path]) => path);
  return [...changed, ...[...before.keys()].filter((path) => !after.has(path))];
}

/**
 * Splits entries into pages the cache still holds and entries to parse. A page "may link to" a
 * file when its text contains that file's name (plain or URL-encoded): a cheap over-approximation
 * of its Markdown links, so adding, renaming or deleting one page re-parses only pages that name it.
 */
function takeCachedPages(cache: ContentCache, entries: readonly DocEntry[], options: CacheScope) {
  const names = changedRoutes(cache.docRoutes, options.docRoutes).flatMap((path) => [
    basename(path),
    encodeURI(basename(path)),
  ]);
  const hits = new Map<string, ParsedPage>();
  const misses: DocEntry[] = [];
  for (const entry of entries) {
    const cached = cache.pages.get(entry.source.absolutePath);
    const valid =
      cached !== undefined &&
      cached.text === entry.source.text &&
      cached.key === keyOf(entry, options) &&
      !names.some((name) => entry.source.text.includes(name)) &&
      cached.assetUrls.every(([source, url]) => options.assets.assetUrl(source) === url);
    if (valid) hits.set(entry.source.absolutePath, cached.parsed);
    else misses.push(entry);
  }
  return { hits, misses };
}

/** Records this build's parses; drops files that are gone so every entry matches `docRoutes`. */
function storeParsedPages(cache: ContentCache, parsed: readonly ParseOutcome[], options: CacheScope): void {
  const current = new Set(parsed.map(({ entry }) => entry.source.absolutePath));
  for (const path of [...cache.pages.keys()]) if (!current.has(path)) cache.pages.delete(path);
  for (const { entry, parsed: page } of parsed) {
    const path = entry.source.absolutePath;
    if (!page) cache.pages.delete(path);
    else if (cache.pages.get(path)?.parsed !== page) {
      cache.pages.set(path, {
        key: keyOf(entry, options),
        text: entry.source.text,
        parsed: page,
        assetUrls: page.assets.map((source) => [source, options.assets.assetUrl(source)]),
      });
    }
  }
  cache.docRoutes = options.docRoutes;
}

/** `parsePages` for the entries the cache cannot answer; outcomes in entry order, as without a cache. */
export async function parsePagesCached(
  cache: ContentCache,
  entries: readonly DocEntry[],
  options: ParsePageOptions,
  assets: AssetResolver,
): Promise<ParseOutcome[]> {
  const scope = {
    docRoutes: options.docRoutes,
    baseUrl: options.baseUrl,
    math: Boolean(options.mathProcessor),
    assets,
  };
  const { hits, misses } = takeCachedPages(cache, entries, scope);
  const fresh = new Map((await parsePages(misses, options)).map((outcome) => [outcome.entry, outcome]));
  const outcomes = entries.map((entry): ParseOutcome => {
    const hit = hits.get(entry.source.absolutePath);
    return fresh.get(entry) ?? { entry, parsed: hit, diagnostics: hit?.diagnostics ?? [] };
  });
  storeParsedPages(cache, outcomes, scope);
  return outcomes;
}
