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
import { causeOf, type DiagnosticCause } from '../diagnostics/diagnostic.js';

export interface ParseWorkerInput {
  entries: DocEntry[];
  docRoutes: [string, string][];
  baseUrl: string;
  /** Config `markdown.math`: pages with a `$` are parsed with remark-math and KaTeX. */
  math: boolean;
}

export type ParseWorkerResult = ParsedPage | { error: DiagnosticCause; line?: number };

/** What the worker posts: the results of the next pages in order; `done` on the last part. */
export interface ParseWorkerMessage {
  results: ParseWorkerResult[];
  done: boolean;
}

/** Pages per message: the worker keeps only these in memory, not its whole share. */
const PART_SIZE = 20;

const { entries, docRoutes, baseUrl, math } = workerData as ParseWorkerInput;
const assets = createAssetResolver(baseUrl);
const options = {
  processor: createMarkdownProcessor({ trusted: true }),
  mathProcessor: math ? createMarkdownProcessor({ trusted: true, math: true }) : undefined,
  highlighter: createHighlighter(),
  docRoutes: new Map(docRoutes),
  baseUrl,
  assetUrl: assets.assetUrl,
};
const parse = (entry: DocEntry): ParseWorkerResult => {
  try {
    return parsePage(entry, options);
  } catch (error) {
    return { error: causeOf(error), line: (error as { line?: number }).line };
  }
};
for (let start = 0; start < entries.length || start === 0; start += PART_SIZE) {
  const part = entries.slice(start, start + PART_SIZE);
  const message: ParseWorkerMessage = { results: part.map(parse), done: start + PART_SIZE >= entries.length };
  parentPort!.postMessage(message);
}
