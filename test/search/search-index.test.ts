/** Unit tests of the embedded search: terms, sections, the split index and the engine (query plans: plan-query.test.ts). */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { tokenize, indexTerms } from '../../src/search/search-terms.js';
import { htmlTree, textSections } from '../../src/shared/hast-text.js';
import { buildSearchPages } from '../../src/search/build-search-pages.js';
import { operationFields } from '../../src/openapi/api-anchors.js';
import { buildSearchIndex } from '../../src/search/build-search-index.js';
import { packTerms, splitTermKeys } from '../../src/search/pack-terms.js';
import { unpackTerm } from './fixtures/minisearch-reference.js';
import { createSearchEngine, termFilesFor } from '../../src/search/search-engine.js';
import { highlight, snippet } from '../../src/search/snippet.js';
import { contentFileName, termFileName, type SearchManifest } from '../../src/search/search-index-format.js';
import type { Page } from '../../src/model.js';
import type { ApiOperationView } from '../../src/api-view.js';

const texts = (text: string) => tokenize(text).map((t) => t.text);

describe('terms', () => {
  test('identifiers are kept whole and split into parts', () => {
    assert.deepEqual(texts('min_time'), ['min_time', 'min', 'time']);
    assert.deepEqual(texts('GET /gateways/{address}/mobile/rewards.'), [
      'get',
      'gateways/{address}/mobile/rewards',
      'gateways',
      'address',
      'mobile',
      'rewards',
    ]);
    assert.deepEqual(texts('x-api-key'), ['x-api-key', 'x', 'api', 'key']);
  });

  test('camelCase names give the whole word and its parts', () => {
    assert.deepEqual(texts('rewardType'), ['rewardtype', 'reward', 'type']);
  });

  test('offsets point into the source, also after non-ASCII text', () => {
    const text = 'Café 😀 naïve cbsd_id';
    for (const token of tokenize(text)) assert.equal(text.slice(token.start, token.end).toLowerCase(), token.text);
    assert.deepEqual(texts(text), ['café', 'naïve', 'cbsd_id', 'cbsd', 'id']);
  });

  test('stop words are dropped and plain words are indexed with their stem', () => {
    assert.deepEqual(indexTerms('the'), []);
    assert.deepEqual(indexTerms('authentication'), ['authentication', 'authent']);
    assert.deepEqual(indexTerms('cbsd_id'), ['cbsd_id']);
  });
});

