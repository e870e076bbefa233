/**
 * The saved build cache checks the bytes of every shard it reads against the CRC-32 the cache file
 * records for it (cheaper than hashing them again with SHA-256, which named them when saved).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { crc32 } from 'node:zlib';
import { createBuildCache, type BuildCache } from '../../src/build-cache/build-cache.js';
import type { ItemEntry } from '../../src/cache/cached.js';
import type { CachedParse } from '../../src/content/load-content.js';
import { hasDocCardList } from '../../src/content/lazy-body.js';
import { DOC_CARD_LIST_PLACEHOLDER } from '../../src/content/plugins/remark-docs-features.js';
import type { Page } from '../../src/model.js';
import { restoreCache, saveCache } from '../../src/build-cache/persist-cache.js';
import { CACHE_PARTS, shardOfEntry } from '../../src/build-cache/pack-cache.js';

async function savedCache() {
  const file = join(await mkdtemp(join(tmpdir(), 'docsgen-persist-')), 'cache-0123456789ab.v8');
  const cache = createBuildCache();
  for (let n = 0; n < 40; n++)
    cache.markdown.results.set(`/guides/page-${n}`, { key: `key-${n}`, value: `# Page ${n}\n\nRewards → ${n}.` });
  await saveCache(cache, file, 'identity');
  return { file, shards: file.replace(/\.v8$/, '.shards') };
}

test('the cache file records the CRC-32 of each shard file it names', async () => {
  const { file, shards } = await savedCache();
  const saved = deserialize(await readFile(file)) as {
    shards: Record<string, string[]>;
    checks: Record<string, number[]>;
  };
  const named = Object.entries(saved.shards).flatMap(([part, names]) =>
    names.map((name, n) => ({ name, check: saved.checks[part][n] })),
  );
  const files = named.filter((shard) => shard.name !== '');
  assert.ok(files.length > 1, 'the twins are cut into several shards');
  for (const { name, check } of files)
    assert.equal(check, crc32(await readFile(join(shards, `${name}.v8`))), `the check of shard ${name}`);
  const restored = createBuildCache();
  assert.equal(await restoreCache(restored, file, 'identity'), 'restored');
  assert.equal(restored.markdown.results.get('/guides/page-7')?.value, '# Page 7\n\nRewards → 7.');
});

test('a shard whose bytes changed, or a cache file without checks, restores nothing (damaged)', async () => {
  const { file, shards } = await savedCache();
  const [first] = await readdir(shards);
  const bytes = await readFile(join(shards, first));
  bytes[Math.floor(bytes.length / 2)] ^= 0x5a;
  await writeFile(join(shards, first), bytes);
  const cache = createBuildCache();
  assert.equal(await restoreCache(cache, file, 'identity'), 'damaged');
  assert.equal(cache.markdown.results.size, 0, 'nothing restored');
  bytes[Math.floor(bytes.length / 2)] ^= 0x5a;
  await writeFile(join(shards, first), bytes);
  assert.equal(await restoreCache(createBuildCache(), file, 'identity'), 'restored', 'the shard as saved again');
  const { checks: _checks, ...unchecked } = deserialize(await readFile(file)) as Record<string, unknown>;
  await writeFile(file, serialize(unchecked));
  assert.equal(await restoreCache(createBuildCache(), file, 'identity'), 'damaged');
});

/** A parsed page as the content cache keeps it, with `html` as its body. */
function parsed(n: number, html: string): ItemEntry<CachedParse> {
  const page: Page = {
    id: `guides/page-${n}`,
    route: `/guides/page-${n}`,
    kind: 'doc',
    title: `Page ${n}`,
    description: `About hotspot ${n}.`,
    tags: [],
    hideTableOfContents: false,
    toc: [{ depth: 2, text: 'Rewards', id: 'rewards' }],
    anchors: ['rewards'],
    links: [],
    body: { type: 'html', html },
    text: html.replace(/<[^>]+>/g, ' ').trim(),
    docsFeatures: [],
  };
  return { key: `key-${n}`, value: { parsed: { page, assets: [], diagnostics: [] }, diagnostics: [], assetUrls: [] } };
}

const pageOf = (cache: BuildCache, n: number) => cache.content.parses.results.get(`/c/${n}.md`)!.value.parsed!.page;

test('parsed pages come back with their HTML and text read only when asked for, equal to what was saved', async () => {
  const file = join(await mkdtemp(join(tmpdir(), 'docsgen-persist-')), 'cache-0123456789ab.v8');
  const cache = createBuildCache();
  const html = (n: number) =>
    n % 7 === 0
      ? `<p>Cards of section ${n}:</p>${DOC_CARD_LIST_PLACEHOLDER}`
      : `<h2 id="rewards">Rewards → ${n}</h2><p>${'Witness beacons. '.repeat(n % 13)}</p>`;
  for (let n = 0; n < 200; n++) cache.content.parses.results.set(`/c/${n}.md`, parsed(n, html(n)));
  await saveCache(cache, file, 'identity');

  const restored = createBuildCache();
  assert.equal(await restoreCache(restored, file, 'identity'), 'restored');
  const page = pageOf(restored, 3);
  assert.ok(Object.getOwnPropertyDescriptor(page, 'text')?.get, 'the text is read when first asked for');
  assert.ok(Object.getOwnPropertyDescriptor(page.body, 'html')?.get, 'the HTML is read when first asked for');
  for (let n = 0; n < 200; n++) {
    const again = pageOf(restored, n);
    assert.equal(hasDocCardList(again.body as { html: string }), n % 7 === 0, `doc cards of page ${n}`);
    assert.equal(JSON.stringify(again), JSON.stringify(pageOf(cache, n)), `page ${n}`);
  }

  // One page edited: saved again, every other page's body still comes back (from shards read or not).
  const edited = createBuildCache();
  assert.equal(await restoreCache(edited, file, 'identity'), 'restored');
  edited.content.parses.results.set('/c/5.md', parsed(5, '<p>Edited.</p>'));
  await saveCache(edited, file, 'identity');
  const after = createBuildCache();
  assert.equal(await restoreCache(after, file, 'identity'), 'restored');
  assert.equal(pageOf(after, 5).text, 'Edited.');
  for (let n = 0; n < 200; n++)
    if (n !== 5) assert.equal(JSON.stringify(pageOf(after, n)), JSON.stringify(pageOf(cache, n)), `page ${n}`);
});

test("the pages' bodies are sharded by folder: a run of pages of one folder is read from one shard", () => {
  const bodies = CACHE_PARTS.find((part) => part.name === 'page-bodies')!;
  const pages = CACHE_PARTS.find((part) => part.name === 'pages')!;
  const folder = (n: number) => Array.from({ length: 50 }, (_, i) => `/site/content/section-${n}/page-${i}.md`);
  for (let n = 0; n < 10; n++) {
    assert.equal(new Set(folder(n).map((path) => shardOfEntry(bodies, path))).size, 1, `section ${n}`);
    assert.ok(new Set(folder(n).map((path) => shardOfEntry(pages, path))).size > 10, 'pages spread by path');
  }
});
