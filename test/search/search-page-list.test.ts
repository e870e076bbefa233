/**
 * The page list of an index too large to load whole (search/pages.VERSION.json): what it holds, how
 * it is named, and the result groups the engine lists from it before the content files arrive
 * (`listGroups`), which must be those `loadSnippets` gives but for the pending hits.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSearchIndexFromPages } from '../../src/search/build-search-index.js';
import type { SearchPage } from '../../src/search/build-search-pages.js';
import { createSearchEngine, type SearchGroup } from '../../src/search/search-engine.js';
import {
  EAGER_LOAD_BYTES,
  SEARCH_INDEX_VERSION,
  contentFileName,
  pageListName,
  type ContentFile,
  type PageListFile,
  type SearchManifest,
} from '../../src/search/search-index-format.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { GUIDE_SENTENCES } from './fixtures/guide-sentences.js';

/** Guides, and operations of two APIs (labelled), with enough text that the index is not loaded whole. */
function largeSite(pageCount: number, textSentences = 60): SearchPage[] {
  const random = seededRandom(3);
  const text = (n: number) => Array.from({ length: n }, () => random.pick(GUIDE_SENTENCES)).join(' ');
  return Array.from({ length: pageCount }, (_, p): SearchPage => {
    const sections = [
      { heading: '', anchor: '', text: text(textSentences), keywords: '' },
      { heading: `Section of ${p}`, anchor: `section-${p}`, text: text(5), keywords: '' },
    ];
    if (p % 3 === 0) return { route: `/guides/page-${p}`, title: `Guide ${p}`, type: 'guide', sections };
    const api = p % 3 === 1 ? 'v1' : 'v2';
    return { route: `/${api}/op-${p}`, title: `Operation ${p}`, type: 'operation', badge: 'GET', api, sections };
  });
}

