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
  miniSearchOptions,
  type ContentFile,
  type SearchDocument,
  type SearchManifest,
  type TermFile,
} from './search-index-format.js';

export interface SearchIndexOptions {
  /** Target size of one term file, in bytes of JSON. */
  termFileBytes?: number;
  /** Target size of one content file, in bytes of JSON. */
  contentFileBytes?: number;
}

export interface SearchIndex {
  files: OutputFile[];
  manifest: SearchManifest;
}

const DEFAULT_TERM_FILE_BYTES = 96 * 1024;
const DEFAULT_CONTENT_FILE_BYTES = 48 * 1024;

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
  const termFiles = groups.map((terms, n) => hashedFile(`terms-${n}`, { terms } satisfies TermFile));
  const contentFiles = contentChunks(pages, options.contentFileBytes ?? DEFAULT_CONTENT_FILE_BYTES).map(({ first, content }, n) => ({
    first,
    file: hashedFile(`content-${n}`, { first, pages: content } satisfies ContentFile),
  }));

  const manifest: SearchManifest = {
    version: SEARCH_INDEX_VERSION,
    documentCount: documents.length,
    averageFieldLength: json.averageFieldLength.map((n) => Math.round(n * 1000) / 1000),
    fieldLength,
    pages: pages.map((page) => [page.route, page.title, page.type, page.badge ?? '', page.sections.length]),
    termKeys: keys,
    termFileOf: fileOf,
    termFiles: termFiles.map((f) => f.name),
    contentFiles: contentFiles.map((c) => c.file.name),
    contentStarts: contentFiles.map((c) => c.first),
    totalBytes: [...termFiles, ...contentFiles.map((c) => c.file)].reduce((sum, f) => sum + Buffer.byteLength(f.contents), 0),
    suggestions: suggestionsOf(pages),
  };
  const files: OutputFile[] = [
    { path: `${SEARCH_DIR}/${MANIFEST_FILE}`, contents: JSON.stringify(manifest) },
    ...termFiles.map((f) => ({ path: `${SEARCH_DIR}/${f.name}`, contents: f.contents })),
    ...contentFiles.map((c) => ({ path: `${SEARCH_DIR}/${c.file.name}`, contents: c.file.contents })),
  ];
  return { files, manifest };
}

function toDocuments(pages: readonly SearchPage[]): SearchDocument[] {
  const documents: SearchDocument[] = [];
  for (const page of pages) {
    for (const section of page.sections) {
      documents.push({ id: documents.length, title: page.title, heading: section.heading, keywords: section.keywords, text: section.text });
    }
  }
  return documents;
}

function hashedFile(stem: string, value: unknown): { name: string; contents: string } {
  const contents = JSON.stringify(value);
  const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
  return { name: `${stem}.${hash}.json`, contents };
}

/** Consecutive runs of pages whose content fits in about `target` bytes. */
function contentChunks(pages: readonly SearchPage[], target: number): { first: number; content: ContentFile['pages'] }[] {
  const chunks: { first: number; content: ContentFile['pages']; bytes: number }[] = [];
  pages.forEach((page, index) => {
    const content = page.sections.map((s): [string, string, string] => [s.heading, s.anchor, s.text]);
    const bytes = JSON.stringify(content).length;
    const last = chunks[chunks.length - 1];
    if (last && last.bytes + bytes <= target) {
      last.content.push(content);
      last.bytes += bytes;
    } else chunks.push({ first: index, content: [content], bytes });
  });
  return chunks;
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
