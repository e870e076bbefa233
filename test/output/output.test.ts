import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linkSync, mkdirSync, statSync } from 'node:fs';
import * as nodeFs from 'node:fs/promises';
import { mkdtemp, readFile, writeFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSitemap, buildRobotsTxt } from '../../src/output/build-sitemap.js';
import { createFsWriter, createMemoryWriter, type OutputManifest } from '../../src/output/writer.js';
import {
  htmlPathForRoute,
  type KeyedOutputFile,
  type OutputFile,
  type WritableFile,
} from '../../src/output/output-file.js';
import { joinBase, stripBase, normalizeRoute } from '../../src/shared/url.js';
import { resolveRequestPath } from '../../src/serve/site-handler.js';
import { formatDiagnostics } from '../../src/diagnostics/format-diagnostics.js';

test('sitemap: absolute URLs under baseUrl, weekly, priority 0.5, sorted', () => {
  const xml = buildSitemap({ url: 'https://docs.acme.example', baseUrl: '/docs/', routes: ['/guides/b', '/'] });
  assert.match(
    xml,
    /<url><loc>https:\/\/docs.acme.example\/docs\/<\/loc><changefreq>weekly<\/changefreq><priority>0.5<\/priority><\/url>\n<url><loc>https:\/\/docs.acme.example\/docs\/guides\/b<\/loc>/,
  );
  assert.match(
    buildRobotsTxt({ url: 'https://docs.acme.example', baseUrl: '/docs/' }),
    /Sitemap: https:\/\/docs.acme.example\/docs\/sitemap.xml/,
  );
});

test('clean URLs and baseUrl helpers', () => {
  assert.equal(htmlPathForRoute('/'), 'index.html');
  assert.equal(htmlPathForRoute('/guides/usage'), 'guides/usage/index.html');
  assert.equal(joinBase('/docs/', '/guides'), '/docs/guides');
  assert.equal(joinBase('/docs/', '/'), '/docs/');
  assert.equal(stripBase('/docs/', '/docs/guides/'), '/guides');
  assert.equal(stripBase('/docs/', '/other'), undefined);
  assert.equal(normalizeRoute('/a/index.html'), '/a');
});

test('request paths cannot escape the output', () => {
  assert.deepEqual(resolveRequestPath('/', '/guides/usage'), {
    candidates: ['guides/usage', 'guides/usage/index.html', 'guides/usage.html'],
  });
  for (const evil of [
    '/../etc/passwd',
    '/%2e%2e/etc/passwd',
    '/a/%2E%2E/%2E%2E/x',
    '/a%00b',
    '/..%5c..%5cwin.ini',
    '/%E0%A4%A',
  ]) {
    assert.ok('forbidden' in resolveRequestPath('/', evil), evil);
  }
  assert.ok(
    'outside' in resolveRequestPath('/docs/', '/elsewhere'),
    "'outside' in resolveRequestPath('/docs/', '/elsewhere')",
  );
});

test('fs writer swaps the output in only after every file is written', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-writer-'));
  const out = join(dir, 'build');
  await mkdir(out);
  await writeFile(join(out, 'old.html'), 'old');
  const plain = await createFsWriter(out).write([
    { path: 'index.html', contents: 'new' },
    { path: 'a/b.json', contents: '{}' },
  ]);
  assert.equal(plain.manifest, undefined, 'untracked: nothing hashed, no manifest');
  assert.deepEqual((await readdir(out)).sort(), ['a', 'index.html']);
  // A write that fails half-way (a file path under an existing file) leaves the last good output.
  await assert.rejects(
    createFsWriter(out).write([
      { path: 'x', contents: '1' },
      { path: 'x/y', contents: '2' },
    ]),
  );
  assert.equal(await readFile(join(out, 'index.html'), 'utf8'), 'new');
  // The previous output is deleted in the background; nothing else is left beside the output.
  await waitFor(async () => (await readdir(dir)).join() === 'build', 'the previous output is deleted');
});

