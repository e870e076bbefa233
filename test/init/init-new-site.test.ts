import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from '../helpers/mini-site.js';
import { productFromFolder } from '../../src/init/new-site.js';

const cli = (args: string[], cwd: string) =>
  spawnSync(process.execPath, [join(REPO, 'bin/docsgen.js'), ...args], { cwd, encoding: 'utf8' });

test('docsgen init makes a site outside the repository that builds with the built-in theme and no warning', async () => {
  const parent = await mkdtemp(join(tmpdir(), 'docsgen-init-'));
  const openapi = join(REPO, 'test/init/fixtures/moorings.yaml');
  const init = cli(['init', 'harbour-docs', '--openapi', openapi], parent);
  assert.equal(init.status, 0, init.stderr);
  const root = join(parent, 'harbour-docs');
  assert.ok(!existsSync(join(root, 'templates')), 'the new site has no templates folder of its own');
  assert.match(await readFile(join(root, 'site.config.ts'), 'utf8'), /from 'docsgen'/);
  const build = cli(['build'], root);
  assert.equal(build.status, 0, build.stderr);
  assert.equal(build.stderr, '', 'a new site builds without a single warning');
  for (const page of [
    'index.html',
    'guides/getting-started/index.html',
    'api/reference/list-moorings/index.html',
    'api/reference/book-a-mooring/index.html',
    'openapi/harbour-docs.json',
    'img/favicon.svg',
  ])
    assert.ok(existsSync(join(root, 'build', page)), `${page} is built`);
  const home = await readFile(join(root, 'build/index.html'), 'utf8');
  assert.match(home, /Harbour Docs documentation/);
  assert.match(home, /href="\/guides\/getting-started"/);
});

test('docsgen init without --openapi builds a guides-only site; it never overwrites a file', async () => {
  const root = await mkdtemp(join(tmpdir(), 'docsgen-init-'));
  await mkdir(join(root, 'content'));
  await writeFile(join(root, 'content/index.md'), '---\ntitle: Mine\n---\nKeep me.\n');
  const refused = cli(['init'], root);
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /content\/index\.md already exists .*DG150/);
  assert.ok(!existsSync(join(root, 'site.config.ts')), 'nothing is written when a file is in the way');
  assert.equal(await readFile(join(root, 'content/index.md'), 'utf8'), '---\ntitle: Mine\n---\nKeep me.\n');

  const fresh = await mkdtemp(join(tmpdir(), 'docsgen-init-'));
  assert.equal(cli(['init'], fresh).status, 0);
  const build = cli(['build'], fresh);
  assert.equal(build.status, 0, build.stderr);
  assert.equal(build.stderr, '');
  assert.ok(existsSync(join(fresh, 'build/guides/getting-started/index.html')), 'the guide is built');
  assert.ok(!existsSync(join(fresh, 'build/api')), 'no API reference without a description');

  const missing = cli(['init', 'x', '--openapi', 'nope.yaml'], fresh);
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /nope\.yaml" does not exist .*DG151/);
});

test('a folder name becomes a valid product name and slug, whatever it holds', () => {
  const alphabet = ['a', 'Z', '7', '-', '_', ' ', '.', 'é', '#', '日'];
  for (let run = 0; run < 300; run++) {
    const length = 1 + Math.floor(Math.random() * 12);
    const name = Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
    const product = productFromFolder(`/tmp/${name}`);
    assert.match(product.slug, /^[a-z0-9][a-z0-9-]*$/, `slug of ${JSON.stringify(name)}: ${product.slug}`);
    assert.ok(product.name.trim().length > 0, `name of ${JSON.stringify(name)}`);
  }
});
