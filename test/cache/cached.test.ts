// cached(stage): the key comes from the stage's own input; files the stage read are checked by content.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cached, inputKey, serialiseInput, type StageResults, cachedEach } from '../../src/cache/cached.js';

/** A stage that reads the file its input names and counts its runs. */
function countingStage() {
  const runs: string[] = [];
  const stage = async (input: { file: string; locale: string; flags?: Record<string, boolean> }) => {
    runs.push(input.locale);
    const { readFile } = await import('node:fs/promises');
    return { text: `${input.locale}:${await readFile(input.file, 'utf8')}`, errors: input.locale === 'xx' ? 1 : 0 };
  };
  return { runs, stage };
}

test('a result is reused for an equal input and recomputed for any other', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-cached-'));
  const file = join(dir, 'notes.md');
  await writeFile(file, 'epoch rewards');
  const results: StageResults = new Map();
  const { runs, stage } = countingStage();
  const run = cached('notes', stage, results, { filesRead: (_output, input) => [input.file] });
  assert.equal((await run({ file, locale: 'en' })).text, 'en:epoch rewards');
  // Equal input built in another key order: the same key.
  assert.equal((await run({ locale: 'en', file })).text, 'en:epoch rewards');
  assert.deepEqual(runs, ['en']);
  assert.equal((await run({ file, locale: 'fr' })).text, 'fr:epoch rewards');
  assert.deepEqual(runs, ['en', 'fr']);
});

test('a file the stage read that changed makes it run again', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-cached-'));
  const file = join(dir, 'notes.md');
  await writeFile(file, 'hex coverage');
  const results: StageResults = new Map();
  const { runs, stage } = countingStage();
  const run = cached('notes', stage, results, { filesRead: (_output, input) => [input.file] });
  await new Promise((resolve) => setTimeout(resolve, 5)); // the file is older than the run
  await run({ file, locale: 'en' });
  await writeFile(file, 'hex witnesses');
  assert.equal((await run({ file, locale: 'en' })).text, 'en:hex witnesses');
  assert.equal(runs.length, 2);
});

test('results the rules refuse, and runs without results, are never kept', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-cached-'));
  const file = join(dir, 'notes.md');
  await writeFile(file, 'beacons');
  const results: StageResults = new Map();
  const { runs, stage } = countingStage();
  const run = cached('notes', stage, results, { keep: (output) => output.errors === 0 });
  await run({ file, locale: 'xx' });
  await run({ file, locale: 'xx' });
  assert.equal(runs.length, 2, 'a result with errors is computed again');
  assert.equal(cached('notes', stage, undefined), stage, 'without results the stage is returned as it is');
});

test('serialiseInput sorts object keys at every depth and keeps array order', () => {
  assert.equal(serialiseInput({ b: 1, a: { d: [2, 1], c: null } }), '{"a":{"c":null,"d":[2,1]},"b":1}');
  assert.equal(
    serialiseInput({ a: { c: null, d: [2, 1] }, b: 1 }),
    serialiseInput({ b: 1, a: { d: [2, 1], c: null } }),
  );
});

test('inputKey: every field of the input is in the key; objects are hashed once each', () => {
  const hashes = new WeakMap<object, string>();
  const sidebar = [{ type: 'link', label: 'Witnesses', route: '/guides/witnesses' }];
  const page = { route: '/guides/witnesses', title: 'Witnesses' };
  const headScript = `(function(){${'x'.repeat(200)}})()`;
  const key = inputKey({ page, sidebar, headScript, version: 'a1' }, hashes);
  assert.equal(inputKey({ version: 'a1', headScript, sidebar, page }, hashes), key, 'field order does not matter');
  assert.notEqual(inputKey({ page, sidebar, headScript, version: 'b2' }, hashes), key);
  assert.notEqual(inputKey({ page: { ...page, title: 'Beacons' }, sidebar, headScript, version: 'a1' }, hashes), key);
  assert.notEqual(inputKey({ page, sidebar, headScript: `${headScript} `, version: 'a1' }, hashes), key);
  assert.notEqual(inputKey({ page, sidebar, headScript, version: 'a1', cards: { '/a': 'A' } }, hashes), key);
  assert.ok(key.length < 200, 'long strings are hashed, not copied into the key');
  // Inputs are immutable: an object is hashed when first seen and known by identity after.
  assert.ok(hashes.has(page) && hashes.has(sidebar), 'hashes.has(page) && hashes.has(sidebar)');
});

test('cachedEach: a per-page stage runs again only for the items whose input changed, and forgets items that are gone', () => {
  const calls: string[] = [];
  const stage = (input: { page: { route: string; text: string } }) => {
    calls.push(input.page.route);
    return `# ${input.page.text}`;
  };
  const cache = { results: new Map(), hashes: new WeakMap<object, string>() };
  const pages = ['/a', '/b', '/c'].map((route) => ({ route, text: `text of ${route}` }));
  const first = cachedEach(stage, cache);
  assert.deepEqual(
    pages.map((page) => first.run(page.route, { page })),
    pages.map((page) => `# ${page.text}`),
  );
  // The next build: new objects (as restored from disk), one page edited, one page gone.
  const next = cachedEach(stage, { ...cache, hashes: new WeakMap<object, string>() });
  const edited = [
    { route: '/a', text: 'text of /a' },
    { route: '/b', text: 'text of /b, edited' },
  ];
  calls.length = 0;
  assert.deepEqual(
    edited.map((page) => next.run(page.route, { page })),
    ['# text of /a', '# text of /b, edited'],
  );
  assert.deepEqual(calls, ['/b'], 'only the edited page ran again');
  next.keepOnly(edited.map((page) => page.route));
  assert.deepEqual([...cache.results.keys()].sort(), ['/a', '/b'], 'the page that is gone is forgotten');
  // Without a cache (--no-cache) the stage runs every time.
  calls.length = 0;
  const uncached = cachedEach(stage, undefined);
  uncached.run('/a', { page: edited[0] });
  uncached.run('/a', { page: edited[0] });
  assert.deepEqual(calls, ['/a', '/a']);
});
