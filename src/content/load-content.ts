import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { realPath } from '../shared/allowed-paths.js';
import type { SiteConfig } from '../config/resolve-config.js';
import { errorDiagnostic, hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Page } from '../model.js';
import { docEntryOf, type DocEntry } from './assign-doc-routes.js';
import type { CategoryIndex } from './collect-categories.js';
import type { SourceFile } from './collect-sources.js';
import type { DocsVersion } from '../config/docs-versions.js';
import { assignVersionRoutes, collectVersionSources, versionedPage, type VersionSources } from './version-sources.js';
import type { AssetResolver } from './create-asset-resolver.js';
import type { Highlighter } from './highlighter.js';
import { createMarkdownProcessor } from './markdown-processor.js';
import type { SplitSource } from './parse-front-matter.js';
import { parsePages, type ParseOutcome } from './parse-pages.js';
import type { ParsedPage, ParsePageOptions } from './parse-page.js';
import { cachedBatch, cachedEach, type ItemCache, type Reads, type StageResults } from '../cache/cached.js';
import { readsAsMdx } from './markdown-format.js';
import { parseFrontMatter } from './parse-front-matter.js';
import { answerRouteQuery } from './doc-routes.js';
import { mapInSlices } from '../shared/time-slices.js';
import type { ReadSourceResult } from './collect-sources.js';

/**
 * The build cache's results of the content stages, each by the page's absolute path: the file
 * read, its front matter split, its parse. Each is kept under the key of its input (`cachedEach`,
 * `cachedBatch`); a parse also records what it read of other pages' routes and its images' URLs.
 */
export interface ContentCache {
  sources: ItemCache<ReadSourceResult>;
  /** The stamp (size and mtime) each file was last read with: see SourceCache. Not saved. */
  stamps: Map<string, string>;
  splits: ItemCache<ReturnType<typeof parseFrontMatter>>;
  parses: ItemCache<CachedParse>;
}

/** A page's parse as the build cache keeps it (its entry is the caller's). */
export type CachedParse = Omit<ParseOutcome, 'entry'> & {
  /** Public URL each image it shows had (the name carries the file's content hash). */
  assetUrls: [string, string][];
};

export interface LoadContentOptions {
  config: SiteConfig;
  highlighter: Highlighter;
  assets: AssetResolver;
  /** Pages parsed by earlier builds (dev): only changed pages and the pages linking to them are parsed again. */
  cache?: ContentCache;
  /** With a cache: the files known to have changed since its last build (others are not looked at). */
  changed?: ReadonlySet<string>;
  /** Without a cache: a folder for the page bodies of a large site (see spilled-body.ts). */
  scratchDir?: string;
  /** The build cache's stage results: MDX pages are kept there, each under `cached` (parse-mdx-page.ts). */
  stageResults?: StageResults;
  /** Called with every page's source once they are read, before any is parsed. */
  onSources?: (sources: readonly SourceFile[]) => void | Promise<void>;
}

export interface LoadedContent {
  pages: Page[];
  /** `_category_` files of each docs version's folder, by version name. */
  categories: Record<string, CategoryIndex>;
  /** Doc ids of pages left out because another page has their route or id (already reported). */
  unbuiltDocIds: ReadonlySet<string>;
  /** The routes links to those pages resolve to: their anchors are not checked against the page that took the route. */
  unbuiltRoutes: string[];
  /** Files the pages read besides themselves (an MDX page's components and partials): what dev watches. */
  files: string[];
  diagnostics: Diagnostic[];
  /** With a cache (dev): what each Markdown (not MDX) page was parsed from, so one can be parsed again alone. */
  markdown: MarkdownSources;
}

/** A Markdown page as parsed: its entry (front matter, id, route), its docs version and the page made of it. */
export interface MarkdownSource {
  entry: DocEntry;
  version: DocsVersion;
  page: Page;
}

export interface MarkdownSources {
  /** By absolute path. */
  byPath: ReadonlyMap<string, MarkdownSource>;
  options: ParsePageOptions;
  /**
   * Keeps a page parsed outside a build with `options` (dev's single-page edit) in the build cache,
   * as the next build's parse of the same file would keep it: under the key of the same input, with
   * the same reads. That build then does not parse the page again (on the thread that serves saves).
   */
  keepParse(parse: OutsideParse): void;
}

/** A Markdown page parsed outside a build: its file's front matter split, the entry parsed and the result. */
export interface OutsideParse {
  split: ReturnType<typeof parseFrontMatter> & { value: SplitSource };
  entry: DocEntry;
  parsed: ParsedPage;
}

