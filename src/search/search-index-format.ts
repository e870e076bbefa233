/**
 * The files of the embedded search index, as the build writes them and the browser reads them.
 *
 * The index is one MiniSearch index over page sections, cut into pieces so that a search only
 * downloads what it needs:
 * - `search/index.json` (the manifest): how many sections each page has and each section's field
 *   lengths (what BM25 needs for every document), and which term file holds which prefixes;
 * - `search/terms-N.VERSION.json`: the postings of the terms under some prefixes (a query loads the
 *   files of its words' prefixes);
 * - `search/content-N.VERSION.json`: route, title, type, and each section's heading, anchor and
 *   text, of a run of pages (loaded for the results shown, to print them with a snippet);
 * - `search/pages.VERSION.json` (the page list), on an index too large to load whole: every page's
 *   route, title, type, badge and API label, loaded with the manifest when search gets ready, so
 *   that a result list shows its pages at once and their snippets as their content files arrive.
 * VERSION is a hash of what the file holds (build-search-index's `fileVersion`), listed in the manifest: a file whose
 * contents change gets a new name, so a browser never mixes a cached piece with a newer manifest,
 * and a file whose contents do not change keeps its name, so a rebuild after a one-page edit
 * leaves most of them as they were (the writer links them instead of writing them again). Postings
 * are delta-encoded and term frequencies of 1 left out: compact JSON that gzip shrinks well.
 */
import type { Options } from 'minisearch';
import { createIndexTermCache, tokenize } from './search-terms.js';
import type { SearchPageType } from './build-search-pages.js';

/**
 * 2: the term and content files are named by their own versions (`termFileVersions`, `contentFileVersions`).
 * 3: an index too large to load whole has a page list (`pageListVersion`).
 */
export const SEARCH_INDEX_VERSION = 3;
export const SEARCH_DIR = 'search';
export const MANIFEST_FILE = 'index.json';
/** Indexes whose term and content files add up to less than this load whole when search opens. */
export const EAGER_LOAD_BYTES = 768 * 1024;

/** Indexed fields, in field-id order, and how much a match in each counts. */
export const SEARCH_FIELDS = ['title', 'heading', 'keywords', 'text'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
export const FIELD_BOOSTS: Record<SearchField, number> = { title: 3, heading: 3, keywords: 3, text: 1 };
/**
 * Weight of an API field's section (a parameter or property: `fieldSections`) against a page's own
 * sections. They are short, so BM25 would rank them above the sections that explain a word: a
 * property named 'epoch' would outrank the guide's 'Epochs'. They still lead when nothing else matches.
 */
export const API_FIELD_SECTION_BOOST = 0.3;

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
  const indexTerms = createIndexTermCache();
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

export interface SearchManifest {
  version: number;
  documentCount: number;
  averageFieldLength: number[];
  /** Unique-term count of each field of each section, section after section. */
  fieldLength: number[];
  /** Number of sections of each page, in page order (sections are numbered page after page). */
  sections: number[];
  /** How many of each page's sections are API fields (its last ones); left out when no page has any. */
  fieldSections?: number[];
  /** Term prefixes; a term's postings are in the file of the longest key that starts it. */
  termKeys: string[];
  /** For each key, the number of its term file. */
  termFileOf: number[];
  termFiles: number;
  /** The version in term file n's name (`termFileName`): a hash of what it holds. */
  termFileVersions: string[];
  /** Content file n holds pages n × pagesPerContentFile onwards. */
  contentFiles: number;
  /** The version in content file n's name (`contentFileName`): a hash of what it holds. */
  contentFileVersions: string[];
  pagesPerContentFile: number;
  /**
   * The version in the page list's name (`pageListName`), when the index has one: only an index
   * too large to load whole (a small one's content files are all loaded when search opens).
   */
  pageListVersion?: string;
  /** Bytes of all term and content files: small indexes are loaded whole when search opens. */
  totalBytes: number;
  /** Queries offered when nothing matches. */
  suggestions: string[];
  /** Groups of words that mean the same (config `search.synonyms`), applied at query time. */
  synonyms?: string[][];
}

export const termFileName = (m: Pick<SearchManifest, 'termFileVersions'>, n: number) =>
  `terms-${n}.${m.termFileVersions[n]}.json`;
export const contentFileName = (m: Pick<SearchManifest, 'contentFileVersions'>, n: number) =>
  `content-${n}.${m.contentFileVersions[n]}.json`;
export const pageListName = (m: Pick<SearchManifest, 'pageListVersion'>) => `pages.${m.pageListVersion}.json`;

/** A field's postings: [fieldId, document-id deltas, term frequencies (left out when all are 1)]. */
export type PackedField = [number, number[]] | [number, number[], number[]];
/** [term, ...postings per field] */
export type PackedTerm = [string, ...PackedField[]];

export interface TermFile {
  terms: PackedTerm[];
}

/**
 * A page in a content file: [route, title, type, badge ('' when none), [heading, anchor, text][]],
 * then the label of its API when the site documents several (left out otherwise).
 */
export type ContentPage =
  | [string, string, SearchPageType, string, [string, string, string][]]
  | [string, string, SearchPageType, string, [string, string, string][], string];

export interface ContentFile {
  /** Index of the first page. */
  first: number;
  pages: ContentPage[];
}

/**
 * A page in the page list: what a result row shows before the page's content file arrives, as the
 * first elements of its `ContentPage` ([route, title, type, badge ('' when none)], then its API's
 * label when the site documents several).
 */
export type ListedPage = [string, string, SearchPageType, string] | [string, string, SearchPageType, string, string];

export interface PageListFile {
  /** Every page, in page order. */
  pages: ListedPage[];
}
