import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO } from '../helpers/mini-site.js';
import { HEAP_GROWING_PERCENT, heapGrowthFlag } from '../../src/shared/heap-growth.js';

test('docsgen sets the heap growing factor unless the user set it on the command line or in NODE_OPTIONS', () => {
  const ours = `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
  assert.equal(heapGrowthFlag([], ''), ours);
  assert.equal(heapGrowthFlag(['--max-old-space-size=4096'], '--enable-source-maps'), ours);
  assert.equal(heapGrowthFlag(['--heap-growing-percent=30'], ''), undefined);
  assert.equal(heapGrowthFlag([], '--max-old-space-size=900 --heap_growing_percent=10'), undefined);
  assert.equal(heapGrowthFlag(['--heap-growing-percent', '30']), undefined);
});

/**
 * A program whose live heap is ~60 MB and that makes garbage which outlives the young generation
 * (as pages' trees and renders do on docsgen's main thread), printing the largest heap it reached.
 * `--max-old-space-size=4096` gives V8 the limit it picks by itself on a machine with over 16 GB,
 * where the old generation may grow fourfold between full collections.
 */
function peakHeapMb(limit: boolean): number {
  const module = pathToFileURL(join(REPO, 'src/shared/heap-growth.ts')).href;
  const program = `
    import v8 from 'node:v8';
    import { limitHeapGrowth } from ${JSON.stringify(module)};
    if (${limit}) limitHeapGrowth();
    const live = Array.from({ length: 400_000 }, (_, i) => ({ a: i, b: 'x' + i, c: [i, i] }));
    const ring = new Array(200_000);
    let peak = 0;
    for (let round = 0; round < 25; round++) {
      for (let i = 0; i < ring.length; i++) ring[i] = { a: i, b: 'y' + i + round, c: [i] };
      peak = Math.max(peak, v8.getHeapStatistics().total_heap_size);
    }
    console.log(Math.round(peak / 1e6), live.length);`;
  const args = ['--max-old-space-size=4096', '--import', 'tsx', '--input-type=module', '-e', program];
  const result = spawnSync(process.execPath, args, {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  assert.equal(result.status, 0, result.stderr);
  return Number(result.stdout.split(' ')[0]);
}

test('with the factor set, the heap of a program that churns old garbage stays near twice its live size', () => {
  const limited = peakHeapMb(true);
  const unlimited = peakHeapMb(false);
  // ~60 MB live: about 230 MB at most with the factor (2 plus the young generation), over 400 MB without.
  assert.ok(limited < 320, `peak heap with the factor set: ${limited} MB`);
  assert.ok(unlimited > limited + 100, `peak heap without: ${unlimited} MB, with: ${limited} MB`);
});