describe('sections', () => {
  test('HTML is split at h2 and h3 with their ids, without the hash links', () => {
    const html =
      '<p>Intro &amp; more.</p><h2 id="limits">Rate limits<a class="hash-link" href="#limits" aria-label="Direct link to Rate limits">#</a></h2><p>Up to <code>10</code>/s.</p><h3 id="retry">Retry</h3><ul><li>Back off</li></ul><h4 id="x">Deep</h4><p>still retry</p>';
    assert.deepEqual(
      textSections(htmlTree(html)).map((s) => [s.heading, s.anchor, s.text]),
      [
        ['', '', 'Intro & more.'],
        ['Rate limits', 'limits', 'Up to 10/s.'],
        ['Retry', 'retry', 'Back off Deep still retry'],
      ],
    );
  });

  const page = (over: Partial<Page>): Page => ({
    id: 'x',
    route: '/x',
    kind: 'doc',
    title: 'X',
    description: '',
    tags: [],
    hideTableOfContents: false,
    toc: [],
    anchors: [],
    links: [],
    body: { type: 'html', html: '<p>Body.</p>' },
    text: 'Body.',
    docsFeatures: [],
    ...over,
  });

  const operation: ApiOperationView = {
    slug: 'radio-rewards',
    method: 'get',
    path: '/radios/{cbsd_id}/rewards',
    pathSegments: [],
    serverUrl: 'https://api.example.com/v0',
    servers: [],
    summary: 'Radio rewards',
    operationId: 'getRadioRewards',
    tags: ['Radios'],
    deprecated: false,
    descriptionHtml: '<p>Rewards of one radio.</p>',
    security: [],
    parameterGroups: [
      {
        location: 'path',
        id: 'path-parameters',
        title: 'Path parameters',
        parameters: [
          {
            name: 'cbsd_id',
            in: 'path',
            required: true,
            deprecated: false,
            type: 'string',
            constraints: [],
            descriptionHtml: '<p>CBSD id.</p>',
          },
        ],
      },
      {
        location: 'query',
        id: 'query-parameters',
        title: 'Query parameters',
        parameters: [
          { name: 'min_time', in: 'query', required: false, deprecated: false, type: 'string', constraints: [] },
        ],
      },
    ],
    responses: [
      {
        id: 'response-200',
        status: '200',
        label: '200',
        kind: 'success',
        descriptionHtml: '<p>The rewards.</p>',
        headers: [
          { name: 'X-Quota', in: 'header', required: false, deprecated: false, type: 'integer', constraints: [] },
        ],
      },
    ],
    codeSamples: [],
    visibleTabs: 6,
    sections: [
      { id: 'parameters', text: 'Parameters', depth: 2 },
      { id: 'path-parameters', text: 'Path parameters', depth: 3 },
      { id: 'query-parameters', text: 'Query parameters', depth: 3 },
      { id: 'responses', text: 'Responses', depth: 2 },
    ],
  };

  test('an operation gives method, path, base path, id and tags as keywords, and one section per field with its deep link', () => {
    const [searchPage] = buildSearchPages([
      page({
        kind: 'api-operation',
        route: '/api/reference/radio-rewards',
        title: 'Radio rewards',
        badge: 'GET',
        body: { type: 'api-operation', operation },
      }),
    ]);
    assert.equal(searchPage.type, 'operation');
    assert.equal(searchPage.badge, 'GET');
    const fields = operationFields(operation);
    assert.deepEqual(
      searchPage.sections.map((s) => [s.heading, s.anchor, s.keywords]),
      [
        ['', '', 'GET /radios/{cbsd_id}/rewards /v0/radios/{cbsd_id}/rewards getRadioRewards Radios'],
        ['Responses', 'responses', ''],
        ...fields.map((f) => [
          f.name,
          f.anchor,
          f.name.includes('.') ? `${f.name} ${f.name.split('.').pop()}` : f.name,
        ]),
      ],
    );
    assert.deepEqual(fields.map((f) => f.anchor).slice(0, 2), ['param-path-cbsd_id', 'param-query-min_time']);
    assert.match(searchPage.sections[2].text, /^Path parameter\. CBSD id\./);
    assert.ok(
      searchPage.sections.slice(2).every((s) => s.field),
      'searchPage.sections.slice(2).every((s) => s.field)',
    );
  });

  test('pages are typed, the search and not-found pages left out, descriptions and tags count for the top', () => {
    const pages = buildSearchPages([
      page({ route: '/guides/a', description: 'All about quotas.', tags: ['quota'] }),
      page({ route: '/examples/b' }),
      page({ route: '/search', kind: 'search' }),
      page({ route: '/404', kind: 'not-found' }),
    ]);
    assert.deepEqual(
      pages.map((p) => [p.route, p.type]),
      [
        ['/guides/a', 'guide'],
        ['/examples/b', 'example'],
      ],
    );
    assert.equal(pages[0].sections[0].text, 'All about quotas. Body.');
    assert.equal(pages[0].sections[0].keywords, 'quota');
  });
});

describe('term files', () => {
  test('postings survive packing', () => {
    const index: [string, Record<string, Record<string, number>>][] = [['cursor', { 0: { 3: 1, 9: 2 }, 3: { 1: 1 } }]];
    assert.deepEqual(packTerms(index), [['cursor', [0, [3, 6], [1, 2]], [3, [1]]]]);
    assert.deepEqual(unpackTerm(packTerms(index)[0]), index[0]);
  });

  test('every term is in the file of the longest key that starts it', () => {
    const words = ['a', 'ab', 'abc', 'abd', 'b', 'ba', 'bb', 'c', 'cursor', 'cursors', 'curse', 'zebra', 'ß', '漢字'];
    const packed = packTerms(words.map((w, i) => [w, { 0: { [i]: 1 } }]));
    const { keys, fileOf, groups } = splitTermKeys(packed, 30);
    assert.ok(groups.length > 2, 'small files');
    for (const word of words) {
      const key = keys.filter((k) => word.startsWith(k)).sort((a, b) => b.length - a.length)[0];
      assert.ok(key !== undefined, word);
      assert.ok(
        groups[fileOf[keys.indexOf(key)]].some((t) => t[0] === word),
        `${word} in the file of "${key}"`,
      );
    }
  });
});

