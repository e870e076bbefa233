import type { SiteConfig } from '../config/resolve-config.js';
import type { DocsVersion } from '../config/docs-versions.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { keepOnlyItems } from '../cache/cached.js';
import type { Page } from '../model.js';
import { assignDocRoutes, type DocEntry } from './assign-doc-routes.js';
import { collectCategories, type CategoryIndex } from './collect-categories.js';
import { collectSources, type SourceCache, type SourceFile } from './collect-sources.js';
import { categoriesWithoutPrefixes } from './docusaurus/number-prefix.js';
import type { SplitSource } from './parse-front-matter.js';

/** One docs version's Markdown files and `_category_` files, as read from its folder. */
export interface VersionSources {
  version: DocsVersion;
  sources: SourceFile[];
  /** Its folders' categories, keyed by folder relative to the version's folder. */
  categories: CategoryIndex;
}

/**
 * Reads the Markdown of every docs version: the docs folder and each `versioned_docs/version-{name}/`
 * (with the build cache, only files that changed). A site without versions.json reads only the first.
 */
export async function collectVersionSources(
  config: SiteConfig,
  cache?: SourceCache,
): Promise<{ versions: VersionSources[]; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const versions = await Promise.all(
    config.docsVersions.map(async (version): Promise<VersionSources> => {
      const folder = { root: config.root, contentDir: version.contentDir, allowedPaths: config.allowedPaths };
      // Category files are a few bytes each: read at every build, so dev sees their edits without a cache rule.
      const [collected, categoryFiles] = await Promise.all([collectSources(folder, cache), collectCategories(folder)]);
      diagnostics.push(...collected.diagnostics, ...categoryFiles.diagnostics);
      const categories = categoriesWithoutPrefixes(
        categoryFiles.categories,
        collected.sources.map((source) => source.contentPath),
      );
      return { version, sources: collected.sources, categories };
    }),
  );
  // Files that are gone (or could not be read) leave the cache.
  keepOnlyItems(
    cache?.results,
    versions.flatMap((one) => one.sources.map((source) => source.absolutePath)),
  );
  return { versions, diagnostics };
}

/**
 * Ids and routes of one version's docs: routes under the version's routeBasePath, ids prefixed
 * (`version-1.0/intro`) so that the same doc in two versions stays two pages.
 */
export function assignVersionRoutes(
  splits: readonly SplitSource[],
  version: DocsVersion,
  made?: readonly (DocEntry | undefined)[],
) {
  const assigned = assignDocRoutes(splits, version.routeBasePath, made);
  if (!version.idPrefix) return assigned;
  const prefixed = (entry: DocEntry): DocEntry => ({ ...entry, id: `${version.idPrefix}${entry.id}` });
  return { ...assigned, entries: assigned.entries.map(prefixed), unbuilt: assigned.unbuilt.map(prefixed) };
}

/**
 * A page of an older version: marked with its version, and its pagination front matter (ids of
 * its own version) pointed at its own version's docs.
 */
export function versionedPage(page: Page, version: DocsVersion): Page {
  if (!version.idPrefix) return page;
  const meta = page.docMeta;
  const own = (id: string | null | undefined) => (typeof id === 'string' ? `${version.idPrefix}${id}` : id);
  return {
    ...page,
    version: version.name,
    ...(meta
      ? { docMeta: { ...meta, paginationNext: own(meta.paginationNext), paginationPrev: own(meta.paginationPrev) } }
      : {}),
  };
}
