import type { MessagePort, Worker } from 'node:worker_threads';
import { startWorker } from './worker.js';
import { causeOf, type DiagnosticCause } from '../diagnostics/diagnostic.js';

/** What a pool posts to one of its workers: jobs to answer in order under `id`. */
export interface PoolRequest<J> {
  id: number;
  jobs: J[];
}

/** A worker's answer to a `PoolRequest`: one result per job, in order, or the exception the job threw. */
export interface PoolAnswer<R> {
  id: number;
  results: ({ value: R } | { error: DiagnosticCause })[];
}

/** Jobs handed to worker threads that all start with the same data; each job's result comes back as a promise. */
export interface WorkerPool<J, R> {
  run(job: J): Promise<R>;
  /** Ends the workers once the jobs already run are answered; a job run after that is rejected. */
  close(): Promise<void>;
  readonly closed: boolean;
}

interface Pending<J, R> {
  job: J;
  resolve(value: R): void;
  reject(error: Error): void;
}

interface Member<J, R> {
  worker: Worker;
  /** Jobs posted to this worker and not answered yet, by request id. */
  posted: Map<number, Pending<J, R>[]>;
  jobs: number;
}

/** An exception a worker caught, rethrown here with the worker's message and stack. */
function rethrown(cause: DiagnosticCause): Error {
  const error = new Error(cause.message);
  if (cause.stack) error.stack = cause.stack;
  return error;
}

/** Posts `jobs` as request `id` to the member with the fewest jobs in hand (which keeps the process alive until it answers). */
function postBatch<J, R>(members: readonly Member<J, R>[], id: number, jobs: Pending<J, R>[]): void {
  const member = members.reduce((a, b) => (b.jobs < a.jobs ? b : a));
  member.posted.set(id, jobs);
  member.jobs += jobs.length;
  member.worker.ref();
  member.worker.postMessage({ id, jobs: jobs.map((job) => job.job) } satisfies PoolRequest<J>);
}

/**
 * Starts `size` workers of module `url`, each given `data` once (what every job shares), and
 * hands them jobs in batches of up to `batch`: the jobs asked for in one turn of the event loop go
 * out together, each to the worker with the fewest jobs in hand. A worker keeps the process alive
 * only while it has jobs. `url`'s module answers each `PoolRequest` with a `PoolAnswer` (see
 * `servePool`); `transfer` lists a job's buffers to move instead of copy.
 */
export function startWorkerPool<J, R>(
  url: URL,
  data: unknown,
  { size, batch = 8 }: { size: number; batch?: number },
): WorkerPool<J, R> {
  const members: Member<J, R>[] = Array.from({ length: Math.max(1, size) }, () => ({
    worker: startWorker(url, data),
    posted: new Map(),
    jobs: 0,
  }));
  let queue: Pending<J, R>[] = [];
  let flushing = false;
  let nextId = 0;
  let failure: Error | undefined;
  let closed = false;
  let outstanding = 0;
  let whenIdle: (() => void) | undefined;
  const answered = (count: number) => {
    outstanding -= count;
    if (outstanding === 0) whenIdle?.();
  };
  const settle = (member: Member<J, R>, answer: PoolAnswer<R>) => {
    const jobs = member.posted.get(answer.id) ?? [];
    member.posted.delete(answer.id);
    member.jobs -= jobs.length;
    if (member.jobs === 0) member.worker.unref();
    answer.results.forEach((result, i) =>
      'value' in result ? jobs[i].resolve(result.value) : jobs[i].reject(rethrown(result.error)),
    );
    answered(jobs.length);
  };
  const fail = (error: Error) => {
    failure ??= error;
    for (const member of members) {
      for (const jobs of member.posted.values()) for (const job of jobs) job.reject(error);
      member.posted.clear();
    }
    for (const job of queue) job.reject(error);
    queue = [];
    answered(outstanding);
  };
  for (const member of members) {
    member.worker.unref();
    member.worker.on('message', (answer: PoolAnswer<R>) => settle(member, answer));
    member.worker.once('error', fail);
    member.worker.once('exit', (code) => fail(new Error(`worker ${url.pathname} exited with code ${code}`)));
  }
  const flush = () => {
    flushing = false;
    while (queue.length) postBatch(members, nextId++, queue.splice(0, batch));
  };
  return {
    run: (job) =>
      new Promise<R>((resolve, reject) => {
        if (failure || closed) return reject(failure ?? new Error('the worker pool was closed'));
        outstanding += 1;
        queue.push({ job, resolve, reject });
        if (queue.length >= batch) flush();
        else if (!flushing) {
          flushing = true;
          setImmediate(flush);
        }
      }),
    async close() {
      closed = true;
      if (outstanding > 0) await new Promise<void>((resolve) => (whenIdle = resolve));
      for (const member of members) member.worker.removeAllListeners('exit');
      await Promise.all(members.map((member) => member.worker.terminate()));
    },
    get closed() {
      return closed;
    },
  };
}

/**
 * The worker's side of `startWorkerPool`: answers each request with `handle`'s result for each of
 * its jobs, in order (an exception as its cause, for that job alone). `transfer` names the buffers
 * of a result that move to the main thread instead of being copied.
 */
export function servePool<J, R>(
  port: MessagePort,
  handle: (job: J) => R,
  transfer: (result: R) => ArrayBuffer[] = () => [],
): void {
  port.on('message', (request: PoolRequest<J>) => {
    const results: PoolAnswer<R>['results'] = request.jobs.map((job) => {
      try {
        return { value: handle(job) };
      } catch (error) {
        return { error: causeOf(error) };
      }
    });
    const buffers = results.flatMap((result) => ('value' in result ? transfer(result.value) : []));
    port.postMessage({ id: request.id, results } satisfies PoolAnswer<R>, buffers);
  });
}