/** A small site whose index is split into many small files. */
function smallSite(): Page[] {
  const page = (route: string, title: string, html: string, kind: Page['kind'] = 'doc'): Page => ({
    id: route,
    route,
    kind,
    title,
    description: '',
    tags: [],
    hideTableOfContents: false,
    toc: [],
    anchors: [],
    links: [],
    body: { type: 'html', html },
    text: '',
    docsFeatures: [],
  });
  return [
    page('/', 'Home', '<p>Welcome to the gateway API.</p>', 'home'),
    page(
      '/guides/pagination',
      'Pagination',
      '<p>Lists come a page at a time.</p><h2 id="cursor">The cursor</h2><p>Pass the cursor from the next link to read the next page.</p><h2 id="limit">Page size</h2><p>Use limit up to 256.</p>',
    ),
    page(
      '/guides/authentication',
      'Authentication',
      '<p>Send your API key in the x-api-key header.</p><h2 id="errors">401 and 403</h2><p>A missing key gives 401.</p>',
    ),
    page(
      '/examples/rewards',
      'Daily rewards of a gateway',
      '<p>Sum the rewards of one hotspot per day.</p><h2 id="request">Request</h2><p>Call the sum endpoint with bucket=day and min_time.</p>',
    ),
  ];
}

describe('engine', () => {
  const index = buildSearchIndex(smallSite(), { termFileBytes: 200, contentFileBytes: 100 });
  const files = new Map(index.files.map((f) => [f.path.replace(/^search\//, ''), String(f.contents)]));

  test('the build writes a manifest and term and content files named by their versions', () => {
    const manifest = JSON.parse(files.get('index.json')!) as SearchManifest;
    assert.equal(manifest.sections.length, 4);
    assert.ok(manifest.termFiles > 3, 'manifest.termFiles > 3');
    assert.equal(manifest.contentFiles, 4);
    const named = [
      ...manifest.termFileVersions.map((_, n) => termFileName(manifest, n)),
      ...manifest.contentFileVersions.map((_, n) => contentFileName(manifest, n)),
    ];
    assert.deepEqual(named.sort(), [...files.keys()].filter((k) => k !== 'index.json').sort());
    assert.ok(
      named.every((name) => /^(terms|content)-\d+\.[A-Za-z0-9_-]{8}\.json$/.test(name)),
      `names: ${named.join(', ')}`,
    );
  });

  test('a query loads only the term files of its words and the content of the results it shows', async () => {
    const loaded: string[] = [];
    const engine = createSearchEngine(async (name) => {
      loaded.push(name);
      return JSON.parse(files.get(name)!);
    });
    const outcome = await engine.search('cursor');
    const [group] = await engine.loadSnippets(outcome.groups.slice(0, 1));
    assert.equal(group.route, '/guides/pagination');
    assert.deepEqual(
      group.hits.map((h) => h.route),
      ['/guides/pagination#cursor'],
    );
    assert.deepEqual(group.hits[0].heading, [{ text: 'The ' }, { text: 'cursor', mark: true }]);
    assert.ok(
      loaded.filter((n) => n.includes('terms-')).length < index.manifest.termFiles / 2,
      `loaded ${loaded.join(', ')}`,
    );
    assert.deepEqual(
      loaded.filter((n) => n.includes('content-')),
      [contentFileName(index.manifest, 1)],
    );
  });

  test('results are the same with the index loaded whole or piece by piece', async () => {
    const load = async (name: string) => JSON.parse(files.get(name)!);
    const eager = createSearchEngine(load);
    await eager.ready();
    for (const query of [
      'page',
      'rewards hotspot',
      'x-api-key',
      'min_time',
      'curs',
      'pagination cursor',
      'gatway',
      'pagnation curs',
    ]) {
      const lazy = createSearchEngine(load);
      const [a, b] = await Promise.all([eager.search(query), lazy.search(query)]);
      assert.deepEqual(
        b.groups.map((g) => g.page),
        a.groups.map((g) => g.page),
        query,
      );
    }
  });

  test('pages matching every word (in any of their sections), else pages matching any word', async () => {
    const engine = createSearchEngine(async (name) => JSON.parse(files.get(name)!));
    const both = await engine.search('cursor limit');
    assert.equal(both.mode, 'AND');
    assert.deepEqual(
      (await engine.loadSnippets(both.groups)).map((g) => g.route),
      ['/guides/pagination'],
    );
    const outcome = await engine.search('cursor unicorn');
    assert.equal(outcome.mode, 'OR');
    assert.ok(outcome.groups.length > 0, 'outcome.groups.length > 0');
  });

  test('typos and prefixes match', async () => {
    const engine = createSearchEngine(async (name) => JSON.parse(files.get(name)!));
    const routes = async (q: string) =>
      (await engine.loadSnippets((await engine.search(q)).groups)).map((g) => g.route);
    assert.ok(
      (await routes('authentcation')).includes('/guides/authentication'),
      "(await routes('authentcation')).includes('/guides/authentication')",
    );
    assert.ok(
      (await routes('paginat')).includes('/guides/pagination'),
      "(await routes('paginat')).includes('/guides/pagination')",
    );
    assert.equal((await routes('pagnation curs'))[0], '/guides/pagination');
  });

  test('a failed download rejects the search, and the next search tries again', async () => {
    let fail = true;
    const engine = createSearchEngine(async (name) => {
      if (fail) throw new Error('offline');
      return JSON.parse(files.get(name)!);
    });
    await assert.rejects(engine.search('cursor'), /offline/);
    fail = false;
    assert.ok((await engine.search('cursor')).groups.length > 0, "(await engine.search('cursor')).groups.length > 0");
  });

  test('suggestions for a query with no results', async () => {
    const engine = createSearchEngine(async (name) => JSON.parse(files.get(name)!));
    assert.equal((await engine.search('zzzzqqq')).groups.length, 0);
    const suggestions = await engine.suggest('zzzzqqq');
    assert.ok(suggestions.length > 0 && suggestions.length <= 3, 'suggestions.length > 0 && suggestions.length <= 3');
  });

  test('termFilesFor: a short prefix on a large index loads only its own file', () => {
    const manifest = { termKeys: ['g', 'ga', 'gaa', 'gat'], termFileOf: [0, 1, 2, 3] } as SearchManifest;
    const plan = (term: string, prefix: boolean) => ({ words: [{ lookups: [{ term, prefix, fuzzy: 0 }] }] });
    assert.deepEqual(termFilesFor(manifest, plan('ga', true)), [1]);
    assert.deepEqual(termFilesFor(manifest, plan('ga', true), true), [1, 2, 3]);
    assert.deepEqual(termFilesFor(manifest, plan('gat', true)), [3]);
    assert.deepEqual(termFilesFor(manifest, plan('gx', false)), [0]);
  });
});

describe('snippets', () => {
  test('matched words are marked, by their form or their stem', () => {
    assert.deepEqual(highlight('Rewards of the gateway', ['reward', 'gatewai']), [
      { text: 'Rewards', mark: true },
      { text: ' of the ' },
      { text: 'gateway', mark: true },
    ]);
  });

  test('a long text is cut around the densest run of matches', () => {
    const text = `${'Lorem ipsum dolor sit amet. '.repeat(20)}Pass the cursor from the next link. ${'Filler text here. '.repeat(20)}`;
    const parts = snippet(text, ['cursor'], 80);
    const joined = parts.map((p) => p.text).join('');
    assert.ok(joined.startsWith('…') && joined.endsWith('…'), "joined.startsWith('…') && joined.endsWith('…')");
    assert.ok(joined.length <= 90, joined);
    assert.ok(
      parts.some((p) => p.mark && p.text === 'cursor'),
      "parts.some((p) => p.mark && p.text === 'cursor')",
    );
  });
});

test('the parts of a matched identifier are marked inside it only', () => {
  assert.deepEqual(highlight('Time series: min_time and max_time', ['min_time', 'min', 'time']), [
    { text: 'Time series: ' },
    { text: 'min_time', mark: true },
    { text: ' and max_time' },
  ]);
  // Written out as words, the identifier is marked as a whole: a field's description says 'CBSD id'.
  assert.deepEqual(highlight('CBSD id of a radio; the id of a CBSD', ['cbsd_id', 'cbsd', 'id']), [
    { text: 'CBSD id', mark: true },
    { text: ' of a radio; the id of a CBSD' },
  ]);
  assert.deepEqual(highlight('The rewardType field', ['reward']), [
    { text: 'The ' },
    { text: 'reward', mark: true },
    { text: 'Type field' },
  ]);
});
