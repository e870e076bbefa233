/**
 * Loops over every page of a site, cut into slices of time with the event loop running between
 * them. A build runs on the thread that serves `docsgen dev`: at 10,000 pages one pass of a
 * follow-up build over the pages (their cache keys, a scan of their text) takes 0.1–0.5 s, and a
 * save or a request that arrives meanwhile waited for all of it. Results and their order are a
 * plain loop's; a build without a server pays one `setImmediate` per slice.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long a slice runs before the event loop gets a turn. */
export const SLICE_MS = 20;

/** `items.map(fn)`, letting the event loop run every `sliceMs` of work. */
export async function mapInSlices<T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => R,
  sliceMs = SLICE_MS,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let sliceEnd = performance.now() + sliceMs;
  for (let index = 0; index < items.length; index++) {
    if (performance.now() > sliceEnd) {
      await nextTurn();
      sliceEnd = performance.now() + sliceMs;
    }
    results[index] = fn(items[index], index);
  }
  return results;
}

/** `items.some(test)`, letting the event loop run every `sliceMs` of work. */
export async function someInSlices<T>(
  items: readonly T[],
  test: (item: T) => boolean,
  sliceMs = SLICE_MS,
): Promise<boolean> {
  let sliceEnd = performance.now() + sliceMs;
  for (const item of items) {
    if (performance.now() > sliceEnd) {
      await nextTurn();
      sliceEnd = performance.now() + sliceMs;
    }
    if (test(item)) return true;
  }
  return false;
}
