/**
 * Worker thread that builds a share of a large API's operation pages and their Markdown twins
 * (see build-api-pages-parallel.ts). It works out the same plan as the main thread from the
 * same description, so its pages are the ones the main thread would have built.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createHighlighter } from '../content/highlighter.js';
import { operationMarkdown } from '../output/markdown/operation-markdown.js';
import { buildOperationPages, planApiPages, type OperationPageResult } from './build-api-pages.js';
import type { ApiPagesWorkerInput, ApiPagesWorkerMessage } from './build-api-pages-parallel.js';

/** Pages per message: the worker holds only these, not its whole share. */
const PART_SIZE = 25;

const { spec, options, start, end } = workerData as ApiPagesWorkerInput;
const full = { ...options, highlighter: createHighlighter() };
const plan = planApiPages(spec, full);
const withTwin = ({ page, diagnostics }: OperationPageResult): OperationPageResult =>
  page.body.type === 'api-operation'
    ? { page: { ...page, body: { ...page.body, markdown: operationMarkdown(page.body.operation) } }, diagnostics }
    : { page, diagnostics };
for (let from = start; from < end || from === start; from += PART_SIZE) {
  const to = Math.min(end, from + PART_SIZE);
  const message: ApiPagesWorkerMessage = {
    results: buildOperationPages(spec, plan, full, { start: from, end: to }).map(withTwin),
    done: to >= end,
  };
  parentPort!.postMessage(message);
}
