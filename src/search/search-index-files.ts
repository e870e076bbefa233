import type { OutputFile } from '../output/output-file.js';
import { runWorker, workerUrl } from '../shared/worker.js';
import { buildSearchIndexFromPages } from './build-search-index.js';
import type { Page } from '../model.js';
import { buildSearchPages } from './build-search-pages.js';

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
}

/** The search index files of `pages`. */
export function searchIndexFiles({ pages, synonyms }: SearchIndexInput): OutputFile[] {
  return buildSearchIndexFromPages(buildSearchPages(pages), { synonyms }).files;
}

/** `searchIndexFiles`, but a large index is built on a worker thread: the build renders pages meanwhile. */
export async function searchIndexFilesOffThread({ pages, synonyms }: SearchIndexInput): Promise<OutputFile[]> {
  const searchPages = buildSearchPages(pages);
  const url = searchPages.length >= SEARCH_WORKER_THRESHOLD ? workerUrl('search-worker', import.meta.url) : undefined;
  return url
    ? await runWorker<OutputFile[]>(url, { pages: searchPages, synonyms })
    : buildSearchIndexFromPages(searchPages, { synonyms }).files;
}
