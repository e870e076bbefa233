/**
 * Worker thread that builds the search index of a large site while the main thread renders
 * pages: the index gets its own core. The pages arrive in parts (`SearchWorkerMessage`), in order,
 * and are indexed as they come; after the last part the worker answers with the index files.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { TOOK_PART } from '../shared/worker.js';
import { createSearchIndexBuilder } from './build-search-index.js';
import type { SearchPage } from './build-search-pages.js';

/** What the worker is sent: the next searchable pages in order; `done` on the last part. */
export interface SearchWorkerMessage {
  pages: SearchPage[];
  done: boolean;
}

const { synonyms } = workerData as { synonyms?: string[][] };
const builder = createSearchIndexBuilder();
parentPort!.on('message', ({ pages, done }: SearchWorkerMessage) => {
  builder.add(pages);
  parentPort!.postMessage(done ? builder.finish({ synonyms }).files : TOOK_PART);
});