test('fs writer links files the last write left unchanged instead of writing them again', async () => {
  const out = join(await mkdtemp(join(tmpdir(), 'docsgen-writer-')), 'build');
  const site = (about: string) => [
    { path: 'index.html', contents: 'home ←' },
    { path: 'about/index.html', contents: about },
    { path: 'data.bin', contents: new Uint8Array([1, 2, 3]) },
  ];
  const first = await createFsWriter(out, { track: true }).write(site('about'));
  assert.equal(first.reused, 0);
  const inode = async (path: string) => (await stat(join(out, path))).ino;
  const homeInode = await inode('index.html');

  const same = await createFsWriter(out, { track: true, previous: first.manifest }).write(site('about'));
  assert.equal(same.reused, 3);
  assert.equal(same.manifest, first.manifest, 'nothing changed: the same manifest object');
  assert.equal(await inode('index.html'), homeInode, 'linked, not written');

  const edited = await createFsWriter(out, { track: true, previous: same.manifest }).write(site('about, edited'));
  assert.equal(edited.reused, 2);
  assert.equal(await readFile(join(out, 'about/index.html'), 'utf8'), 'about, edited');

  // A file changed by hand in the output is written again, not trusted.
  await writeFile(join(out, 'index.html'), 'hand-made');
  const repaired = await createFsWriter(out, { track: true, previous: edited.manifest }).write(site('about, edited'));
  assert.equal(repaired.reused, 2);
  assert.equal(await readFile(join(out, 'index.html'), 'utf8'), 'home ←');
  // A manifest of another directory is not used.
  assert.equal(
    (await createFsWriter(`${out}-other`, { track: true, previous: repaired.manifest }).write(site('about'))).reused,
    0,
  );
});

test('fs writer takes unchanged files again with synchronous calls, each folder made once', async () => {
  const out = join(await mkdtemp(join(tmpdir(), 'docsgen-writer-')), 'build');
  const calls: string[] = [];
  const counted = <F extends (...args: never[]) => unknown>(name: string, call: F) =>
    ((...args: Parameters<F>) => (calls.push(name), call(...args))) as F;
  const fs = {
    ...nodeFs,
    linkSync: counted('linkSync', linkSync),
    mkdirSync: counted('mkdirSync', mkdirSync),
    statSync: counted('statSync', statSync),
  };
  const site = Array.from({ length: 30 }, (_, n) => ({ path: `page-${n % 10}/part-${n}.html`, contents: `page ${n}` }));
  const first = await createFsWriter(out, { track: true, fs }).write(site);
  const count = (name: string) => calls.filter((call) => call === name).length;
  assert.deepEqual([count('mkdirSync'), count('linkSync')], [10, 0], 'a folder made once for its three files');
  calls.length = 0;
  const again = await createFsWriter(out, { track: true, previous: first.manifest, fs }).write(site);
  assert.equal(again.reused, 30);
  assert.deepEqual([count('statSync'), count('linkSync'), count('mkdirSync')], [30, 30, 10], 'a stat and a link each');
});

test('fs writer takes a keyed file (a page) again by its key, without making it, unless it was deleted or touched', async () => {
  const out = join(await mkdtemp(join(tmpdir(), 'docsgen-writer-')), 'build');
  const made: string[] = [];
  const page = (path: string, key: string, html: string): KeyedOutputFile => ({
    path,
    key,
    make: () => (made.push(path), html),
  });
  const site = (aboutKey: string, about: string) => [
    page('index.html', 'home-v1', '<h1>Home</h1>'),
    page('about/index.html', aboutKey, about),
    page('hexes/index.html', 'hexes-v1', '<h1>Hexes</h1>'),
    { path: 'sitemap.xml', contents: '<urlset/>' },
  ];
  const write = (files: WritableFile[], previous?: OutputManifest) =>
    createFsWriter(out, { track: true, previous }).write(files);
  const first = await write(site('about-v1', '<h1>About</h1>'));
  assert.deepEqual(
    made.sort(),
    ['about/index.html', 'hexes/index.html', 'index.html'],
    'the first write makes every page',
  );
  made.length = 0;
  const again = await write(site('about-v1', '<h1>About</h1>'), first.manifest);
  assert.deepEqual(made, [], 'unchanged keys: no page is made');
  assert.equal(again.reused, 4);
  assert.equal(again.manifest, first.manifest, 'nothing changed: the same manifest object');
  assert.equal(again.bytes, first.bytes, 'the bytes of linked pages are counted too');

  const edited = await write(site('about-v2', '<h1>About us</h1>'), again.manifest);
  assert.deepEqual(made, ['about/index.html'], 'only the page whose key changed is made');
  assert.equal(await readFile(join(out, 'about/index.html'), 'utf8'), '<h1>About us</h1>');
  made.length = 0;
  // A new key with the same bytes: made, then linked (its bytes hash as recorded), the new key kept.
  const sameBytes = await write(site('about-v3', '<h1>About us</h1>'), edited.manifest);
  assert.deepEqual([made, sameBytes.reused], [['about/index.html'], 4]);
  made.length = 0;
  assert.deepEqual((await write(site('about-v3', '<h1>About us</h1>'), sameBytes.manifest)).reused, 4);
  assert.deepEqual(made, [], 'the new key was recorded');

  // A page deleted by hand and one edited by hand (to the same size): made again, not trusted.
  await rm(join(out, 'index.html'));
  await writeFile(join(out, 'hexes/index.html'), '<h1>HEXES</h1>');
  const repaired = await write(site('about-v3', '<h1>About us</h1>'), sameBytes.manifest);
  assert.deepEqual(made.sort(), ['hexes/index.html', 'index.html']);
  assert.equal(repaired.reused, 2);
  assert.equal(await readFile(join(out, 'index.html'), 'utf8'), '<h1>Home</h1>');
  assert.equal(await readFile(join(out, 'hexes/index.html'), 'utf8'), '<h1>Hexes</h1>');
  made.length = 0;
  // Without tracking (--no-cache) every page is made and no key is read.
  const untracked = [page('index.html', 'unused', '<h1>Home</h1>')];
  Object.defineProperty(untracked[0], 'key', { get: () => assert.fail('the key of an untracked write is not read') });
  await createFsWriter(out).write(untracked);
  assert.deepEqual(made, ['index.html']);
});

