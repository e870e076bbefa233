/**
 * What agents read, on the real site: a Markdown twin of every page of the sitemap, llms.txt listing
 * every one of them, llms-full.txt holding them all in llms.txt's order, both listed in
 * /meta/index.json, and every link inside them resolving to a file or page (and heading) of the build.
 */
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildRealSite } from '../helpers/build-real-site.js';
import { markdownPathForRoute } from '../../src/shared/markdown-twin.js';

const ORIGIN = 'https://docs.heliumgeek.com';
let out: string;
let sitemapRoutes: string[];
const read = (path: string) => readFile(join(out, path), 'utf8');

before(async () => {
  out = await buildRealSite();
  const sitemap = await read('sitemap.xml');
  sitemapRoutes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].slice(ORIGIN.length) || '/');
});

test('every page of the sitemap has a Markdown twin at its path plus .md, headed by its title', async () => {
  assert.ok(sitemapRoutes.length >= 70, 'sitemapRoutes.length >= 70');
  const meta = JSON.parse(await read('meta/index.json'));
  const titles = new Map<string, string>([
    ...meta.docs.map((d: { path: string; title: string }) => [d.path, d.title]),
    ...meta.operations.map((o: { route: string; summary: string }) => [o.route, o.summary]),
  ]);
  for (const route of sitemapRoutes) {
    const path = markdownPathForRoute(route);
    assert.ok(existsSync(join(out, path)), `${route}: no ${path}`);
    const title = titles.get(route);
    if (title) assert.ok((await read(path)).startsWith(`# ${title}\n`), `${path} starts with its title`);
  }
  // The search and not-found pages have none.
  assert.ok(
    !existsSync(join(out, 'search.md')) && !existsSync(join(out, '404.md')),
    "!existsSync(join(out, 'search.md')) && !existsSync(join(out, '404.md'))",
  );
});

test('llms.txt lists every twin once, llms-full.txt holds them all in its order, /meta/index.json lists both', async () => {
  const llms = await read('llms.txt');
  assert.match(llms, /^# HeliumGeek API\n\n> .+\n/);
  const listed = [...llms.matchAll(/^- \[[^\]]+\]\(([^)]+\.md)\)/gm)].map((m) => m[1].slice(ORIGIN.length));
  assert.deepEqual([...listed].sort(), sitemapRoutes.map((route) => `/${markdownPathForRoute(route)}`).sort());
  const full = await read('llms-full.txt');
  let at = -1;
  for (const path of listed) {
    const twin = await read(path);
    const found = full.indexOf(twin, at + 1);
    assert.ok(found > at, `${path} is in llms-full.txt, after the page before it`);
    at = found;
  }
  const meta = JSON.parse(await read('meta/index.json'));
  assert.equal(meta.site.llms, '/llms.txt');
  assert.equal(meta.site.llmsFull, '/llms-full.txt');
  for (const entry of [...meta.docs, ...meta.operations])
    assert.ok(existsSync(join(out, entry.markdown)), `${entry.markdown} of /meta/index.json`);
});

/** The file a site path resolves to, as `docsgen serve` finds it. */
function fileOf(path: string): string | undefined {
  const clean = decodeURI(path).replace(/^\/+|\/+$/g, '');
  return (
    [clean, join(clean, 'index.html'), `${clean}.html`].find((p) => p !== '' && existsSync(join(out, p))) ??
    (clean === '' ? 'index.html' : undefined)
  );
}

test('every link inside the twins and llms files resolves, anchors included', async () => {
  const files = ['llms.txt', 'llms-full.txt', ...sitemapRoutes.map(markdownPathForRoute)];
  const problems: string[] = [];
  for (const file of files) {
    const text = await read(file);
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const local = target.startsWith(ORIGIN) ? target.slice(ORIGIN.length) : target;
      if (!local.startsWith('/')) continue;
      const [path, hash] = local.split('#');
      const resolved = fileOf(path);
      if (!resolved) problems.push(`${file}: ${target}`);
      else if (hash && resolved.endsWith('.html') && !(await read(resolved)).includes(`id="${hash}"`))
        problems.push(`${file}: ${target} (no #${hash})`);
    }
  }
  assert.deepEqual(problems, []);
});

test('an operation twin has the method and path, parameter tables, schema trees, an example and a curl sample', async () => {
  const twin = await read('api/reference/radio-rewards.md');
  assert.match(twin, /^# Radio rewards\n\n`GET \/radios\/\{cbsd_id\}\/rewards`\n/);
  assert.match(twin, /## Path parameters\n\n\| Name \| Type \| Required \| Description \|\n/);
  assert.match(twin, /\| `cbsd_id` \| string \| yes \|/);
  assert.match(twin, /## Responses\n\n### 200\n/);
  assert.match(twin, /^- `data` \(array of RadioReward, required\)/m);
  assert.match(twin, /^ {2}- `epoch` \(integer, required\): Epoch number\./m);
  assert.match(twin, /## Example response \(200\)\n\n```json\n\{/);
  assert.match(twin, /## Example request\n\n```bash\ncurl https:\/\/api\.heliumgeek\.com\/v0\/radios\//);
});

test('a guide twin keeps headings, tables, code blocks and admonitions without the page chrome', async () => {
  const twin = await read('guides/pagination.md');
  assert.match(twin, /^## The response envelope$/m);
  assert.match(twin, /^\| Parameter \| Type +\| Default \|/m);
  assert.match(twin, /^```json$/m);
  assert.match(twin, /^> \*\*Treat the cursor as opaque\*\*$/m);
  assert.doesNotMatch(twin, /Direct link to|\[#\]\(#/);
});
