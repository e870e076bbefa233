/**
 * Worker thread that parses a share of the Markdown pages. Each worker keeps its own processor
 * and highlighter; pages and diagnostics come back as plain data, in the order they were sent.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createHighlighter } from './highlighter.js';
import { createMarkdownProcessor } from './markdown-processor.js';
import { createAssetResolver } from './create-asset-resolver.js';
import { parsePage, type ParsedPage } from './parse-page.js';
import type { DocEntry } from './assign-doc-routes.js';

export interface ParseWorkerInput {
  entries: DocEntry[];
  docRoutes: [string, string][];
  baseUrl: string;
}

const { entries, docRoutes, baseUrl } = workerData as ParseWorkerInput;
const assets = createAssetResolver(baseUrl);
const options = { processor: createMarkdownProcessor({ trusted: true }), highlighter: createHighlighter(), docRoutes: new Map(docRoutes), baseUrl, assetUrl: assets.assetUrl };
const results: (ParsedPage | { error: string; line?: number })[] = entries.map((entry) => {
  try {
    return parsePage(entry, options);
  } catch (error) {
    return { error: (error as Error).message, line: (error as { line?: number }).line };
  }
});
parentPort!.postMessage(results);
