import MiniSearch from 'minisearch';
import type { Page } from '../model.js';
import type { OutputFile, SpooledFile } from '../output/output-file.js';
import { memoryContents, type ContentStore, type MadeContentFile } from './content-store.js';
import { buildSearchPages, type SearchPage, type SearchPageType } from './build-search-pages.js';
import { packTerms } from './pack-terms.js';
import { fileVersion, sha256, termFilesAgain, termFilesOf, type KeptTermFiles, type TermFiles } from './term-files.js';
import { compactTerms, createMergedPostings, type CompactTerms } from './term-postings.js';
import {
  MANIFEST_FILE,
  SEARCH_DIR,
  SEARCH_FIELDS,
  SEARCH_INDEX_VERSION,
  EAGER_LOAD_BYTES,
  contentFileName,
  miniSearchOptions,
  pageListName,
  termFileName,
  type ContentPage,
  type ListedPage,
  type SearchDocument,
  type SearchManifest,
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

/** The index's files (its content files spooled with a spooled ContentStore) and its manifest. */
export interface SearchIndex<F extends OutputFile | SpooledFile = OutputFile> {
  files: (OutputFile | F)[];
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
  return mergeSearchParts([indexSearchPart(pages)], options);
}

/** What the index keeps of a page once its sections are indexed: its content entry as JSON, and counts. */
export interface IndexedPage {
  /** The page's `ContentPage`, as JSON: content files are these joined, written as they are. */
  content: string;
  /** A hash of `content`: content files are versioned by their pages' hashes, without hashing the files. */
  contentHash: string;
  route: string;
  title: string;
  type: SearchPageType;
  /** HTTP method of an operation, '' when none. */
  badge: string;
  /** The label of the page's API, when the site documents several. */
  api?: string;
  sections: number;
  fieldSections: number;
}

/**
 * The index of a run of consecutive pages (a part), as plain data: what the build cache keeps per
 * part, so that an edit indexes again only the part of the page it changed. Document ids count from
 * the part's first section; `mergeSearchParts` shifts them into place.
 */
export interface SearchIndexPart {
  /** The part's postings, packed (terms sorted, ids ascending) as the term files hold them, in compact form. */
  terms: CompactTerms;
  /** Each section's field lengths, in SEARCH_FIELDS order. */
  fieldLength: number[];
  pages: IndexedPage[];
  documentCount: number;
}

/** Indexes one part of the pages with MiniSearch (its documents numbered from 0). */
export function indexSearchPart(pages: readonly SearchPage[]): SearchIndexPart {
  const index = new MiniSearch<SearchDocument>(miniSearchOptions());
  const documents = toDocuments(pages, 0);
  index.addAll(documents);
  const json = index.toJSON();
  return {
    terms: compactTerms(packTerms(json.index)),
    fieldLength: fieldLengths(json, documents.length),
    pages: pages.map(indexedPage),
    documentCount: documents.length,
  };
}

/**
 * The index built from pages given in parts, in order (the search worker receives a large site's
 * pages in batches): each part is indexed at once and merged (`createSearchIndexMerger`), so
 * neither side holds every page's sections as objects. `finish` gives the same files as
 * `buildSearchIndexFromPages` of all the parts in one list.
 */
export function createSearchIndexBuilder(): {
  add(pages: readonly SearchPage[]): void;
  finish(options?: SearchIndexOptions): SearchIndex;
} {
  const merger = createSearchIndexMerger();
  return { add: (pages) => merger.add(indexSearchPart(pages)), finish: merger.finish };
}

/**
 * Merges parts given in order as they come: each part's postings go into the compact merged
 * postings (`createMergedPostings`) at once, and of its pages only what the files need is kept, so
 * the parts of a large site are never all held (they were, as JS arrays, until the last was
 * indexed). `finish` gives the same files as `mergeSearchParts` of all the parts.
 */
export function createSearchIndexMerger<F extends OutputFile | SpooledFile = OutputFile>(
  contents: ContentStore<F> = memoryContents() as ContentStore<OutputFile> as ContentStore<F>,
  termFiles?: TermFiles,
): {
  add(part: SearchIndexPart): void;
  finish(options?: SearchIndexOptions): SearchIndex<F> & { termFiles: TermFiles };
} {
  // With the term files already made (`termFilesAgain`), the parts' postings are not merged.
  const merged = termFiles ? undefined : createMergedPostings();
  const fieldLength: number[] = [];
  const pages: KeptPage[] = [];
  let documentCount = 0;
  return {
    add(part) {
      merged?.add(part.terms, documentCount);
      documentCount += part.documentCount;
      for (const length of part.fieldLength) fieldLength.push(length);
      // The content entry goes to the store: the largest part of a page's index data.
      for (const { content, ...page } of part.pages) {
        contents.add(content);
        pages.push(page);
      }
    },
    finish(options = {}) {
      const made = termFiles ?? mergedTermFiles(merged!, options.termFileBytes ?? DEFAULT_TERM_FILE_BYTES);
      const index = indexFiles({
        termFiles: made,
        fieldLength,
        averageFieldLength: averageFieldLengths(fieldLength),
        pages,
        contents,
        documentCount,
        options,
      });
      return { ...index, termFiles: made };
    },
  };
}

/** What the merger keeps of an indexed page: all but its content entry (kept by a ContentStore). */
type KeptPage = Omit<IndexedPage, 'content'>;

/**
 * The term files of the merged postings, as one index of every page gives them: each term turned
 * into JSON on its own and the terms split into files of about `target` bytes by their JSON sizes
 * (`splitTermKeys`' rule), so the merged postings are never all in memory as arrays.
 */
function mergedTermFiles(merged: ReturnType<typeof createMergedPostings>, target: number): TermFiles {
  const terms: string[] = [];
  const json: string[] = [];
  for (const packed of merged.packedTerms()) {
    terms.push(packed[0]);
    json.push(JSON.stringify(packed));
  }
  // The parts are the caller's to record (`mergeSearchParts`): a merger of a large site holds none.
  return termFilesOf(terms, json, target, []);
}

/**
 * Each field's average length over every section, computed as MiniSearch does while adding them
 * one by one (a running mean), so the figures are the very floats one index of every page gives.
 */
function averageFieldLengths(fieldLength: readonly number[]): number[] {
  const averages: number[] = [];
  const fields = SEARCH_FIELDS.length;
  for (let document = 0; document * fields < fieldLength.length; document++) {
    for (let f = 0; f < fields; f++)
      averages[f] = ((averages[f] || 0) * document + fieldLength[document * fields + f]) / (document + 1);
  }
  return averages;
}

/**
 * The index of every part's pages, in order: the same files as one index of all of them. With
 * `kept` (the build cache), the term files of the last merge are made again only where the parts
 * that changed since changed them (`termFilesAgain`), and this merge's are kept in their place.
 */
export function mergeSearchParts(
  parts: readonly SearchIndexPart[],
  options: SearchIndexOptions = {},
  kept?: KeptTermFiles,
): SearchIndex {
  const target = options.termFileBytes ?? DEFAULT_TERM_FILE_BYTES;
  const merger = createSearchIndexMerger(memoryContents(), kept?.last && termFilesAgain(kept.last, parts, target));
  for (const part of parts) merger.add(part);
  const { termFiles, ...index } = merger.finish(options);
  if (kept) kept.last = { ...termFiles, parts };
  return index;
}

function indexedPage(page: SearchPage): IndexedPage {
  const sections = page.sections.map((s): [string, string, string] => [s.heading, s.anchor, s.text]);
  const content: ContentPage = page.api
    ? [page.route, page.title, page.type, page.badge ?? '', sections, page.api]
    : [page.route, page.title, page.type, page.badge ?? '', sections];
  const json = JSON.stringify(content);
  return {
    content: json,
    contentHash: sha256(json),
    route: page.route,
    title: page.title,
    type: page.type,
    badge: page.badge ?? '',
    ...(page.api ? { api: page.api } : {}),
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

/**
 * The version of each content file, made of its first page's number and its pages' content hashes:
 * the same version exactly when the file's bytes are the same, without hashing every file at every build.
 */
function contentVersions(pages: readonly Pick<IndexedPage, 'contentHash'>[], pagesPerFile: number): string[] {
  const versions: string[] = [];
  for (let first = 0; first < pages.length; first += pagesPerFile) {
    const run = pages.slice(first, first + pagesPerFile);
    versions.push(fileVersion(`${first}\0${run.map((page) => page.contentHash).join('\0')}`));
  }
  return versions;
}

/**
 * The content files: consecutive pages' entries, about `target` bytes each (pages per file from the
 * average page), each made by `contents` as its text is ready (so that a spooled store holds one at a time).
 */
function contentFilesOf<F extends OutputFile | SpooledFile>(
  contents: ContentStore<F>,
  target: number,
): { files: MadeContentFile<F>[]; pagesPerFile: number; texts: Iterable<string> } {
  const count = contents.count;
  const pagesPerFile = count === 0 ? 1 : Math.max(1, Math.round(target / (contents.chars / count)));
  const files: MadeContentFile<F>[] = [];
  function* texts() {
    for (let first = 0; first < count; first += pagesPerFile) {
      // The JSON of `{ first, pages }` (a ContentFile), from the pages' own JSON.
      const text = `{"first":${first},"pages":[${contents.join(first, Math.min(count, first + pagesPerFile))}]}`;
      files.push(contents.file(text, files.length));
      yield text;
    }
    contents.close();
  }
  return { files, pagesPerFile, texts: texts() };
}

/** What the files of an index are made from: the term files, the field lengths, the pages and their content entries. */
interface IndexData<F extends OutputFile | SpooledFile> {
  termFiles: TermFiles;
  fieldLength: number[];
  averageFieldLength: number[];
  pages: readonly KeptPage[];
  contents: ContentStore<F>;
  documentCount: number;
  options: SearchIndexOptions;
}

function indexFiles<F extends OutputFile | SpooledFile>({
  termFiles: terms,
  fieldLength,
  averageFieldLength,
  pages,
  contents,
  documentCount,
  options,
}: IndexData<F>): SearchIndex<F> {
  const { keys, fileOf } = terms;
  const termFiles = terms.files.map((file) => file.text);
  const termBytes = termFiles.reduce((sum, text) => sum + text.length, 0);
  const small = contents.chars + termBytes <= EAGER_LOAD_BYTES;
  const content = contentFilesOf(
    contents,
    options.contentFileBytes ?? (small ? SMALL_SITE_CONTENT_FILE_BYTES : LARGE_SITE_CONTENT_FILE_BYTES),
  );
  // The texts are made (and with a spooled store written out) one by one; the versions need none of them.
  for (const _text of content.texts);
  const termFileVersions = terms.files.map((file) => file.version);
  const contentFileVersions = contentVersions(pages, content.pagesPerFile);
  const fieldSections = pages.map((page) => page.fieldSections);
  const pageList = small ? undefined : pageListOf(pages);
  const pageListVersion = pageList === undefined ? undefined : fileVersion(pageList);
  const manifest: SearchManifest = {
    version: SEARCH_INDEX_VERSION,
    documentCount,
    averageFieldLength: averageFieldLength.map((n) => Math.round(n * 1000) / 1000),
    fieldLength,
    sections: pages.map((page) => page.sections),
    ...(fieldSections.some((n) => n > 0) ? { fieldSections } : {}),
    termKeys: keys,
    termFileOf: fileOf,
    termFiles: termFiles.length,
    termFileVersions,
    contentFiles: content.files.length,
    contentFileVersions,
    pagesPerContentFile: content.pagesPerFile,
    ...(pageListVersion ? { pageListVersion } : {}),
    totalBytes:
      termFiles.reduce((sum, text) => sum + Buffer.byteLength(text), 0) +
      content.files.reduce((sum, file) => sum + file.bytes, 0),
    suggestions: suggestionsOf(pages),
    ...(options.synonyms?.length
      ? { synonyms: options.synonyms.map((group) => group.map((w) => w.toLowerCase())) }
      : {}),
  };
  // Keyed by their versions: the writer takes a file the last build left under the same name again
  // without encoding and hashing its bytes.
  const files: (OutputFile | F)[] = [
    { path: `${SEARCH_DIR}/${MANIFEST_FILE}`, contents: JSON.stringify(manifest) },
    ...termFiles.map((text, n) => ({
      path: `${SEARCH_DIR}/${termFileName(manifest, n)}`,
      contents: text,
      key: termFileVersions[n],
    })),
    ...content.files.map((file, n) => ({
      ...file.as(`${SEARCH_DIR}/${contentFileName(manifest, n)}`),
      key: contentFileVersions[n],
    })),
    ...(pageList === undefined
      ? []
      : [{ path: `${SEARCH_DIR}/${pageListName(manifest)}`, contents: pageList, key: pageListVersion }]),
  ];
  return { files, manifest };
}

/**
 * The page list's JSON (a `PageListFile`): what a result row shows of each page before its content
 * file arrives. Written for an index too large to load whole; versioned by its bytes, so it keeps
 * its name while no page is added, removed, moved or retitled.
 */
function pageListOf(pages: readonly KeptPage[]): string {
  const listed = pages.map(({ route, title, type, badge, api }): ListedPage =>
    api ? [route, title, type, badge, api] : [route, title, type, badge],
  );
  return JSON.stringify({ pages: listed });
}

export function toDocuments(pages: readonly SearchPage[], firstId: number): SearchDocument[] {
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
