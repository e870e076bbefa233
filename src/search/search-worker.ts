/**
 * Worker thread that builds the search index of a large site while the main thread renders
 * pages: the index gets its own core. Input and output are plain data (SearchPage[] and synonyms → files).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildSearchIndexFromPages } from './build-search-index.js';
import type { SearchPage } from './build-search-pages.js';

const { pages, synonyms } = workerData as { pages: SearchPage[]; synonyms?: string[][] };
parentPort!.postMessage(buildSearchIndexFromPages(pages, { synonyms }).files);
