import { createHash } from 'node:crypto';
import type { Page } from '../model.js';
import type { OutputFile } from '../output/output-file.js';
import { runWorker, workerUrl } from '../shared/worker.js';
import { buildSearchIndexFromPages } from './build-search-index.js';
import { buildSearchPages, type SearchPage } from './build-search-pages.js';
import { SEARCH_INDEX_VERSION } from './search-index-format.js';

/** The search index files and the hash of the searchable pages they were built from. */
export interface SearchIndexCache {
  key: string;
  files: OutputFile[];
}

/** From this many searchable pages, `parallel` builds the index on a worker thread. */
export const SEARCH_WORKER_THRESHOLD = 300;

export interface SearchIndexFilesOptions {
  /** Kept between builds (the build cache): the index is built again only when its input changed. */
  cache?: { search?: SearchIndexCache };
  /** Build a large index on a worker thread; the result is then a promise. */
  parallel?: boolean;
  /**
   * With a cache: a string that changes whenever the pages do (the build passes the render keys,
   * which hash every page), so that a cache hit costs nothing. Default: a hash of the searchable text.
   */
  inputKey?: string;
}

/**
 * The search index files of `pages`. The index is the slowest step of a large site after
 * parsing, so it is reused while the pages' searchable text is the same, and built on its own
 * core (`parallel`) while the main thread renders.
 */
export function searchIndexFiles(pages: readonly Page[], { cache, parallel = false, inputKey }: SearchIndexFilesOptions = {}): OutputFile[] | Promise<OutputFile[]> {
  const hashed = (text: string) => createHash('sha1').update(`${SEARCH_INDEX_VERSION}\0${text}`).digest('hex');
  const given = cache && inputKey !== undefined ? hashed(`given\0${inputKey}`) : undefined;
  if (given && cache?.search?.key === given) return cache.search.files;
  const searchPages = buildSearchPages(pages);
  const key = given ?? (cache ? hashed(JSON.stringify(searchPages)) : '');
  if (cache?.search && cache.search.key === key) return cache.search.files;
  const remember = (files: OutputFile[]) => {
    if (cache) cache.search = { key, files };
    return files;
  };
  const url = parallel && searchPages.length >= SEARCH_WORKER_THRESHOLD ? workerUrl('search-worker', import.meta.url) : undefined;
  return url ? runWorker<OutputFile[]>(url, searchPages satisfies SearchPage[]).then(remember) : remember(buildSearchIndexFromPages(searchPages).files);
}
