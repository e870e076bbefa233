import { compileConfig, type CompiledConfig } from '../config/load-config.js';
import type { SiteConfig } from '../config/resolve-config.js';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { createHighlighter, type Highlighter } from '../content/highlighter.js';
import type { ContentCache } from '../content/load-content.js';
import { loadApiReference, type ApiReference } from '../openapi/load-api-reference.js';
import { bundleClient, type BundleClientOptions, type ClientBundle } from '../bundle/bundle-client.js';
import type { RenderCache } from '../render/render-site.js';
import { compileRenderer, type CompiledRenderer } from '../render/load-renderer.js';
import type { OutputFile } from '../output/output-file.js';
import type { OutputManifest } from '../output/writer.js';
import { cached, type ItemCache, type StageResults } from '../cache/cached.js';
import type { SavedShards } from './persist-cache.js';
import type { SearchIndexPart } from '../search/build-search-index.js';
import type { KeptTermFiles } from '../search/term-files.js';
import { checkDiagrams, type PageDiagram } from '../content/check-diagrams.js';
import type { SiteNavCache } from '../routes/build-site-nav.js';

/**
 * What `docsgen dev` keeps between builds, passed to runBuild as one object (nothing is kept at
 * module level). Every entry records what it was made from — its options and the content of the
 * files it read — and is used only while those are unchanged, so nothing ever needs invalidating.
 */
export interface BuildCache {
  highlighter: Highlighter;
  /** Files read, front matter split and Markdown pages parsed, by path (`cachedEachAsync`, `cachedEach`, `cachedBatch` in load-content). */
  content: ContentCache;
  /** Rendered pages by route (`cachedEach` in render-site): kept within one process (dev), not saved. */
  render: RenderCache;
  /** The sidebars and route table of the last build (`cachedSiteNav`), keyed by the pages' outlines: not saved. */
  nav: SiteNavCache;
  /** Markdown twins by route (`cachedEach` in build.ts); keyed by the same page hashes as `render`. */
  markdown: ItemCache<string>;
  /** Results of the stages wrapped by `cached` (config and renderer code, API reference, client bundle), by stage name. */
  steps: StageResults;
  /** The search index files (`cachedEach`, one entry), keyed by the pages it was built from: kept within one process (dev), not saved. */
  search: ItemCache<OutputFile[]>;
  /** The index of each part of the searchable pages (`cachedBatch`), merged into the search index files. */
  searchParts: ItemCache<SearchIndexPart>;
  /** The term files of the last merge of the parts (`mergeSearchParts`): an edit makes again only those it changed. */
  searchTerms: KeptTermFiles;
  /**
   * What the last `docsgen build` wrote and where, with each page's render key, so that unchanged
   * files are linked, not written, and unchanged pages are not even rendered.
   */
  output?: OutputManifest;
  /** What each shard of the saved cache holds (persist-cache): a save rewrites only the changed ones. */
  saved?: SavedShards;
}

export function createBuildCache(): BuildCache {
  // One table of object hashes for every per-page stage: a page is hashed once for all of them.
  const hashes = new WeakMap<object, string>();
  return {
    highlighter: createHighlighter(),
    content: {
      sources: { results: new Map(), hashes },
      stamps: new Map(),
      splits: { results: new Map(), hashes },
      parses: { results: new Map(), hashes },
    },
    render: { results: new Map(), hashes },
    nav: { results: new Map(), hashes, outlines: new WeakMap() },
    markdown: { results: new Map(), hashes },
    search: { results: new Map(), hashes },
    searchParts: { results: new Map(), hashes },
    searchTerms: {},
    steps: new Map(),
  };
}

type BundleResult = { bundle?: ClientBundle; diagnostics: Diagnostic[] };

/**
 * The stages whose inputs are files, each wrapped by `cached` (with a cache) or as they are
 * (`--no-cache`): the config's and the renderer's code, the API reference and the client bundle.
 * Of the config only the compiled code is kept: it is evaluated at every build, since what it
 * evaluates to can depend on more than its files (`process.env`, a file it reads at run time), and
 * that value is the input, and so part of the key, of the stages after it.
 */
export function cachedStages(cache: BuildCache | undefined, highlighter: Highlighter) {
  const results = cache?.steps;
  return {
    compileConfig: cached<string, CompiledConfig>('config-code', compileConfig, results, {
      filesRead: (compiled) => compiled.dependencies,
      keep: (compiled) => compiled.code !== undefined,
    }),
    compileRenderer: cached<string, CompiledRenderer>('renderer-code', compileRenderer, results, {
      filesRead: (compiled) => compiled.files,
      keep: (compiled) => compiled.code !== undefined,
    }),
    // The highlighter is a tool, not an input: it returns the same HTML for the same code.
    loadApiReference: cached<SiteConfig, ApiReference>(
      'api',
      (config) => loadApiReference(config, highlighter),
      results,
      { filesRead: (api) => api.files, keep: (api) => !hasErrors(api.diagnostics) },
    ),
    bundleClient: cached<BundleClientOptions, BundleResult>('bundle', bundleClient, results, {
      filesRead: (result) => result.bundle?.inputs ?? [],
      keep: (result) => result.bundle !== undefined,
    }),
    // The client of a site whose pages hydrate its components or draw diagrams (built once the pages are known).
    bundleClientWithFeatures: cached<BundleClientOptions, BundleResult>('bundle-features', bundleClient, results, {
      filesRead: (result) => result.bundle?.inputs ?? [],
      keep: (result) => result.bundle !== undefined,
    }),
    // Loading mermaid takes seconds: the check runs again only when a diagram changed.
    checkDiagrams: cached<PageDiagram[], Diagnostic[]>('diagrams', checkDiagrams, results),
  };
}
