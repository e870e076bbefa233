import fg from 'fast-glob';
import { readFile, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import type { DocEntry } from './assign-doc-routes.js';
import type { AssetResolver } from './create-asset-resolver.js';
import { parseFrontMatter, type SplitSource } from './parse-front-matter.js';
import type { SourceFile } from './collect-sources.js';
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
  sources: Map<string, { mtimeMs: number; size: number; source: SourceFile }>;
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
 * collectSources (same files, same order) for a cache: one directory walk, and only new or
 * modified files are read. Modified means: listed in `changed` when the caller knows what changed
 * since the last build with this cache (the dev server's watcher), else a different size or
 * modification time. Keep the pattern in step with collect-sources.ts.
 */
export async function collectSourcesCached(cache: ContentCache, { root, contentDir }: { root: string; contentDir: string }, changed?: ReadonlySet<string>): Promise<SourceFile[]> {
  const base = join(root, contentDir);
  // Synchronous: a thousand stats cost a third of the CPU time of the asynchronous walk.
  const files = fg.sync('**/*.{md,mdx}', { cwd: base, ignore: ['**/_*', '**/node_modules/**'], objectMode: true, stats: !changed }).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const sources = await Promise.all(
    files.map(async ({ path: file, stats: listed }) => {
      const absolutePath = join(base, file);
      const known = cache.sources.get(absolutePath);
      if (known && (changed ? !changed.has(absolutePath) : listed && known.mtimeMs === listed.mtimeMs && known.size === listed.size)) return known;
      const stats = listed ?? (await stat(absolutePath));
      const source = { absolutePath, relativePath: relative(root, absolutePath), contentPath: file.replace(/\.mdx?$/, ''), text: await readFile(absolutePath, 'utf8') };
      return { mtimeMs: stats.mtimeMs, size: stats.size, source };
    }),
  );
  cache.sources = new Map(sources.map((entry) => [entry.source.absolutePath, entry]));
  return sources.map((entry) => entry.source);
}

/** Splits the front matter of every source, reusing the split of a file whose text is unchanged. */
export function splitSources(cache: ContentCache | undefined, sources: readonly SourceFile[]): { value?: SplitSource; diagnostics: Diagnostic[] }[] {
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
  const names = changedRoutes(cache.docRoutes, options.docRoutes).flatMap((path) => [basename(path), encodeURI(basename(path))]);
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
      cache.pages.set(path, { key: keyOf(entry, options), text: entry.source.text, parsed: page, assetUrls: page.assets.map((source) => [source, options.assets.assetUrl(source)]) });
    }
  }
  cache.docRoutes = options.docRoutes;
}

/** `parsePages` for the entries the cache cannot answer; outcomes in entry order, as without a cache. */
export async function parsePagesCached(cache: ContentCache, entries: readonly DocEntry[], options: ParsePageOptions, assets: AssetResolver): Promise<ParseOutcome[]> {
  const scope = { docRoutes: options.docRoutes, baseUrl: options.baseUrl, math: Boolean(options.mathProcessor), assets };
  const { hits, misses } = takeCachedPages(cache, entries, scope);
  const fresh = new Map((await parsePages(misses, options)).map((outcome) => [outcome.entry, outcome]));
  const outcomes = entries.map((entry): ParseOutcome => {
    const hit = hits.get(entry.source.absolutePath);
    return fresh.get(entry) ?? { entry, parsed: hit, diagnostics: hit?.diagnostics ?? [] };
  });
  storeParsedPages(cache, outcomes, scope);
  return outcomes;
}