/** Reads and parses every Markdown page: front matter, routes, then bodies (which need all routes for links). */
export async function loadContent({
  config,
  highlighter,
  assets,
  cache,
  changed,
  scratchDir,
  stageResults,
  onSources,
}: LoadContentOptions): Promise<LoadedContent> {
  const collected = await collectVersionSources(
    config,
    cache && { results: cache.sources, changed, stamps: cache.stamps },
  );
  const diagnostics: Diagnostic[] = [...collected.diagnostics];
  const sources = collected.versions.flatMap((one) => one.sources);
  await onSources?.(sources);
  if (sources.length === 0 && !hasErrors(collected.diagnostics)) diagnostics.push(noSources(config));
  const { entries, unbuilt, versionOf, splits } = await assignRoutes(collected.versions, cache, diagnostics);
  // A link to a page left out for a clash goes where the clash is: the clash is the one error to report.
  const docRoutes = new Map([...entries, ...unbuilt].map((entry) => [entry.source.absolutePath, entry.route]));
  const processor = createMarkdownProcessor({ trusted: true });
  const mathProcessor = config.markdown.math ? createMarkdownProcessor({ trusted: true, math: true }) : undefined;
  const parseOptions = {
    processor,
    mathProcessor,
    highlighter,
    docRoutes,
    baseUrl: config.baseUrl,
    assetUrl: assets.assetUrl,
  };
  // MDX pages take the MDX pipeline; it is loaded only when a site has some, so Markdown-only
  // sites do not pay for it, not even at start-up.
  const isMdx = (entry: DocEntry) => readsAsMdx(entry.source.absolutePath, config.markdown.format);
  const markdownEntries = entries.filter((entry) => !isMdx(entry));
  const mdxEntries = entries.filter(isMdx);
  const parseMdx = async () => {
    const mdx = await loadMdxPipeline();
    const mdxOptions = await mdx.createMdxPageOptions(config, parseOptions, stageResults);
    // The site's MDXComponents is read once for all pages: its problems are reported once.
    diagnostics.push(...(mdxOptions.scope?.diagnostics ?? []));
    return mdx.parseMdxPages(mdxEntries, mdxOptions, stageResults);
  };
  const [markdownOutcomes, mdxOutcomes] = await Promise.all([
    parseMarkdownCached(markdownEntries, {
      options: parseOptions,
      cache: cache?.parses,
      splits,
      assets,
      config,
      scratchDir,
    }),
    mdxEntries.length ? parseMdx() : [],
  ]);
  const byEntry = new Map([...markdownOutcomes, ...mdxOutcomes].map((outcome) => [outcome.entry, outcome]));
  const outcomes = entries.map((entry) => byEntry.get(entry)!);
  const { pages, markdown } = await collectPages(outcomes, versionOf, diagnostics, (entry, parsed) => {
    diagnostics.push(...registerAssets(config, assets, entry, parsed));
    return Boolean(cache) && !isMdx(entry);
  });
  return {
    pages,
    categories: Object.fromEntries(collected.versions.map((one) => [one.version.name, one.categories])),
    unbuiltDocIds: new Set(unbuilt.map((entry) => entry.id)),
    unbuiltRoutes: unbuilt.map((entry) => entry.route),
    files: [...new Set(outcomes.flatMap((outcome) => outcome.files ?? []))].sort(),
    diagnostics,
    markdown: {
      byPath: markdown,
      options: parseOptions,
      keepParse: (parse) => keepParse(parse, cache, config, assets),
    },
  };
}

/**
 * The parsed pages in entry order, each as its docs version has it; and what each page `take`
 * says yes to (Markdown pages, with a cache) was parsed from. Each page's diagnostics are added
 * to `diagnostics` before `take` sees it. In slices (0.1–0.2 s at 10,000 pages).
 */
async function collectPages(
  outcomes: readonly ParseOutcome[],
  versionOf: ReadonlyMap<string, DocsVersion>,
  diagnostics: Diagnostic[],
  take: (entry: DocEntry, parsed: ParsedPage) => boolean,
): Promise<{ pages: Page[]; markdown: Map<string, MarkdownSource> }> {
  const pages: Page[] = [];
  const markdown = new Map<string, MarkdownSource>();
  await mapInSlices(outcomes, ({ entry, parsed, diagnostics: own }) => {
    diagnostics.push(...own);
    if (!parsed) return;
    const version = versionOf.get(entry.source.absolutePath)!;
    const page = versionedPage(parsed.page, version);
    pages.push(page);
    if (take(entry, parsed)) markdown.set(entry.source.absolutePath, { entry, version, page });
  });
  return { pages, markdown };
}

