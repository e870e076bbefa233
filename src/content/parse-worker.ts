/**
 * Worker thread that parses a share of the Markdown pages. Each worker keeps its own processor
 * and highlighter; pages and diagnostics come back as plain data, in the order they were sent.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createHighlighter } from './highlighter.js';
import { createMarkdownProcessor } from './markdown-processor.js';
import { createAssetResolver } from './create-asset-resolver.js';
import { parsePage, withoutRouteReads, type ParsedPage } from './parse-page.js';
import { spillBody } from './spilled-body.js';
import { guideMarkdown } from './guide-markdown.js';
import type { DocEntry } from './assign-doc-routes.js';
import { causeOf, type DiagnosticCause } from '../diagnostics/diagnostic.js';

export interface ParseWorkerInput {
  entries: DocEntry[];
  docRoutes: [string, string][];
  baseUrl: string;
  /** Config `markdown.math`: pages with a `$` are parsed with remark-math and KaTeX. */
  math: boolean;
  /** Where to write each page's body HTML instead of posting it (see spilled-body.ts); none: posted. */
  scratchDir?: string;
  /** Index of the first entry in the whole site: names the scratch files. */
  offset: number;
  /** Post the route queries each parse made (`ParsedPage.routeReads`): only the build cache needs them. */
  keepReads: boolean;
}

/** A parsed page; with `bodyFile`, its body HTML is in that file, not in the page, and its Markdown twin in `twinFile`. */
export type ParseWorkerResult =
  (ParsedPage & { bodyFile?: string; twinFile?: string }) | { error: DiagnosticCause; line?: number };

/** What the worker posts: the results of the next pages in order; `done` on the last part. */
export interface ParseWorkerMessage {
  results: ParseWorkerResult[];
  done: boolean;
}

/** Pages per message: the worker keeps only these in memory, not its whole share. */
const PART_SIZE = 20;

const { entries, docRoutes, baseUrl, math, scratchDir, offset, keepReads } = workerData as ParseWorkerInput;
const assets = createAssetResolver(baseUrl);
const options = {
  processor: createMarkdownProcessor({ trusted: true }),
  mathProcessor: math ? createMarkdownProcessor({ trusted: true, math: true }) : undefined,
  highlighter: createHighlighter(),
  docRoutes: new Map(docRoutes),
  baseUrl,
  assetUrl: assets.assetUrl,
};
const parse = (entry: DocEntry, index: number): ParseWorkerResult => {
  try {
    const page = parsePage(entry, options);
    const parsed = keepReads ? page : withoutRouteReads(page);
    // A spilled page's twin is made here, where its body and text are at hand (see spilled-body.ts).
    return scratchDir ? { ...parsed, ...spillBody(parsed.page, scratchDir, offset + index, guideMarkdown) } : parsed;
  } catch (error) {
    return { error: causeOf(error), line: (error as { line?: number }).line };
  }
};
for (let start = 0; start < entries.length || start === 0; start += PART_SIZE) {
  const part = entries.slice(start, start + PART_SIZE);
  const message: ParseWorkerMessage = {
    results: part.map((entry, i) => parse(entry, start + i)),
    done: start + PART_SIZE >= entries.length,
  };
  parentPort!.postMessage(message);
}
