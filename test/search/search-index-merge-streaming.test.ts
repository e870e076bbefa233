/**
 * Without the build cache, the search index's parts are merged as the search worker answers them:
 * a part's postings must be let go once merged (they were all held, as JS arrays, until the last
 * part was indexed), and the worker's answers must reach the caller while parts are still being
 * made, not all at the end.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  buildSearchIndexFromPages,
  createSearchIndexMerger,
  indexSearchPart,
  mergeSearchParts,
} from '../../src/search/build-search-index.js';
import type { SearchPage } from '../../src/search/build-search-pages.js';
import { feedWorker } from '../../src/shared/worker.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const WORDS = ['hotspot', 'rewards', 'witness', 'beacon', 'hex', 'denylist', 'radio', 'lorawan', 'iot', 'mobile'];

function pages(first: number, count: number): SearchPage[] {
  return Array.from({ length: count }, (_, i) => {
    const n = first + i;
    const word = (k: number) => WORDS[(n * 7 + k * 3) % WORDS.length];
    return {
      route: `/guides/page-${n}`,
      title: `${word(0)} ${word(1)} ${n}`,
      type: 'guide',
      sections: [
        { heading: '', anchor: '', text: `${word(2)} ${word(3)} term${n} ${word(4)}`, keywords: '' },
        { heading: `About ${word(5)}`, anchor: `about-${n}`, text: `${word(6)} ${word(7)} ${n}`, keywords: '' },
      ],
    };
  });
}

test('a merged part is let go: its postings are not kept until the last part, and the files are those of one index', async () => {
  const merger = createSearchIndexMerger();
  const merged: WeakRef<object>[] = [];
  const all: SearchPage[] = [];
  // Each part made, added and dropped in its own scope, as the worker's answers are.
  const addPart = (first: number) => {
    const part = pages(first, 7);
    all.push(...part);
    const indexed = indexSearchPart(part);
    merged.push(new WeakRef(indexed.terms));
    merger.add(indexed);
  };
  for (let part = 0; part < 12; part++) addPart(part * 7);
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  const kept = merged.filter((ref) => ref.deref() !== undefined).length;
  assert.equal(kept, 0, `${kept} of ${merged.length} merged parts' postings are still held`);
  const asText = (files: { path: string; contents: string | Uint8Array }[]) =>
    files.map((f) => [f.path, String(f.contents)]);
  const options = { contentFileBytes: 600 };
  assert.deepEqual(
    asText(merger.finish(options).files),
    asText(buildSearchIndexFromPages(all, options).files),
    'the merged files are those of one index of every page',
  );
  assert.deepEqual(
    asText(mergeSearchParts([indexSearchPart(all.slice(0, 30)), indexSearchPart(all.slice(30))], options).files),
    asText(buildSearchIndexFromPages(all, options).files),
    'mergeSearchParts gives the same',
  );
});

test("a fed worker's answers reach the caller while later parts are still to be made", async () => {
  const url = new URL(
    `data:text/javascript,${encodeURIComponent(`
      import { parentPort } from 'node:worker_threads';
      parentPort.on('message', (part) => parentPort.postMessage({ i: part.i }));`)}`,
  );
  const received: number[] = [];
  // How many answers the caller had when each part was made.
  const answeredBefore: number[] = [];
  function* parts() {
    for (let i = 0; i < 20; i++) {
      answeredBefore.push(received.length);
      yield { i };
    }
  }
  await feedWorker<{ i: number }>(url, undefined, parts(), { onResult: (answer) => received.push(answer.i) });
  assert.deepEqual(
    received,
    Array.from({ length: 20 }, (_, i) => i),
    'every answer, in order',
  );
  assert.ok(answeredBefore[19] >= 17, `the caller had ${answeredBefore[19]} answers when the last part was made`);
});
