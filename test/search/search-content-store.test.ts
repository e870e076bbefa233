/**
 * The search index's content entries kept in a scratch folder (`spooledContents`, `docsgen build
 * --no-cache`) instead of in memory: the files must be the very bytes of the in-memory index, for
 * any pages (multi-byte text, lone surrogates, empty pages) and any content file size.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSearchIndexMerger, indexSearchPart } from '../../src/search/build-search-index.js';
import { spooledContents } from '../../src/search/content-store.js';
import type { SearchPage } from '../../src/search/build-search-pages.js';
import { isSpooled, type OutputFile, type SpooledFile } from '../../src/output/output-file.js';
import { seededRandom } from '../helpers/seeded-random.js';

const WORDS = [
  'hotspot',
  'rewards',
  'witness',
  'beacon',
  'hex',
  'Zürich',
  'データ',
  '🛰️ uplink',
  'lone \ud800 half',
  '',
];

function randomPages(random: ReturnType<typeof seededRandom>, first: number, count: number): SearchPage[] {
  const text = () => Array.from({ length: Math.floor(random.next() * 40) }, () => random.pick(WORDS)).join(' ');
  return Array.from({ length: count }, (_, i) => ({
    route: `/guides/page-${first + i}`,
    title: `${random.pick(WORDS)} ${first + i}`,
    type: random.pick(['guide', 'example'] as const),
    sections: Array.from({ length: 1 + Math.floor(random.next() * 4) }, (_, s) => ({
      heading: s === 0 ? '' : text().slice(0, 30),
      anchor: s === 0 ? '' : `part-${s}`,
      text: text(),
      keywords: '',
    })),
  }));
}

/** Each file's path and bytes (a spooled file read from its scratch file). */
const bytesOf = async (files: readonly (OutputFile | SpooledFile)[]) =>
  Promise.all(
    files.map(async (file) => [file.path, isSpooled(file) ? await readFile(file.spooled) : Buffer.from(file.contents)]),
  );

test('content entries spooled to a scratch folder give the bytes of the in-memory index, content files spooled', async () => {
  const random = seededRandom(1307);
  for (let round = 0; round < 12; round++) {
    const scratch = await mkdtemp(join(tmpdir(), 'docsgen-search-spool-'));
    const inMemory = createSearchIndexMerger();
    const spooled = createSearchIndexMerger(spooledContents(scratch));
    let first = 0;
    for (let part = 0; part < 1 + Math.floor(random.next() * 6); part++) {
      const pages = randomPages(random, first, Math.floor(random.next() * 9));
      first += pages.length;
      inMemory.add(indexSearchPart(pages));
      spooled.add(indexSearchPart(pages));
    }
    const options = { contentFileBytes: 1 + Math.floor(random.next() * 3000) };
    const expected = inMemory.finish(options);
    const actual = spooled.finish(options);
    assert.deepEqual(actual.manifest, expected.manifest, `round ${round}: the same manifest`);
    assert.deepEqual(await bytesOf(actual.files), await bytesOf(expected.files), `round ${round}: the same bytes`);
    const contentFiles = actual.files.filter((file) => file.path.includes('/content-'));
    assert.equal(contentFiles.length, expected.manifest.contentFiles, `round ${round}: every content file`);
    assert.ok(contentFiles.every(isSpooled), `round ${round}: content files are given as scratch files`);
    await rm(scratch, { recursive: true, force: true });
  }
});
