import { availableParallelism, freemem } from 'node:os';
import type { ApiSpec } from './api-spec.js';
import {
  buildApiPages,
  buildOperationPages,
  finishApiPages,
  planApiPages,
  type ApiPages,
  type BuildApiPagesOptions,
  type OperationPageResult,
} from './build-api-pages.js';
import { streamWorker, workerUrl } from '../shared/worker.js';

/**
 * Below this many operations the pages are built on the main thread alone: a worker starts with
 * cold code (loading the CLI, then JIT), which costs more than it saves on a small API (the real
 * site's 52 operations were slower on a worker, see docs/performance.md).
 */
export const PARALLEL_OPERATIONS = 200;
/** Memory one worker may take (its copy of the description, its heap); fewer workers when it is not free. */
const WORKER_MEMORY = 256 * 1024 * 1024;

export interface ApiPagesWorkerInput {
  spec: ApiSpec;
  options: Omit<BuildApiPagesOptions, 'highlighter'>;
  /** The worker's share: operations `start` to `end` (exclusive). */
  start: number;
  end: number;
}

export interface ApiPagesWorkerMessage {
  results: OperationPageResult[];
  done: boolean;
}

/** How many workers to use beside the main thread: one per spare core, as memory allows, none for a small API. */
export function apiPageWorkers(operations: number, cores = availableParallelism(), free = freemem()): number {
  if (operations < PARALLEL_OPERATIONS) return 0;
  return Math.max(0, Math.min(cores - 1, Math.floor(free / WORKER_MEMORY)));
}

/** `count` operations in `parts` consecutive shares as even as they divide: the first share is the main thread's. */
export function operationShares(count: number, parts: number): { start: number; end: number }[] {
  return Array.from({ length: parts }, (_, i) => ({
    start: Math.floor((count * i) / parts),
    end: Math.floor((count * (i + 1)) / parts),
  }));
}

/**
 * The API reference as `buildApiPages` builds it, with the operation pages of a large API shared
 * between the main thread and worker threads (the views and Markdown twins of the operations are
 * most of its time, and independent of each other). Each worker posts its pages in order; the
 * pages and problems are put together in operation order, so the output is the same whatever
 * the number of workers. `workers` overrides the number chosen from the cores and free memory.
 */
export async function buildApiPagesParallel(
  spec: ApiSpec,
  options: BuildApiPagesOptions,
  workers = apiPageWorkers(spec.operations.length),
): Promise<ApiPages> {
  const url = workerUrl('api-pages-worker', import.meta.url);
  if (!url || workers < 1 || spec.operations.length === 0) return buildApiPages(spec, options);
  const [own, ...shares] = operationShares(spec.operations.length, workers + 1);
  const { highlighter: _highlighter, ...plain } = options;
  const fromWorkers = shares.map(async ({ start, end }) => {
    const input: ApiPagesWorkerInput = { spec, options: plain, start, end };
    const parts = await streamWorker<ApiPagesWorkerMessage>(url, input, (message) => message.done);
    return parts.flatMap((part) => part.results);
  });
  const plan = planApiPages(spec, options);
  const here = buildOperationPages(spec, plan, options, own);
  const rest = await Promise.all(fromWorkers);
  return finishApiPages(spec, plan, options, [...here, ...rest.flat()]);
}
