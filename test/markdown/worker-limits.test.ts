/** The heap limits docsgen's workers run with (src/shared/worker.ts): what keeps a large build's peak memory down. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runWorker, WORKER_LIMITS } from '../../src/shared/worker.js';

const MB = 1024 * 1024;

test('a worker runs with an old generation capped below 2 GB, where V8 lets it grow to 4× its live heap', async () => {
  const url = new URL(
    `data:text/javascript,${encodeURIComponent(`
      import { parentPort } from 'node:worker_threads';
      import { getHeapStatistics } from 'node:v8';
      parentPort.postMessage(getHeapStatistics().heap_size_limit);`)}`,
  );
  const limit = await runWorker<number>(url, undefined);
  const old = WORKER_LIMITS.maxOldGenerationSizeMb!;
  assert.ok(old < 2048, `the cap (${old} MB) is under the 2 GB from which V8 allows a growing factor of 4`);
  // The heap's limit is the old generation's plus the young generation's (a few semi-spaces of 24 MB at most).
  assert.ok(
    limit >= old * MB && limit <= (old + 3 * WORKER_LIMITS.maxYoungGenerationSizeMb!) * MB,
    `the worker's heap limit (${Math.round(limit / MB)} MB) is the capped old generation plus the young one`,
  );
});
