/**
 * Worker thread that indexes a large site's search pages while the main thread renders pages: the
 * index gets its own core. The pages arrive in parts (`SearchWorkerMessage`), in order; the worker
 * answers each with its index (`SearchIndexPart`), which the build caches and merges.
 */
import { parentPort } from 'node:worker_threads';
import { indexSearchPart } from './build-search-index.js';
import type { SearchPage } from './build-search-pages.js';

/** What the worker is sent: the searchable pages of one part. */
export interface SearchWorkerMessage {
  pages: SearchPage[];
}

parentPort!.on('message', ({ pages }: SearchWorkerMessage) => {
  parentPort!.postMessage(indexSearchPart(pages));
});
