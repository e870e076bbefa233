import type { OutputFile, SpooledFile } from '../output/output-file.js';
import { memoryContents, spooledContents } from './content-store.js';
import { feedWorker, workerUrl } from '../shared/worker.js';
import {
  buildSearchIndexFromPages,
  createSearchIndexMerger,
  indexSearchPart,
  mergeSearchParts,
  type SearchIndexPart,
} from './build-search-index.js';
import type { Page } from '../model.js';
import { buildSearchPages, isSearchable, searchPageOf, type ExampleRoutes } from './build-search-pages.js';
import type { SearchWorkerMessage } from './search-worker.js';
import type { KeptTermFiles } from './term-files.js';

/** From this many searchable pages, `searchIndexFilesOffThread` builds the index on a worker thread. */
export const SEARCH_WORKER_THRESHOLD = 300;

/**
 * What the search index is built from: the site's searched pages (the searchable ones are taken
 * from them) and config `search.synonyms`. The build cache keys the index by this object
 * (`cachedEach`): the pages by their hashes, which the render keys computed already, so a cache
 * hit costs nothing.
 */
export interface SearchIndexInput {
  pages: readonly Page[];
  synonyms?: readonly (readonly string[])[];
  /** Config `search.exampleRoutes`: which pages are examples (`searchPageType`). */
  exampleRoutes?: ExampleRoutes;
}

/** The search index files of `pages`. */
export function searchIndexFiles({ pages, synonyms, exampleRoutes }: SearchIndexInput): OutputFile[] {
  return buildSearchIndexFromPages(buildSearchPages(pages, exampleRoutes), { synonyms }).files;
}

/** Searchable pages per part: the index is built, cached and merged part by part. */
export const SEARCH_PART_PAGES = 50;

/** One part of the index: a run of consecutive searchable pages. */
export interface SearchPartInput {
  pages: readonly Page[];
  exampleRoutes?: ExampleRoutes;
}

/**
 * The searchable pages of `pages` in parts, each with its id in the build cache: an edit of one
 * page indexes again only its part (adding or removing a page shifts the parts after it).
 */
export function searchPartInputs(pages: readonly Page[], exampleRoutes?: ExampleRoutes): [string, SearchPartInput][] {
  const searchable = pages.filter(isSearchable);
  const parts: [string, SearchPartInput][] = [];
  for (let start = 0; start < searchable.length; start += SEARCH_PART_PAGES) {
    const part = searchable.slice(start, start + SEARCH_PART_PAGES);
    parts.push([`part-${parts.length}`, { pages: part, exampleRoutes }]);
  }
  return parts;
}

/** The index of one part, in this thread. */
export const indexSearchPartHere = ({ pages, exampleRoutes }: SearchPartInput): SearchIndexPart =>
  indexSearchPart(pages.map((page) => searchPageOf(page, exampleRoutes)));

/**
 * Indexes each part and hands its index to `onPart`, in order: on a worker thread when they hold
 * many pages (the build renders pages meanwhile), which is sent a part's search data as it takes
 * the one before (a page's sections read its body, which may wait on disk), so the search data of
 * the whole site is never in memory.
 */
async function indexSearchPartsEach(
  inputs: readonly SearchPartInput[],
  onPart: (part: SearchIndexPart) => void,
): Promise<void> {
  const pages = inputs.reduce((sum, input) => sum + input.pages.length, 0);
  const url = pages >= SEARCH_WORKER_THRESHOLD ? workerUrl('search-worker', import.meta.url) : undefined;
  if (!url) return void inputs.forEach((input) => onPart(indexSearchPartHere(input)));
  const messages = function* (): Generator<SearchWorkerMessage> {
    for (const { pages, exampleRoutes } of inputs)
      yield { pages: pages.map((page) => searchPageOf(page, exampleRoutes)) };
  };
  await feedWorker<SearchIndexPart>(url, {}, messages(), { onResult: onPart });
}

/** The index of each part, in order (`indexSearchPartsEach`): what the build cache keeps per part. */
export async function indexSearchParts(inputs: SearchPartInput[]): Promise<SearchIndexPart[]> {
  const parts: SearchIndexPart[] = [];
  await indexSearchPartsEach(inputs, (part) => parts.push(part));
  return parts;
}

/**
 * The search index files of the parts' pages, in order, with config `search.synonyms`; with `kept`
 * (the build cache), only the term files the changed parts changed are made again (`mergeSearchParts`).
 */
export const searchIndexFromParts = (
  parts: readonly SearchIndexPart[],
  synonyms?: SearchIndexInput['synonyms'],
  kept?: KeptTermFiles,
) => mergeSearchParts(parts, { synonyms }, kept).files;

/**
 * `searchIndexFiles` from parts indexed as `indexSearchParts` does, each merged as it comes
 * (`createSearchIndexMerger`) instead of all held until the last: what `docsgen build` runs
 * without the build cache (which keeps every part). With `scratchDir` (a folder the caller removes
 * once the output is written), the pages' content entries and the content files are kept there
 * (`spooledContents`), not in memory: the content files are given as spooled files.
 */
export async function searchIndexFilesOffThread(
  input: SearchIndexInput,
  scratchDir: string | undefined,
): Promise<(OutputFile | SpooledFile)[]>;
export async function searchIndexFilesOffThread(input: SearchIndexInput): Promise<OutputFile[]>;
export async function searchIndexFilesOffThread(
  { pages, synonyms, exampleRoutes }: SearchIndexInput,
  scratchDir?: string,
): Promise<(OutputFile | SpooledFile)[]> {
  const merger = createSearchIndexMerger<OutputFile | SpooledFile>(
    scratchDir ? spooledContents(scratchDir) : memoryContents(),
  );
  const inputs = searchPartInputs(pages, exampleRoutes).map(([, input]) => input);
  await indexSearchPartsEach(inputs, merger.add);
  return merger.finish({ synonyms }).files;
}
