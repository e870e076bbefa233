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

/** From this many searchable pages, `searchIndexFilesOffThread` builds the index on a worker thread. */
export const SEARCH_WORKER_THRESHOLD = 300;

export interface SearchIndexFilesOptions {
  /** Kept between builds (the build cache): the index is built again only when its input changed. */
  cache?: { search?: SearchIndexCache };
  /**
   * With a cache: a string that changes whenever the pages do (the build passes the render keys,
   * which hash every page), so that a cache hit costs nothing. Default: a hash of the searchable text.
   * A function, called only when there is a cache: without one the key is never needed.
   */
  inputKey?: () => string;
  /** Config `search.synonyms`, stored in the manifest (part of the cache key). */
  synonyms?: readonly (readonly string[])[];
}

const hashed = (text: string) => createHash('sha1').update(`${SEARCH_INDEX_VERSION}\0${text}`).digest('hex');

/** The cache key for `pages`, the cached files if they match, and the searchable pages if the key needed them. */
function lookUp(
  pages: readonly Page[],
  { cache, inputKey, synonyms }: SearchIndexFilesOptions,
): { key: string; hit?: OutputFile[]; searchPages?: SearchPage[] } {
  if (!cache) return { key: '' };
  const searchPages = inputKey === undefined ? buildSearchPages(pages) : undefined;
  const input = searchPages ? JSON.stringify(searchPages) : `given\0${inputKey!()}`;
  const key = hashed(`${JSON.stringify(synonyms ?? [])}\0${input}`);
  return { key, hit: cache.search?.key === key ? cache.search.files : undefined, searchPages };
}

function remember(cache: SearchIndexFilesOptions['cache'], key: string, files: OutputFile[]): OutputFile[] {
  if (cache) cache.search = { key, files };
  return files;
}

/**
 * The search index files of `pages`. The index is the slowest step of a large site after
 * parsing, so with a cache it is reused while the pages' searchable text is the same.
 */
export function searchIndexFiles(pages: readonly Page[], options: SearchIndexFilesOptions = {}): OutputFile[] {
  const { key, hit, searchPages = buildSearchPages(pages) } = lookUp(pages, options);
  return hit ?? remember(options.cache, key, buildSearchIndexFromPages(searchPages, options).files);
}

/** `searchIndexFiles`, but a large index is built on a worker thread: the build renders pages meanwhile. */
export async function searchIndexFilesOffThread(
  pages: readonly Page[],
  options: SearchIndexFilesOptions = {},
): Promise<OutputFile[]> {
  const { key, hit, searchPages = buildSearchPages(pages) } = lookUp(pages, options);
  if (hit) return hit;
  const url = searchPages.length >= SEARCH_WORKER_THRESHOLD ? workerUrl('search-worker', import.meta.url) : undefined;
  const files = url
    ? await runWorker<OutputFile[]>(url, { pages: searchPages, synonyms: options.synonyms })
    : buildSearchIndexFromPages(searchPages, options).files;
  return remember(options.cache, key, files);
}
