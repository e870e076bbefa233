import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startWorkerPool } from '../../src/shared/worker-pool.js';
import { workerUrl } from '../../src/shared/worker.js';
import { seededRandom } from '../helpers/seeded-random.js';

type Answer = { bytes: Uint8Array; thread: number };
const url = workerUrl('pool-test-worker', import.meta.url)!;
const squareOf = (answer: Answer) => Number(new TextDecoder().decode(answer.bytes));

test('a worker pool answers every job with its own result, whichever worker ran it', async () => {
  const random = seededRandom(13).next;
  const jobs = Array.from({ length: 300 }, () => Math.floor(random() * 1e6));
  const pool = startWorkerPool<number, Answer>(url, undefined, { size: 3, batch: 7 });
  try {
    // Asked for in bursts of different sizes, as a writer asks for pages.
    const answers: Promise<Answer>[] = [];
    for (let i = 0; i < jobs.length;) {
      const burst = 1 + Math.floor(random() * 20);
      for (const n of jobs.slice(i, i + burst)) answers.push(pool.run(n));
      i += burst;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const results = await Promise.all(answers);
    assert.deepEqual(
      results.map(squareOf),
      jobs.map((n) => n * n),
      'each job got its own answer',
    );
    assert.ok(new Set(results.map((r) => r.thread)).size > 1, 'the jobs were shared between workers');
  } finally {
    await pool.close();
  }
});

test("a job that throws in a worker fails alone, with the worker's message; the pool goes on", async () => {
  const pool = startWorkerPool<number, Answer>(url, undefined, { size: 2 });
  try {
    const [before, failed, after] = await Promise.allSettled([pool.run(3), pool.run(-4), pool.run(5)]);
    assert.equal(before.status === 'fulfilled' && squareOf(before.value), 9, 'the job before answered');
    assert.equal(after.status === 'fulfilled' && squareOf(after.value), 25, 'the job after answered');
    assert.equal(failed.status, 'rejected', 'the throwing job failed');
    assert.match(String((failed as PromiseRejectedResult).reason), /negative: -4/, "the worker's message");
    assert.equal(squareOf(await pool.run(6)), 36, 'later jobs still run');
  } finally {
    await pool.close();
  }
});

test('closing a worker pool waits for the jobs in hand; a job run after is refused', async () => {
  const pool = startWorkerPool<number, Answer>(url, undefined, { size: 2 });
  const answers = Array.from({ length: 40 }, (_, n) => pool.run(n));
  const closing = pool.close();
  assert.equal(pool.closed, true, 'the pool says it is closed');
  await assert.rejects(pool.run(1), /closed/, 'no job after close');
  assert.deepEqual(
    (await Promise.all(answers)).map(squareOf),
    answers.map((_, n) => n * n),
    'the jobs asked for before close are answered',
  );
  await closing;
});