test('fs writer takes a file with a key (a search file) again by its key, without reading or hashing its bytes', async () => {
  const out = join(await mkdtemp(join(tmpdir(), 'docsgen-writer-')), 'build');
  const read: string[] = [];
  const file = (path: string, key: string, text: string): OutputFile =>
    Object.defineProperty({ path, key } as OutputFile, 'contents', { get: () => (read.push(path), text) });
  const site = (version: string, text: string) => [
    file('search/terms-0.AAAAAAAA.json', 'AAAAAAAA', '{"terms":[]}'),
    file(`search/content-0.${version}.json`, version, text),
  ];
  const write = (files: OutputFile[], previous?: OutputManifest) =>
    createFsWriter(out, { track: true, previous }).write(files);
  const first = await write(site('BBBBBBBB', '{"first":0,"pages":[]}'));
  read.length = 0;
  const again = await write(site('BBBBBBBB', '{"first":0,"pages":[]}'), first.manifest);
  assert.deepEqual([read, again.reused], [[], 2], 'unchanged keys: no bytes read');
  const edited = await write(site('CCCCCCCC', '{"first":0,"pages":[1]}'), again.manifest);
  assert.deepEqual([read, edited.reused], [['search/content-0.CCCCCCCC.json'], 1]);
  assert.equal(await readFile(join(out, 'search/content-0.CCCCCCCC.json'), 'utf8'), '{"first":0,"pages":[1]}');
  // A file touched by hand is written again, not trusted for its key.
  read.length = 0;
  await writeFile(join(out, 'search/terms-0.AAAAAAAA.json'), '{"terms":[1]}');
  await write(site('CCCCCCCC', '{"first":0,"pages":[1]}'), edited.manifest);
  assert.deepEqual(read, ['search/terms-0.AAAAAAAA.json']);
  assert.equal(await readFile(join(out, 'search/terms-0.AAAAAAAA.json'), 'utf8'), '{"terms":[]}');
});

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('memory writer keeps the latest output', async () => {
  const writer = createMemoryWriter();
  await writer.write([{ path: 'a', contents: '1' }]);
  await writer.write([{ path: 'b', contents: '2' }]);
  assert.deepEqual([...writer.files.keys()], ['b']);
});

test('diagnostics are sorted, deduplicated and formatted file:line:col', () => {
  const d = {
    code: 'DG402',
    severity: 'error' as const,
    message: 'Broken link "/gude"',
    file: 'content/a.md',
    line: 12,
    column: 5,
    hint: 'Did you mean "/guides"?',
  };
  const text = formatDiagnostics([d, d, { code: 'DG101', severity: 'error', message: 'Bad', key: 'baseUrl' }]);
  assert.equal(
    text,
    'content/a.md:12:5  error  Broken link "/gude"  DG402\n    hint: Did you mean "/guides"?\nconfig baseUrl  error  Bad  DG101',
  );
});
