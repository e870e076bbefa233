import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildRealSite } from '../helpers/build-real-site.js';
import { REPO } from '../helpers/mini-site.js';
import { specRoutes } from '../helpers/spec-routes.js';

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

const CHECK = join(REPO, 'test/spec/check-site.mjs');

test('the real site builds deterministically, cold or from the build cache, and passes the shared acceptance check', async () => {
  const first = await buildRealSite(['--no-cache']);
  const files = await listFiles(first);
  // The second build may fill the cache (or find it from an earlier run); the third reads it.
  for (const other of [await buildRealSite(), await buildRealSite()]) {
    assert.deepEqual(await listFiles(other), files);
    for (const file of files) {
      const [a, b] = await Promise.all([readFile(join(first, file)), readFile(join(other, file))]);
      assert.ok(a.equals(b), `${file} differs between two builds`);
    }
  }
  // Self-contained: nothing of the build machine leaks into the output.
  for (const file of files.filter((f) => /\.(html|json|xml|js|css|txt|md)$/.test(f))) {
    const text = await readFile(join(first, file), 'utf8');
    assert.ok(!text.includes(REPO) && !text.includes(first), `${file} contains a local path`);
  }
  const check = spawnSync(process.execPath, [CHECK, first], { encoding: 'utf8' });
  assert.equal(
    check.status,
    0,
    check.stdout
      .split('\n')
      .filter((l) => l.startsWith('FAIL'))
      .slice(0, 20)
      .join('\n'),
  );
});

test('every route of the spec has a page and every API slug matches', async () => {
  const out = await buildRealSite();
  for (const route of specRoutes()) {
    assert.ok(existsSync(join(out, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`)), route);
  }
  const meta = JSON.parse(await readFile(join(out, 'meta/index.json'), 'utf8'));
  assert.equal(meta.operations.length, 52);
  // One schema page per components/schemas entry, listed in the meta index and the sitemap.
  const schemaCount = Object.keys(
    JSON.parse(await readFile(join(REPO, 'openapi/heliumgeek.json'), 'utf8')).components.schemas,
  ).length;
  assert.equal(meta.schemas.length, schemaCount);
  const sitemap = await readFile(join(out, 'sitemap.xml'), 'utf8');
  for (const schema of meta.schemas as { route: string }[]) {
    assert.ok(existsSync(join(out, schema.route.slice(1), 'index.html')), schema.route);
    assert.ok(sitemap.includes(`${schema.route}</loc>`), `${schema.route} is in the sitemap`);
  }
  assert.equal(meta.site.openapi, '/openapi/heliumgeek.json');
  assert.ok(
    meta.docs.some((d: { path: string }) => d.path === '/glossary'),
    "meta.docs.some((d: { path: string }) => d.path === '/glossary')",
  );
  const spec = JSON.parse(await readFile(join(out, 'openapi/heliumgeek.json'), 'utf8'));
  assert.equal(spec.openapi, '3.1.0');
});
