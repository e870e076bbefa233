// Loops over every page in slices of time: the same results as a plain loop, and the event loop
// (the dev server's requests and saves) runs between slices.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mapInSlices, someInSlices } from '../../src/shared/time-slices.js';
import { cachedBatch, type ItemCache } from '../../src/cache/cached.js';

/** Keeps this thread busy for `ms` (the work of one item). */
function busy(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

test('mapInSlices and someInSlices give what map and some give, for random lists and slice lengths', async () => {
  const next = random(7);
  for (let round = 0; round < 200; round++) {
    const items = Array.from({ length: Math.floor(next() * 300) }, () => Math.floor(next() * 1000));
    const sliceMs = next() < 0.3 ? 0 : next() * 2;
    const fn = (item: number, index: number) => `${index}:${item * 3}`;
    assert.deepEqual(await mapInSlices(items, fn, sliceMs), items.map(fn), `round ${round}: map`);
    const limit = Math.floor(next() * 1000);
    assert.equal(
      await someInSlices(items, (item) => item > limit, sliceMs),
      items.some((item) => item > limit),
      `round ${round}: some`,
    );
  }
});

test('the event loop runs between slices: a timer set before a long loop fires before the loop ends', async () => {
  const order: string[] = [];
  setImmediate(() => order.push('timer'));
  const mapped = mapInSlices(
    Array.from({ length: 40 }, (_, n) => n),
    (n) => {
      busy(1);
      if (n === 39) order.push('last item');
      return n;
    },
    5,
  );
  await mapped;
  assert.deepEqual(order, ['timer', 'last item'], 'the timer ran while the loop was still going');

  order.length = 0;
  setImmediate(() => order.push('timer'));
  const found = await someInSlices(
    Array.from({ length: 40 }, (_, n) => n),
    (n) => {
      busy(1);
      if (n === 39) order.push('last item');
      return false;
    },
    5,
  );
  assert.equal(found, false, 'nothing matched');
  assert.deepEqual(order, ['timer', 'last item'], 'the timer ran while the scan was still going');
});

test("cachedBatch's keys of a large batch let the event loop run before the stage starts", async () => {
  // 2,000 inputs with 20 KB of text each: hashing them for their keys takes longer than one slice.
  const text = 'epoch rewards of a hotspot '.repeat(750);
  const items = Array.from({ length: 2000 }, (_, n) => [`page-${n}`, { text: `${n} ${text}` }] as const);
  const cache: ItemCache<number> = { results: new Map(), hashes: new WeakMap() };
  let timerFired = false;
  let firedBeforeStage: boolean | undefined;
  const stage = async (inputs: { text: string }[]) => {
    firedBeforeStage = timerFired;
    return inputs.map((input) => input.text.length);
  };
  setImmediate(() => (timerFired = true));
  const values = await cachedBatch(stage, cache).run(items);
  assert.equal(values.length, 2000, 'every item has its value');
  assert.equal(firedBeforeStage, true, 'the timer fired while the keys were being made');
});