/**
 * Splits the front matter of every page (each kept under the key of its file's text) and gives
 * each page of each docs version its id and route. The loops over every page run in slices
 * (0.2–0.3 s at 10,000 pages, on the thread that serves dev's saves).
 */
async function assignRoutes(
  versions: readonly VersionSources[],
  cache: ContentCache | undefined,
  diagnostics: Diagnostic[],
): Promise<{ entries: DocEntry[]; unbuilt: DocEntry[]; versionOf: Map<string, DocsVersion>; splits: SplitsByPath }> {
  const split = cachedEach((input: { source: SourceFile }) => parseFrontMatter(input.source), cache?.splits);
  const entries: DocEntry[] = [];
  const unbuilt: DocEntry[] = [];
  const versionOf = new Map<string, DocsVersion>();
  const byPath = new Map<string, SplitSource>();
  for (const { version, sources } of versions) {
    const splits: SplitSource[] = [];
    const results = await mapInSlices(sources, (source) => split.run(source.absolutePath, { source }));
    results.forEach((result, n) => {
      diagnostics.push(...result.diagnostics);
      if (!result.value) return;
      splits.push(result.value);
      byPath.set(sources[n].absolutePath, result.value);
    });
    const made = await mapInSlices(splits, (one) => docEntryOf(one, version.routeBasePath));
    const assigned = assignVersionRoutes(splits, version, made);
    diagnostics.push(...assigned.diagnostics);
    entries.push(...assigned.entries);
    unbuilt.push(...assigned.unbuilt);
    for (const entry of assigned.entries) versionOf.set(entry.source.absolutePath, version);
  }
  split.keepOnly(versions.flatMap((one) => one.sources.map((source) => source.absolutePath)));
  return { entries, unbuilt, versionOf, splits: byPath };
}

/** Each page's front matter split (the cache's own object), by absolute path. */
type SplitsByPath = ReadonlyMap<string, SplitSource>;

/**
 * What a page's parse is a function of, besides what it reads of other pages (recorded as it
 * runs): its entry, given as the split it was made of (`{ ...split, ...own }`) and what the entry
 * adds (id, route, front matter with the position of a numbered file), so that the key hashes the
 * split by reference: the cache keeps each split's hash (and restores it with the split), where
 * hashing every entry's JSON (its text twice, ~20 KB a page) was a tenth of a large site's rebuild.
 */
interface ParseInput {
  split: SplitSource;
  own: Omit<DocEntry, 'source' | 'body' | 'lineOffset'>;
  baseUrl: string;
  math: boolean;
}

/**
 * An entry as `ParseInput` gives it: `split` when the entry was made of it (the same source, body and
 * line offset: how assignDocRoutes makes entries), else the entry's own fields (hashed as they are).
 */
function parseInputOf(entry: DocEntry, split: SplitSource | undefined): Pick<ParseInput, 'split' | 'own'> {
  const { source, body, lineOffset, ...own } = entry;
  const madeOf = split && split.source === source && split.body === body && split.lineOffset === lineOffset;
  return { split: madeOf ? split : { source, body, lineOffset, frontMatter: entry.frontMatter }, own };
}

/** The input a page's parse is keyed by in the build cache (see ParseInput). */
const parseInput = (entry: DocEntry, split: SplitSource | undefined, config: SiteConfig): ParseInput => ({
  ...parseInputOf(entry, split),
  baseUrl: config.baseUrl,
  math: Boolean(config.markdown.math),
});

/** A page's parse as the build cache keeps it: with the URL each image it shows has now. */
const cachedParseOf = (outcome: Omit<ParseOutcome, 'entry'>, assets: AssetResolver): CachedParse => ({
  ...outcome,
  assetUrls: (outcome.parsed?.assets ?? []).map((asset) => [asset, assets.assetUrl(asset)]),
});

/** See MarkdownSources.keepParse: the split and the parse, each through the build cache's own wrapper. */
function keepParse(
  { split, entry, parsed }: OutsideParse,
  cache: ContentCache | undefined,
  config: SiteConfig,
  assets: AssetResolver,
): void {
  if (!cache) return;
  const path = entry.source.absolutePath;
  cachedEach((_input: { source: SourceFile }) => split, cache.splits).run(path, { source: split.value.source });
  const kept = cachedParseOf({ parsed, diagnostics: parsed.diagnostics }, assets);
  cachedEach((_input: ParseInput) => kept, cache.parses).run(path, parseInput(entry, split.value, config));
}

/** The queries a kept parse made (routes of linked files, URLs of its images), with the answers it got. */
const readsOf = (parse: CachedParse): Reads => [
  ...(parse.parsed?.routeReads ?? []),
  ...parse.assetUrls.map(([asset, url]) => [`asset:${asset}`, url] as const),
];