type Files = Map<string, string>;
const filesOf = (pages: SearchPage[]): Files =>
  new Map(buildSearchIndexFromPages(pages).files.map((f) => [f.path.replace(/^search\//, ''), String(f.contents)]));
const manifestOf = (files: Files) => JSON.parse(files.get('index.json')!) as SearchManifest;

const site = largeSite(140);
const files = filesOf(site);
const manifest = manifestOf(files);

describe('the page list', () => {
  test('an index too large to load whole has one, named by its version and listed in the manifest (format 3)', () => {
    assert.equal(SEARCH_INDEX_VERSION, 3);
    assert.equal(manifest.version, 3);
    assert.ok(manifest.totalBytes > EAGER_LOAD_BYTES, `an index of ${manifest.totalBytes} bytes is loaded whole`);
    assert.match(manifest.pageListVersion ?? '', /^[A-Za-z0-9_-]{8}$/);
    assert.ok(files.has(pageListName(manifest)), `no ${pageListName(manifest)}`);
    assert.deepEqual(
      [...files.keys()].filter((name) => name.startsWith('pages.')),
      [pageListName(manifest)],
    );
  });

  test("each page's entry is the start of its content entry: route, title, type, badge, then its API's label", () => {
    const { pages } = JSON.parse(files.get(pageListName(manifest))!) as PageListFile;
    const contents = Array.from(
      { length: manifest.contentFiles },
      (_, n) => JSON.parse(files.get(contentFileName(manifest, n))!) as ContentFile,
    ).flatMap((file) => file.pages);
    assert.equal(pages.length, site.length);
    assert.deepEqual(
      pages,
      contents.map(([route, title, type, badge, , api]) =>
        api ? [route, title, type, badge, api] : [route, title, type, badge],
      ),
    );
    assert.deepEqual(pages[1], ['/v1/op-1', 'Operation 1', 'operation', 'GET', 'v1']);
    assert.deepEqual(pages[3], ['/guides/page-3', 'Guide 3', 'guide', '']);
  });

  test('a small index, loaded whole when search opens, has none', () => {
    const small = filesOf(largeSite(6, 2));
    const m = manifestOf(small);
    assert.ok(m.totalBytes <= EAGER_LOAD_BYTES, `an index of ${m.totalBytes} bytes is not loaded whole`);
    assert.equal(m.pageListVersion, undefined);
    assert.deepEqual(
      [...small.keys()].filter((name) => name.startsWith('pages.')),
      [],
    );
  });

  test('it keeps its name (and writer key) when a page body changes, and gets a new one when a title changes', () => {
    const index = (pages: SearchPage[]) => buildSearchIndexFromPages(pages);
    const listOf = (pages: SearchPage[]) => index(pages).files.find((f) => f.path.startsWith('search/pages.'))!;
    const before = listOf(site);
    const edited = site.map((page, p) =>
      p === 5
        ? { ...page, sections: [{ heading: '', anchor: '', text: 'Something else entirely.', keywords: '' }] }
        : page,
    );
    const retitled = site.map((page, p) => (p === 5 ? { ...page, title: 'Renamed' } : page));
    assert.equal(listOf(edited).path, before.path);
    assert.equal((listOf(edited) as { key?: string }).key, (before as { key?: string }).key);
    assert.notEqual(listOf(retitled).path, before.path);
  });

  test('a manifest of format 2 is refused', async () => {
    const engine = createSearchEngine(async (name) =>
      name === 'index.json' ? { ...manifest, version: 2 } : JSON.parse(files.get(name)!),
    );
    await assert.rejects(engine.search('cursor'), /version 2 is not supported/);
  });
});

/** A group as a result list shows it before its snippets: all but the hits' sections. */
const outline = (group: SearchGroup) => ({
  ...group,
  hits: group.hits.map(() => ({ route: group.route, heading: [], snippet: [], pending: true })),
});

describe('groups listed before their content arrives', () => {
  const queries = ['cursor', 'rewards epoch', 'min_time', 'hot', 'operation', 'v1 section', 'guide 12'];

  test('ready() loads the manifest and the page list; listGroups then downloads no content file', async () => {
    const loaded: string[] = [];
    const engine = createSearchEngine(
      async (name) => {
        loaded.push(name);
        return JSON.parse(files.get(name)!);
      },
      { warmUp: async () => 0 },
    );
    await engine.ready();
    assert.deepEqual(loaded, ['index.json', pageListName(manifest)]);
    for (const query of queries) {
      const top = (await engine.search(query)).top(8);
      assert.ok(top.length > 0, `no results for '${query}'`);
      await engine.listGroups(top, { hitsPerGroup: 3 });
    }
    assert.deepEqual(
      loaded.filter((name) => name.startsWith('content-')),
      [],
    );
  });

  test('they are the groups loadSnippets gives with their hits pending; once the content is there, the same groups', async () => {
    const engine = createSearchEngine(async (name) => JSON.parse(files.get(name)!), { warmUp: async () => 0 });
    await engine.ready();
    for (const query of queries) {
      const top = (await engine.search(query)).top(8);
      const listed = await engine.listGroups(top, { hitsPerGroup: 3 });
      const described = await engine.loadSnippets(top, { hitsPerGroup: 3 });
      assert.ok(
        listed.some((group) => group.hits.some((hit) => hit.pending)),
        `'${query}': every content file had arrived`,
      );
      // A page whose content had arrived for an earlier query is described in full at once.
      assert.deepEqual(
        listed,
        described.map((group, g) => (listed[g].hits.some((hit) => hit.pending) ? outline(group) : group)),
        query,
      );
      assert.deepEqual(await engine.listGroups(top, { hitsPerGroup: 3 }), described, query);
    }
  });

  test('on a small index they are described in full (its content loads whole)', async () => {
    const small = filesOf(largeSite(6, 2));
    const engine = createSearchEngine(async (name) => JSON.parse(small.get(name)!));
    await engine.ready();
    const top = (await engine.search('cursor')).top(8);
    assert.ok(top.length > 0, "no results for 'cursor'");
    assert.deepEqual(await engine.listGroups(top), await engine.loadSnippets(top));
  });
});
