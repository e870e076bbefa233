/**
 * What the engine does for a reader's keystrokes on a large index: it runs once on a made-up index
 * before the first query (warm-up.ts), and fetches the term files of a word's third letter while
 * the reader types it (prefetchFilesFor) — without changing any result.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSearchIndex } from '../../src/search/build-search-index.js';
import { createSearchEngine, type LoadIndexFile, type SearchEngine } from '../../src/search/search-engine.js';
import { PREFETCH_FILES, prefetchFilesFor } from '../../src/search/search-index-loader.js';
import { EAGER_LOAD_BYTES, type SearchManifest } from '../../src/search/search-index-format.js';
import { madeUpFiles, madeUpIndex, warmUp, warmUpQueries } from '../../src/search/warm-up.js';
import { generateSearchSite } from './fixtures/generate-search-site.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { GUIDE_SENTENCES } from './fixtures/guide-sentences.js';

const site = generateSearchSite({ pages: 90, corpus: GUIDE_SENTENCES, vocabulary: 3000 });
const index = buildSearchIndex(site, { termFileBytes: 1500, contentFileBytes: 1000 });
const files = new Map(index.files.map((f) => [f.path.replace(/^search\//, ''), String(f.contents)]));
const read = (name: string) => JSON.parse(files.get(name)!) as unknown;

/**
 * A query typed a character at a time, as the modal searches: per keystroke the total, the first
 * 8 pages with their scores, and their snippets.
 */
async function typeQuery(engine: SearchEngine, query: string): Promise<unknown[]> {
  const seen: unknown[] = [];
  for (let i = 1; i <= query.length; i++) {
    const outcome = await engine.search(query.slice(0, i).trim());
    const top = outcome.top(8);
    const described = await engine.loadSnippets(top, { hitsPerGroup: 3 });
    seen.push([outcome.total, top.map((g) => [g.page, g.score, g.matched]), described]);
  }
  return seen;
}

describe('warm-up', () => {
  test('every made-up query but one letter and the nonsense one finds pages, as the warm-up runs them', async () => {
    const engine = createSearchEngine(madeUpFiles(madeUpIndex()));
    for (const query of warmUpQueries()) {
      const { total } = await engine.search(query);
      // One letter is no prefix yet ('g' looks for the word 'g'): it and the nonsense word find nothing.
      if (query === 'qqqzx' || query.length === 1) assert.equal(total, 0, query);
      else assert.ok(total > 0, `no pages for '${query}'`);
    }
    assert.ok((await warmUp(createSearchEngine)) > 0, 'the warm-up found pages');
  });

  test('ready() runs it on a large index and downloads only the manifest; a small index loads whole, no warm-up', async () => {
    for (const large of [true, false]) {
      const loaded: string[] = [];
      let warmed = 0;
      const engine = createSearchEngine(
        async (name) => {
          loaded.push(name);
          const file = read(name) as SearchManifest;
          return name === 'index.json' ? { ...file, totalBytes: large ? EAGER_LOAD_BYTES + 1 : 1 } : file;
        },
        { warmUp: async () => warmed++ },
      );
      await engine.ready();
      await engine.ready();
      assert.equal(warmed, large ? 1 : 0, `warm-ups, large: ${large}`);
      assert.equal(loaded.length, large ? 1 : index.files.length, loaded.join(', '));
    }
  });
});

describe('term files fetched a letter ahead', () => {
  const manifest = {
    termKeys: ['c', 'cu', 'cur', 'cus', 'g', 'ga', 'gaa', 'gab', 'gac', 'gad', 'gae', 'gaf', 'gag', 'gah', 'gai'],
    termFileOf: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
  } as SearchManifest;
  const typing = (term: string, prefix = true) => ({ words: [{ lookups: [{ term, prefix, fuzzy: 0 }] }] });

  test('prefetchFilesFor: the files under a two-letter word being typed, when they are few', () => {
    assert.deepEqual(prefetchFilesFor(manifest, typing('cu')), [1, 2, 3]);
    assert.deepEqual(prefetchFilesFor(manifest, typing('cu', false)), [], 'a finished word');
    assert.deepEqual(prefetchFilesFor(manifest, typing('cur')), [], 'its files are loaded with it');
    assert.ok(PREFETCH_FILES < 10, 'the ga test needs more files than PREFETCH_FILES');
    assert.deepEqual(prefetchFilesFor(manifest, typing('ga')), [], 'ten files under ga');
  });

  test('two letters of a word fetch, at low priority, the term files of the third; the third fetches no term file', async () => {
    const m = read('index.json') as SearchManifest;
    // A word whose two-letter prefix spans two files or more, but few.
    const words = [...new Set(site.flatMap((p) => p.title.toLowerCase().split(' ')))].filter((w) => w.length > 4);
    const word = words.find((w) => {
      const ahead = prefetchFilesFor(m, typing(w.slice(0, 2))).length;
      return ahead >= 2 && ahead <= PREFETCH_FILES;
    });
    assert.ok(word, 'a word to type');
    const requests: { name: string; priority?: string }[] = [];
    const engine = createSearchEngine(async (name, options) => {
      requests.push({ name, priority: options?.priority });
      return read(name);
    });
    await engine.search(word.slice(0, 2));
    const ahead = requests.filter((r) => r.priority === 'low').map((r) => r.name);
    assert.ok(ahead.length >= 1 && ahead.every((name) => name.startsWith('terms-')), ahead.join(', '));
    const before = requests.length;
    await engine.search(word.slice(0, 3));
    const third = requests.slice(before).filter((r) => r.name.startsWith('terms-'));
    assert.deepEqual(third, [], `the third letter of '${word}' fetched ${third.map((r) => r.name).join(', ')}`);
  });

  test('results are the same whether files fetched ahead arrive at once, late or never (random queries typed)', async () => {
    const random = seededRandom(20261125);
    const words = [...new Set(site.flatMap((p) => `${p.title} ${p.description}`.toLowerCase().split(/\W+/)))].filter(
      (w) => w.length > 2,
    );
    const delay = () => new Promise((resolve) => setTimeout(resolve, Math.floor(random.next() * 3)));
    const engines = (): SearchEngine[] => {
      const variant =
        (ahead: 'now' | 'late' | 'never'): LoadIndexFile =>
        async (name, options) => {
          if (options?.priority === 'low' && ahead === 'never') throw new Error('not fetched ahead');
          if (options?.priority === 'low' && ahead === 'late') await delay();
          return read(name);
        };
      return [
        createSearchEngine(variant('never')),
        createSearchEngine(variant('now')),
        createSearchEngine(variant('late')),
      ];
    };
    for (let run = 0; run < 25; run++) {
      const query = Array.from({ length: 1 + Math.floor(random.next() * 3) }, () => random.pick(words)).join(' ');
      const [without, ...ahead] = engines();
      const expected = await typeQuery(without, query);
      for (const engine of ahead) assert.deepEqual(await typeQuery(engine, query), expected, query);
    }
  });
});
