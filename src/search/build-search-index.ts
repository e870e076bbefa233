import { createHash } from 'node:crypto';
import MiniSearch from 'minisearch';
import type { Page } from '../model.js';
import type { OutputFile } from '../output/output-file.js';
import { buildSearchPages, type SearchPage } from './build-search-pages.js';
import { packTerms, splitTermKeys } from './pack-terms.js';
import {
  MANIFEST_FILE,
  SEARCH_DIR,
  SEARCH_FIELDS,
  SEARCH_INDEX_VERSION,
  EAGER_LOAD_BYTES,
  contentFileName,
  miniSearchOptions,
  termFileName,
  type ContentFile,
  type ContentPage,
  type SearchDocument,
  type SearchManifest,
  type TermFile,
} from './search-index-format.js';

export interface SearchIndexOptions {
  /** Target size of one term file, in bytes of JSON. */
  termFileBytes?: number;
  /**
   * Target size of one content file, in bytes of JSON (pages per file follow from the average
   * page). Default: a few large files when the whole index is small enough to load at once,
   * otherwise about one page per file, so that showing results downloads little else.
   */
  contentFileBytes?: number;
  /** Groups of words that mean the same (config `search.synonyms`): stored in the manifest for queries. */
  synonyms?: readonly (readonly string[])[];
}

export interface SearchIndex {
  files: OutputFile[];
  manifest: SearchManifest;
}

const DEFAULT_TERM_FILE_BYTES = 64 * 1024;
const SMALL_SITE_CONTENT_FILE_BYTES = 64 * 1024;
const LARGE_SITE_CONTENT_FILE_BYTES = 4 * 1024;

/**
 * Builds the embedded search index (MiniSearch over page sections) of every searchable page,
 * split into a manifest, term files and content files for lazy, partial loading (see
 * search-index-format.ts). Pure: returns the files, writes nothing.
 */
export function buildSearchIndex(pages: readonly Page[], options: SearchIndexOptions = {}): SearchIndex {
  return buildSearchIndexFromPages(buildSearchPages(pages), options);
}

export function buildSearchIndexFromPages(pages: readonly SearchPage[], options: SearchIndexOptions = {}): SearchIndex {
  const documents = toDocuments(pages);
  const index = new MiniSearch<SearchDocument>(miniSearchOptions());
  index.addAll(documents);
  const json = index.toJSON();

  const fieldLength: number[] = [];
  for (let id = 0; id < documents.length; id++) {
    if (json.documentIds[id] !== id) throw new Error(`search index: unexpected document id order at ${id}`);
    const lengths = json.fieldLength[id];
    for (let f = 0; f < SEARCH_FIELDS.length; f++) fieldLength.push(lengths[f] ?? 0);
  }

  const packed = packTerms(json.index);
  const { keys, fileOf, groups } = splitTermKeys(packed, options.termFileBytes ?? DEFAULT_TERM_FILE_BYTES);
  const termFiles = groups.map((terms) => JSON.stringify({ terms } satisfies TermFile));
  const contentPages = pages.map((page): ContentPage => [
    page.route,
    page.title,
    page.type,
    page.badge ?? '',
    page.sections.map((s) => [s.heading, s.anchor, s.text]),
  ]);
  const contentBytes = contentPages.reduce((sum, page) => sum + JSON.stringify(page).length, 0);
  const termBytes = termFiles.reduce((sum, contents) => sum + contents.length, 0);
  const small = contentBytes + termBytes <= EAGER_LOAD_BYTES;
  const pagesPerFile = pagesPerContentFile(
    contentPages,
    options.contentFileBytes ?? (small ? SMALL_SITE_CONTENT_FILE_BYTES : LARGE_SITE_CONTENT_FILE_BYTES),
  );
  const contentFiles: string[] = [];
  for (let first = 0; first < contentPages.length; first += pagesPerFile) {
    contentFiles.push(
      JSON.stringify({ first, pages: contentPages.slice(first, first + pagesPerFile) } satisfies ContentFile),
    );
  }
  const digest = createHash('sha256');
  for (const contents of [...termFiles, ...contentFiles]) digest.update(contents);
  const hash = digest.digest('hex').slice(0, 12);

  const manifest: SearchManifest = {
    version: SEARCH_INDEX_VERSION,
    hash,
    documentCount: documents.length,
    averageFieldLength: json.averageFieldLength.map((n) => Math.round(n * 1000) / 1000),
    fieldLength,
    sections: pages.map((page) => page.sections.length),
    ...fieldSectionsOf(pages),
    termKeys: keys,
    termFileOf: fileOf,
    termFiles: termFiles.length,
    contentFiles: contentFiles.length,
    pagesPerContentFile: pagesPerFile,
    totalBytes: [...termFiles, ...contentFiles].reduce((sum, contents) => sum + Buffer.byteLength(contents), 0),
    suggestions: suggestionsOf(pages),
    ...(options.synonyms?.length
      ? { synonyms: options.synonyms.map((group) => group.map((w) => w.toLowerCase())) }
      : {}),
  };
  const files: OutputFile[] = [
    { path: `${SEARCH_DIR}/${MANIFEST_FILE}`, contents: JSON.stringify(manifest) },
    ...termFiles.map((contents, n) => ({ path: `${SEARCH_DIR}/${termFileName(hash, n)}`, contents })),
    ...contentFiles.map((contents, n) => ({ path: `${SEARCH_DIR}/${contentFileName(hash, n)}`, contents })),
  ];
  return { files, manifest };
}

function toDocuments(pages: readonly SearchPage[]): SearchDocument[] {
  const documents: SearchDocument[] = [];
  for (const page of pages) {
    for (const section of page.sections) {
      documents.push({
        id: documents.length,
        title: page.title,
        heading: section.heading,
        keywords: section.keywords,
        text: section.text,
      });
    }
  }
  return documents;
}

/** Each page's count of API field sections, which must come after its other sections. */
function fieldSectionsOf(pages: readonly SearchPage[]): { fieldSections?: number[] } {
  const counts = pages.map((page) => {
    const first = page.sections.findIndex((s) => s.field);
    if (first < 0) return 0;
    if (page.sections.slice(first).some((s) => !s.field))
      throw new Error(`search index: ${page.route}: field sections must come last`);
    return page.sections.length - first;
  });
  return counts.some((n) => n > 0) ? { fieldSections: counts } : {};
}

/** How many pages make a content file of about `target` bytes, from the average page size. */
function pagesPerContentFile(pages: readonly ContentPage[], target: number): number {
  if (pages.length === 0) return 1;
  const average = pages.reduce((sum, page) => sum + JSON.stringify(page).length, 0) / pages.length;
  return Math.max(1, Math.round(target / average));
}

/** A few page titles offered as 'Try searching for' when a query finds nothing: guides first. */
function suggestionsOf(pages: readonly SearchPage[]): string[] {
  const rank = { guide: 0, api: 1, example: 2, operation: 3 } as const;
  return [...pages]
    .filter((page) => page.route !== '/')
    .sort((a, b) => rank[a.type] - rank[b.type])
    .slice(0, 3)
    .map((page) => page.title);
}