/**
 * The Markdown pages' parses under the build cache (`cachedBatch`): a page is parsed again when
 * its entry (text, front matter, id, route, file), baseUrl or math changed, or when a query it
 * made of other pages gets another answer today (a page it links to appeared, went or moved; an
 * image changed). The others come from the cache; outcomes are in entry order either way.
 */
async function parseMarkdownCached(
  entries: readonly DocEntry[],
  stage: {
    options: ParsePageOptions;
    cache?: ItemCache<CachedParse>;
    splits: SplitsByPath;
    assets: AssetResolver;
    config: SiteConfig;
    scratchDir?: string;
  },
): Promise<ParseOutcome[]> {
  const { options, assets, config } = stage;
  // The entry each input stands for (the same fields: see parseInputOf).
  const entryOf = new Map<ParseInput, DocEntry>();
  const parse = async (inputs: ParseInput[]): Promise<CachedParse[]> => {
    // Without the cache nothing reads a page's Markdown after its parse: workers let it go once they have it.
    const release = !stage.cache;
    const outcomes = await parsePages(
      inputs.map((input) => entryOf.get(input)!),
      options,
      { scratchDir: stage.scratchDir, release },
    );
    return outcomes.map(({ parsed, diagnostics, files }) =>
      cachedParseOf({ parsed, diagnostics, ...(files ? { files } : {}) }, assets),
    );
  };
  const batch = cachedBatch(parse, stage.cache, { reads: readsOf, keep: (result) => result.parsed !== undefined });
  const answer = (query: string) =>
    query.startsWith('asset:')
      ? assets.assetUrl(query.slice('asset:'.length))
      : answerRouteQuery(options.docRoutes, query);
  const items = entries.map((entry) => {
    const path = entry.source.absolutePath;
    const input = parseInput(entry, stage.splits.get(path), config);
    entryOf.set(input, entry);
    return [path, input] as const;
  });
  const parses = await batch.run(items, answer);
  return parses.map((result, n) => ({ ...result, entry: entries[n] }));
}

/** Registers a page's assets for output (workers hash them on their side); one outside the site or missing is an error. */
function registerAssets(config: SiteConfig, assets: AssetResolver, entry: DocEntry, parsed: ParsedPage): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const asset of parsed.assets) {
    assets.assetUrl(asset);
    const place = parsed.assetPlaces?.find((ref) => ref.source === asset);
    const where = { file: entry.source.relativePath, line: place?.line, column: place?.column };
    if (assets.outside.has(asset)) diagnostics.push(outsideAsset(config, asset, where));
    else if (assets.missing.has(asset))
      diagnostics.push(
        errorDiagnostic('DG207', `Missing file "${relative(config.root, asset)}" referenced by an image`, {
          ...where,
          hint: 'Check the path: it is relative to the page. Files of static/ are referenced from the site root (/img/…).',
        }),
      );
  }
  return diagnostics;
}

/**
 * The MDX pipeline (MDX, its theme modules, esbuild bundling). The compiled CLI keeps it in its own
 * file, dist/mdx.js, so that Markdown-only sites do not even read it; from the TypeScript sources
 * (tests) it is imported as is. The path is a variable so that esbuild leaves the import alone.
 */
function loadMdxPipeline(): Promise<typeof import('./mdx/parse-mdx-page.js')> {
  const compiled = import.meta.url.endsWith('/dist/cli.js');
  const path = compiled ? new URL('./mdx.js', import.meta.url).href : './mdx/parse-mdx-page.js';
  return import(path) as Promise<typeof import('./mdx/parse-mdx-page.js')>;
}

function noSources(config: SiteConfig): Diagnostic {
  const folder = `${config.contentDir.replace(/\/+$/, '')}/`;
  return errorDiagnostic('DG226', `No Markdown files found in ${folder}`, {
    file: folder,
    hint: existsSync(join(config.root, config.contentDir))
      ? `Add pages as .md or .mdx files under ${folder} (names starting with "_" or "." are left out), e.g. ${folder}index.md for the home page.`
      : `The folder ${join(config.root, config.contentDir)} does not exist: create it, or set \`contentDir\` in site.config.ts to where the pages are.`,
  });
}

function outsideAsset(
  config: SiteConfig,
  asset: string,
  where: { file: string; line?: number; column?: number },
): Diagnostic {
  return errorDiagnostic(
    'DG220',
    `"${relative(config.root, asset)}", referenced by an image or link, is outside the site (${realPath(asset)}); docsgen does not read it`,
    {
      ...where,
      hint: 'Copy the file next to the page, or add its folder to `allowedPaths` in site.config.ts if it is meant to be public.',
    },
  );
}
