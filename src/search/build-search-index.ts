import { createHash } from 'node:crypto';
import MiniSearch from 'minisearch';
import type { Page } from '../model.js';
import type { OutputFile } from '../output/output-file.js';
import { buildSearchPages, type SearchPage, type SearchPageType } from './build-search-pages.js';
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
  const builder = createSearchIndexBuilder();
  builder.add(pages);
  return builder.finish(options);
}

/** What the index keeps of a page once its sections are indexed: its content entry as JSON, and counts. */
interface IndexedPage {
  /** The page's `ContentPage`, as JSON: content files are these joined, written as they are. */
  content: string;
  route: string;
  title: string;
  type: SearchPageType;
  sections: number;
  fieldSections: number;
}

/**
 * The index built from pages given in parts, in order (the search worker receives a large site's
 * pages in batches): each part's sections are indexed at once and only each page's content entry
 * (as JSON) and counts are kept, so neither side holds every page's sections as objects.
 * `finish` gives the same files as `buildSearchIndexFromPages` of all the parts in one list.
 */
export function createSearchIndexBuilder(): {
  add(pages: readonly SearchPage[]): void;
  finish(options?: SearchIndexOptions): SearchIndex;
} {
  const index = new MiniSearch<SearchDocument>(miniSearchOptions());
  const indexed: IndexedPage[] = [];
  let documentCount = 0;
  return {
    add(pages) {
      const documents = toDocuments(pages, documentCount);
      index.addAll(documents);
      documentCount += documents.length;
      for (const page of pages) indexed.push(indexedPage(page));
    },
    finish: (options = {}) => indexFiles(index, indexed, documentCount, options),
  };
}

function indexedPage(page: SearchPage): IndexedPage {
  const content: ContentPage = [
    page.route,
    page.title,
    page.type,
    page.badge ?? '',
    page.sections.map((s) => [s.heading, s.anchor, s.text]),
  ];
  return {
    content: JSON.stringify(content),
    route: page.route,
    title: page.title,
    type: page.type,
    sections: page.sections.length,
    fieldSections: fieldSectionCount(page),
  };
}

/** Field lengths of every document in id order, each document's fields in SEARCH_FIELDS order. */
function fieldLengths(json: ReturnType<MiniSearch['toJSON']>, documentCount: number): number[] {
  const fieldLength: number[] = [];
  for (let id = 0; id < documentCount; id++) {
    if (json.documentIds[id] !== id) throw new Error(`search index: unexpected document id order at ${id}`);
    const lengths = json.fieldLength[id];
    for (let f = 0; f < SEARCH_FIELDS.length; f++) fieldLength.push(lengths[f] ?? 0);
  }
  return fieldLength;
}

/** The content files: consecutive pages' entries, about `target` bytes each (pages per file from the average page). */
function contentFilesOf(pages: readonly IndexedPage[], target: number): { files: string[]; pagesPerFile: number } {
  const pagesPerFile =
    pages.length === 0
      ? 1
      : Math.max(1, Math.round(target / (pages.reduce((sum, page) => sum + page.content.length, 0) / pages.length)));
  const files: string[] = [];
  for (let first = 0; first < pages.length; first += pagesPerFile) {
    // The JSON of `{ first, pages }` (a ContentFile), from the pages' own JSON.
    const entries = pages.slice(first, first + pagesPerFile).map((page) => page.content);
    files.push(`{"first":${first},"pages":[${entries.join(',')}]}`);
  }
  return { files, pagesPerFile };
}

function indexFiles(
  index: MiniSearch<SearchDocument>,
  pages: readonly IndexedPage[],
  documentCount: number,
  options: SearchIndexOptions,
): SearchIndex {
  const json = index.toJSON();
  const fieldLength = fieldLengths(json, documentCount);
  const packed = packTerms(json.index);
  const { keys, fileOf, groups } = splitTermKeys(packed, options.termFileBytes ?? DEFAULT_TERM_FILE_BYTES);
  const termFiles = groups.map((terms) => JSON.stringify({ terms } satisfies TermFile));
  const contentBytes = pages.reduce((sum, page) => sum + page.content.length, 0);
  const termBytes = termFiles.reduce((sum, contents) => sum + contents.length, 0);
  const small = contentBytes + termBytes <= EAGER_LOAD_BYTES;
  const content = contentFilesOf(
    pages,
    options.contentFileBytes ?? (small ? SMALL_SITE_CONTENT_FILE_BYTES : LARGE_SITE_CONTENT_FILE_BYTES),
  );
  const digest = createHash('sha256');
  for (const contents of [...termFiles, ...content.files]) digest.update(contents);
  const hash = digest.digest('hex').slice(0, 12);
  const fieldSections = pages.map((page) => page.fieldSections);
  const manifest: SearchManifest = {
    version: SEARCH_INDEX_VERSION,
    hash,
    documentCount,
    averageFieldLength: json.averageFieldLength.map((n) => Math.round(n * 1000) / 1000),
    fieldLength,
    sections: pages.map((page) => page.sections),
    ...(fieldSections.some((n) => n > 0) ? { fieldSections } : {}),
    termKeys: keys,
    termFileOf: fileOf,
    termFiles: termFiles.length,
    contentFiles: content.files.length,
    pagesPerContentFile: content.pagesPerFile,
    totalBytes: [...termFiles, ...content.files].reduce((sum, contents) => sum + Buffer.byteLength(contents), 0),
    suggestions: suggestionsOf(pages),
    ...(options.synonyms?.length
      ? { synonyms: options.synonyms.map((group) => group.map((w) => w.toLowerCase())) }
      : {}),
  };
  const files: OutputFile[] = [
    { path: `${SEARCH_DIR}/${MANIFEST_FILE}`, contents: JSON.stringify(manifest) },
    ...termFiles.map((contents, n) => ({ path: `${SEARCH_DIR}/${termFileName(hash, n)}`, contents })),
    ...content.files.map((contents, n) => ({ path: `${SEARCH_DIR}/${contentFileName(hash, n)}`, contents })),
  ];
  return { files, manifest };
}

function toDocuments(pages: readonly SearchPage[], firstId: number): SearchDocument[] {
  const documents: SearchDocument[] = [];
  for (const page of pages) {
    for (const section of page.sections) {
      documents.push({
        id: firstId + documents.length,
        title: page.title,
        heading: section.heading,
        keywords: section.keywords,
        text: section.text,
      });
    }
  }
  return documents;
}

/** A page's count of API field sections, which must come after its other sections. */
function fieldSectionCount(page: SearchPage): number {
  const first = page.sections.findIndex((s) => s.field);
  if (first < 0) return 0;
  if (page.sections.slice(first).some((s) => !s.field))
    throw new Error(`search index: ${page.route}: field sections must come last`);
  return page.sections.length - first;
}

/** A few page titles offered as 'Try searching for' when a query finds nothing: guides first. */
function suggestionsOf(pages: readonly Pick<IndexedPage, 'route' | 'title' | 'type'>[]): string[] {
  const rank = { guide: 0, api: 1, example: 2, operation: 3 } as const;
  return [...pages]
    .filter((page) => page.route !== '/')
    .sort((a, b) => rank[a.type] - rank[b.type])
    .slice(0, 3)
    .map((page) => page.title);
}
