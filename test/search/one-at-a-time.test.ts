/**
 * The search modal's scheduling (templates/components/search/one-at-a-time.ts): a search asked for
 * while none runs starts at once (no wait for a pause in typing), one search runs at a time, and
 * after each the newest query asked for meanwhile runs, never the ones typing made stale.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { oneAtATime } from '../../templates/components/search/one-at-a-time.js';
import { seededRandom } from '../helpers/seeded-random.js';

/** A task whose promise the test settles by hand, recording when it started. */
function deferredTask(id: number, started: number[]) {
  let settle!: (fail: boolean) => void;
  const task = () => {
    started.push(id);
    return new Promise<void>((resolve, reject) => (settle = (fail) => (fail ? reject(new Error('x')) : resolve())));
  };
  return { task, settle: (fail: boolean) => settle(fail) };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

test('a task asked for while nothing runs starts synchronously', () => {
  const runner = oneAtATime();
  const started: number[] = [];
  runner.run(deferredTask(1, started).task);
  assert.deepEqual(started, [1], 'the first search did not start at once');
});

test('a task that throws at once does not block the next one', async () => {
  const runner = oneAtATime();
  const started: number[] = [];
  runner.run(() => {
    throw new Error('broken');
  });
  await flush();
  runner.run(deferredTask(2, started).task);
  assert.deepEqual(started, [2], 'the runner stayed busy after a task threw');
});

test('random keystrokes and settlings: one at a time, the newest waiting task runs, stale ones never', async () => {
  for (let seed = 1; seed <= 200; seed++) {
    const { next: random } = seededRandom(seed);
    const runner = oneAtATime();
    const started: number[] = [];
    const settles = new Map<number, (fail: boolean) => void>();
    let running: number | undefined;
    let expectedWaiting: number | undefined;
    const expectedStarts: number[] = [];
    for (let id = 1; id <= 30; id++) {
      const action = random();
      if (action < 0.5) {
        const { task, settle } = deferredTask(id, started);
        settles.set(id, settle);
        runner.run(task);
        if (running === undefined) {
          running = id;
          expectedStarts.push(id);
        } else expectedWaiting = id;
      } else if (action < 0.6) {
        runner.cancel();
        expectedWaiting = undefined;
      } else if (running !== undefined) {
        settles.get(running)!(random() < 0.3);
        await flush();
        running = expectedWaiting;
        expectedWaiting = undefined;
        if (running !== undefined) expectedStarts.push(running);
      }
      assert.deepEqual(started, expectedStarts, `seed ${seed}, step ${id}: started ${started} not ${expectedStarts}`);
    }
  }
});
