import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * Every docsgen worker gets a young generation of 24 MB instead of V8's default 48. A large site
 * peaks while two parse workers (or the search worker) run beside the main thread: on the 1,000-page
 * benchmark this took the peak from 502–521 MB to 474–487 MB (the budget is 500 MB) for ~5% more
 * build time.
 *
 * And an old generation of at most 2,000 MB instead of V8's default (4 GB on a machine with over
 * 16 GB of memory). V8 lets the old generation grow to a multiple of what survived the last full
 * collection before it collects again, and that multiple is at most 4 when the limit is 2 GB or
 * more but at most ~2 below it: a parse worker whose live heap is ~40 MB grew to 120–140 MB
 * before each collection (each page's trees outlive the young generation and die in the old
 * one), ~1.2 MB a page. Capped, a worker stays at ~60–90 MB, for a few more full collections.
 * A much lower cap (64, 128, 192 MB) lowers that multiple to 1.3 and the workers collect without
 * end (see docs/performance.md).
 */
export const WORKER_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 24, maxOldGenerationSizeMb: 2000 };

/**
 * The URL of worker module `name` next to the calling module `here`: dist/{name}.js next to the
 * compiled dist/cli.js, or {name}.ts beside a TypeScript source (tests), which runs under the same
 * tsx loader as its parent. Undefined when neither applies: callers then do the work in-process.
 */
export function workerUrl(name: string, here: string): URL | undefined {
  if (here.endsWith('/dist/cli.js')) return new URL(`./${name}.js`, here);
  if (here.endsWith('.ts')) return new URL(`./${name}.ts`, here);
  return undefined;
}

/**
 * A worker from a TypeScript source (tests run docsgen from src/ under tsx): the loader hooks of
 * `--import tsx` do not reach worker threads, so the worker registers tsx before importing it.
 */
function typeScriptWorker(url: URL, data: unknown): Worker {
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: data, resourceLimits: WORKER_LIMITS });
}

/** A worker running module `url` with `data` (a TypeScript source through tsx), its heap capped (WORKER_LIMITS). */
export const startWorker = (url: URL, data: unknown): Worker =>
  url.pathname.endsWith('.ts')
    ? typeScriptWorker(url, data)
    : new Worker(url, { workerData: data, resourceLimits: WORKER_LIMITS });

/**
 * Starts a worker with `data` and posts it `parts` (made as they are sent) with at most `ahead` of
 * them waiting: the worker answers each part with its result, given to `onResult` as it comes, in
 * order (so the caller may fold the results instead of holding them all); resolves once every part
 * is answered, then ends the worker.
 */
export function feedWorker<T>(
  url: URL,
  data: unknown,
  parts: Iterable<unknown>,
  { onResult, ahead = 2 }: { onResult: (result: T) => void; ahead?: number },
): Promise<void> {
  const worker = startWorker(url, data);
  const next = parts[Symbol.iterator]();
  let sent = 0;
  let exhausted = false;
  const send = () => {
    const part = exhausted ? { done: true as const } : next.next();
    if (part.done) exhausted = true;
    else {
      sent += 1;
      worker.postMessage(part.value);
    }
  };
  for (let i = 0; i < ahead; i++) send();
  if (sent === 0) return worker.terminate().then(() => undefined);
  let answered = 0;
  return listen<T>(worker, url, (result) => {
    onResult(result);
    answered += 1;
    send();
    return exhausted && answered === sent;
  });
}

/** `feedWorker`, resolving with the results in order. */
export async function feedWorkerEach<T>(url: URL, data: unknown, parts: Iterable<unknown>, ahead = 2): Promise<T[]> {
  const results: T[] = [];
  await feedWorker<T>(url, data, parts, { onResult: (result) => results.push(result), ahead });
  return results;
}

/** Starts a worker with `data` and resolves with the one message it posts, then ends it. */
export function runWorker<T>(url: URL, data: unknown): Promise<T> {
  return streamWorker<T>(url, data, () => true).then((messages) => messages[0]);
}

/**
 * Starts a worker with `data` and collects the messages it posts until `last(message)` says one
 * was the last, then ends it. A worker that posts its results in parts holds only one part at a
 * time, not all of them (two Markdown workers holding 500 parsed pages each were most of a large
 * build's memory).
 */
export function streamWorker<T>(url: URL, data: unknown, last: (message: T) => boolean): Promise<T[]> {
  return collect(startWorker(url, data), url, last);
}

/** The messages `worker` posts until `last(message)` says one was the last; then the worker is ended. */
async function collect<T>(worker: Worker, url: URL, last: (message: T) => boolean): Promise<T[]> {
  const messages: T[] = [];
  await listen<T>(worker, url, (message) => {
    messages.push(message);
    return last(message);
  });
  return messages;
}

/** Hands each message `worker` posts to `take`, which says whether it was the last; then the worker is ended. */
function listen<T>(worker: Worker, url: URL, take: (message: T) => boolean): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    worker.on('message', (message: T) => {
      if (!take(message)) return;
      resolve();
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`worker ${url.pathname} exited with code ${code} before answering`)),
    );
  });
}
