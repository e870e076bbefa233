/**
 * The files of the embedded search index, as the build writes them and the browser reads them.
 *
 * The index is one MiniSearch index over page sections, cut into pieces so that a search only
 * downloads what it needs:
 * - `search/index.json` (the manifest): the page list, each section's field lengths (what BM25
 *   needs for every document), and where the other pieces are;
 * - `search/terms-N.HASH.json`: the postings of the terms that start with some prefixes (a query
 *   loads the pieces of its words' prefixes);
 * - `search/content-N.HASH.json`: headings, anchors and text of a run of pages (loaded for the
 *   results shown, to print the matched heading and a snippet).
 * Postings are delta-encoded and term frequencies of 1 are left out, which keeps the JSON small
 * and friendly to gzip.
 */
import type { Options } from 'minisearch';
import { indexTerms, tokenize } from './search-terms.js';
import type { SearchPageType } from './build-search-pages.js';

export const SEARCH_INDEX_VERSION = 1;
export const SEARCH_DIR = 'search';
export const MANIFEST_FILE = 'index.json';

/** Indexed fields, in field-id order, and how much a match in each counts. */
export const SEARCH_FIELDS = ['title', 'heading', 'keywords', 'text'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
export const FIELD_BOOSTS: Record<SearchField, number> = { title: 3, heading: 2, keywords: 3, text: 1 };

/** One indexed section; `id` is its position in the whole index. */
export interface SearchDocument {
  id: number;
  title: string;
  heading: string;
  keywords: string;
  text: string;
}

/** MiniSearch options shared by the build and the browser (they must agree). */
export function miniSearchOptions(): Options<SearchDocument> {
  return {
    idField: 'id',
    fields: [...SEARCH_FIELDS],
    tokenize: (text) => tokenize(text).map((token) => token.text),
    processTerm: (term) => indexTerms(term),
    searchOptions: {
      // Queries are planned term by term (plan-query.ts): leaves are single, processed terms.
      tokenize: (text) => [text],
      processTerm: (term) => term,
      boost: FIELD_BOOSTS,
    },
  };
}

/** [route, title, type, badge ('' when none), number of sections] */
export type ManifestPage = [string, string, SearchPageType, string, number];

export interface SearchManifest {
  version: number;
  documentCount: number;
  averageFieldLength: number[];
  /** Unique-term count of each field of each section, section after section. */
  fieldLength: number[];
  pages: ManifestPage[];
  /** Term prefixes; a term's postings are in the file of the longest key that starts it. */
  termKeys: string[];
  /** For each key, its index in termFiles. */
  termFileOf: number[];
  termFiles: string[];
  /** Content files and the first page index of each. */
  contentFiles: string[];
  contentStarts: number[];
  /** Bytes of all term and content files: small indexes are loaded whole when search opens. */
  totalBytes: number;
  /** Queries offered when nothing matches. */
  suggestions: string[];
}

/** A field's postings: [fieldId, document-id deltas, term frequencies (left out when all are 1)]. */
export type PackedField = [number, number[]] | [number, number[], number[]];
/** [term, ...postings per field] */
export type PackedTerm = [string, ...PackedField[]];

export interface TermFile {
  terms: PackedTerm[];
}

/** [heading, anchor, text] of each section of each page of the run. */
export type ContentPage = [string, string, string][];

export interface ContentFile {
  first: number;
  pages: ContentPage[];
}
