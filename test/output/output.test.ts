import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile, mkdir, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSitemap, buildRobotsTxt } from '../../src/output/build-sitemap.js';
import { createFsWriter, createMemoryWriter } from '../../src/output/writer.js';
import { htmlPathForRoute } from '../../src/output/output-file.js';
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
