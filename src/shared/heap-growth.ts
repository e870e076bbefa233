import v8 from 'node:v8';

/** V8's flag for the factor by which the old generation may grow after a full collection: 1 + percent / 100. */
const FLAG = '--heap-growing-percent';

/**
 * Twice what survived the last full collection, as every docsgen worker gets from its 2,000 MB cap
 * (see WORKER_LIMITS in worker.ts). Without it, on a machine with over 16 GB of memory V8 lets the
 * main thread's old generation grow up to fourfold: while it writes the Markdown twins and pages of
 * a large site, ~80 MB live became a 370 MB heap (XL-style 2,000 pages, 563 MB peak RSS; with this
 * setting 375 MB for the same CPU, docs/performance.md). 1.5 lowered the peak little more (353 MB).
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * The V8 flag docsgen sets on its own process, or undefined when the user set the factor
 * themselves (on node's command line or in NODE_OPTIONS): theirs wins.
 */
export function heapGrowthFlag(execArgv: readonly string[], nodeOptions = ''): string | undefined {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].map((arg) => arg.replaceAll('_', '-'));
  if (given.some((arg) => arg === FLAG || arg.startsWith(`${FLAG}=`))) return undefined;
  return `${FLAG}=${HEAP_GROWING_PERCENT}`;
}

/**
 * Bounds how far the old generation of every thread of this process grows between full
 * collections. Unlike the heap's size limits, which V8 reads once when a thread's heap is made (so
 * the CLI cannot lower its own), this factor is read at each collection, so setting it at start-up
 * works; it is a process-wide flag, so it also reaches the workers.
 */
export function limitHeapGrowth(): void {
  const flag = heapGrowthFlag(process.execArgv, process.env.NODE_OPTIONS);
  if (flag) v8.setFlagsFromString(flag);
}
