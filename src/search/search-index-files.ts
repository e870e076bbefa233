import type { OutputFile } from '../output/output-file.js';
import { feedWorker, workerUrl } from '../shared/worker.js';
import { buildSearchIndexFromPages } from './build-search-index.js';
import type { Page } from '../model.js';
import { buildSearchPages, isSearchable, searchPageOf } from './build-search-pages.js';
import type { SearchWorkerMessage } from './search-worker.js';

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

/** Pages per part sent to the search worker. */
const PART_SIZE = 50;

/** The worker's input in parts: the searchable pages' search data, made as each part is sent. */
function* searchParts(searchable: readonly Page[]): Generator<SearchWorkerMessage> {
  for (let start = 0; start < searchable.length; start += PART_SIZE) {
    yield {
      pages: searchable.slice(start, start + PART_SIZE).map(searchPageOf),
      done: start + PART_SIZE >= searchable.length,
    };
  }
}

/**
 * `searchIndexFiles`, but a large index is built on a worker thread: the build renders pages meanwhile.
 * The worker is sent the pages a few parts at a time, each made when sent (a page's sections read its
 * body, which may wait on disk): the search data of the whole site is never in memory at once.
 * (The build cache wraps this stage, `cachedEachAsync`: a hit starts no worker at all.)
 */
export async function searchIndexFilesOffThread({ pages, synonyms }: SearchIndexInput): Promise<OutputFile[]> {
  const searchable = pages.filter(isSearchable);
  const url = searchable.length >= SEARCH_WORKER_THRESHOLD ? workerUrl('search-worker', import.meta.url) : undefined;
  return url
    ? feedWorker<OutputFile[]>(url, { synonyms }, searchParts(searchable))
    : buildSearchIndexFromPages(searchable.map(searchPageOf), { synonyms }).files;
}
