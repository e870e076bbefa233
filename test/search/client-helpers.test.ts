/** The browser search helpers that need no browser: Algolia parameters, URLs, recent searches. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  algoliaSearchParameters,
  askAiOption,
  markedParts,
  rewriteHitUrl,
} from '../../src/client/search/algolia-params.js';
import { groupRecords } from '../../src/client/search/algolia-source.js';
import { DEFAULT_EXAMPLE_ROUTES } from '../../src/config/schema.js';
import { reportHref, searchPageHref, type SearchSettings } from '../../src/client/search/search-settings.js';
import { createRecentSearches } from '../../src/client/search/recent-searches.js';
import { createSafeStorage } from '../../src/client/storage.js';

test('contextual search off: the configured search parameters pass through unchanged', () => {
  assert.deepEqual(
    algoliaSearchParameters(
      { contextualSearch: false, searchParameters: { hitsPerPage: 7, facetFilters: ['type:content'] } },
      { language: 'en' },
    ),
    { hitsPerPage: 7, facetFilters: ['type:content'] },
  );
});

test('contextual search on: language and docs tag filters, merged with the configured ones', () => {
  assert.deepEqual(
    algoliaSearchParameters(
      { contextualSearch: true, searchParameters: { facetFilters: 'type:content', clickAnalytics: true } },
      { language: 'en' },
    ),
    {
      clickAnalytics: true,
      facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'], 'type:content'],
    },
  );
  assert.deepEqual(
    algoliaSearchParameters(
      { contextualSearch: true, searchParameters: {} },
      { language: 'fr', docsTags: ['docs-default-2.0'] },
    ).facetFilters,
    ['language:fr', ['docusaurus_tag:docs-default-2.0']],
  );
});

test('Ask AI only when configured and the library is 4.x', () => {
  assert.equal(askAiOption('assistant-1', '4.2.0'), 'assistant-1');
  assert.deepEqual(askAiOption({ assistantId: 'a' }, '4.7.1'), { assistantId: 'a' });
  assert.equal(askAiOption('assistant-1', '5.2.0'), undefined);
  assert.equal(askAiOption('assistant-1', '3.9.0'), undefined);
  assert.equal(askAiOption(undefined, '4.2.0'), undefined);
});

test('hit URLs become in-site paths unless they match the external pattern', () => {
  assert.equal(rewriteHitUrl('https://docs.heliumgeek.com/guides/pagination#cursor'), '/guides/pagination#cursor');
  assert.equal(rewriteHitUrl('https://docs.heliumgeek.com/search?q=x'), '/search?q=x');
  assert.equal(
    rewriteHitUrl('https://docs.helium.com/mine', '^https://docs\\.helium\\.com'),
    'https://docs.helium.com/mine',
  );
  assert.equal(rewriteHitUrl('/guides/usage'), '/guides/usage');
  assert.equal(rewriteHitUrl('https://docs.heliumgeek.com/a', '(broken'), '/a');
});

test('highlighted values become text parts', () => {
  assert.deepEqual(markedParts('Use <mark>cursor</mark> &amp; limit'), [
    { text: 'Use ' },
    { text: 'cursor', mark: true },
    { text: ' & limit' },
  ]);
  assert.deepEqual(markedParts(undefined), []);
});

/** The config's defaults, on a site at the root. */
const DEFAULT_ROUTES = { baseUrl: '/', exampleRoutes: DEFAULT_EXAMPLE_ROUTES, apiRoutePrefix: '/api/reference' };

test('DocSearch records are grouped by page with their deepest heading', () => {
  const groups = groupRecords(
    [
      {
        url: 'https://x.dev/guides/pagination#cursor',
        hierarchy: { lvl0: 'Guides', lvl1: 'Pagination', lvl2: 'The cursor' },
        _snippetResult: { content: { value: 'the <mark>cursor</mark>' } },
      },
      {
        url: 'https://x.dev/guides/pagination#limit',
        hierarchy: { lvl0: 'Guides', lvl1: 'Pagination', lvl2: 'Limit' },
        content: 'limit',
      },
      { url: 'https://x.dev/api/reference/radios', hierarchy: { lvl0: 'API', lvl1: 'Radios' } },
    ],
    DEFAULT_ROUTES,
  );
  assert.deepEqual(
    groups.map((g) => [g.href, g.titleText, g.type, g.hits.map((h) => h.href)]),
    [
      ['/guides/pagination', 'Pagination', 'guide', ['/guides/pagination#cursor', '/guides/pagination#limit']],
      ['/api/reference/radios', 'Radios', 'api', ['/api/reference/radios']],
    ],
  );
  assert.deepEqual(groups[0].hits[0].snippet, [{ text: 'the ' }, { text: 'cursor', mark: true }]);
});

test("a hit's type follows config search.exampleRoutes and apiRoutePrefix under the site's baseUrl", () => {
  const record = (url: string) => ({ url, hierarchy: { lvl1: url } });
  const routes = {
    baseUrl: '/docs/',
    exampleRoutes: ['/cookbook', '/tutorials/samples'],
    apiRoutePrefix: '/reference',
  };
  const types = groupRecords(
    [
      'https://x.dev/docs/cookbook',
      'https://x.dev/docs/cookbook/send-a-packet#curl',
      'https://x.dev/docs/tutorials/samples/rewards',
      'https://x.dev/docs/tutorials/first-steps',
      'https://x.dev/docs/cookbook-archive/old',
      'https://x.dev/docs/examples/not-configured',
      'https://x.dev/docs/reference/list-gateways',
      'https://x.dev/docs/api/reference/not-configured',
      // Outside the baseUrl (another site's page kept whole by externalUrlRegex): its own path decides.
      'https://other.dev/cookbook/elsewhere',
    ].map(record),
    { ...routes, externalUrlRegex: '^https://other\\.dev' },
  ).map((group) => [group.href, group.type]);
  assert.deepEqual(types, [
    ['/docs/cookbook', 'example'],
    ['/docs/cookbook/send-a-packet', 'example'],
    ['/docs/tutorials/samples/rewards', 'example'],
    ['/docs/tutorials/first-steps', 'guide'],
    ['/docs/cookbook-archive/old', 'guide'],
    ['/docs/examples/not-configured', 'guide'],
    ['/docs/reference/list-gateways', 'api'],
    ['/docs/api/reference/not-configured', 'guide'],
    ['https://other.dev/cookbook/elsewhere', 'example'],
  ]);
});

test('search page and report links', () => {
  const settings: SearchSettings = {
    baseUrl: '/docs/',
    search: { searchPagePath: 'search', reportUrl: 'https://github.com/o/r/issues/new?title=Search%20should%20find' },
  };
  assert.equal(searchPageHref(settings, 'min_time & co'), '/docs/search?q=min_time%20%26%20co');
  assert.equal(searchPageHref({ ...settings, search: { searchPagePath: '' } }, 'x'), undefined);
  assert.equal(
    reportHref(settings, 'cbsd'),
    'https://github.com/o/r/issues/new?title=Search%20should%20find%20%22cbsd%22',
  );
  assert.equal(reportHref({ ...settings, search: { searchPagePath: 'search' } }, 'x'), undefined);
});

test('recent searches: newest first, at most seven, and kept in memory when storage throws', () => {
  const data = new Map<string, string>();
  const storage = createSafeStorage(
    () =>
      ({
        getItem: (k: string) => data.get(k) ?? null,
        setItem: (k: string, v: string) => void data.set(k, v),
        removeItem: (k: string) => void data.delete(k),
      }) as unknown as Storage,
  );
  const recent = createRecentSearches(storage);
  for (let i = 0; i < 9; i++) recent.add({ href: `/p${i}`, title: `P${i}`, heading: '', type: 'guide' });
  recent.add({ href: '/p3', title: 'P3', heading: '', type: 'guide' });
  assert.deepEqual(
    recent.list().map((h) => h.href),
    ['/p3', '/p8', '/p7', '/p6', '/p5', '/p4', '/p2'],
  );
  recent.remove('/p8');
  assert.equal(createRecentSearches(storage).list().length, 6);

  const warn = console.warn;
  console.warn = () => {};
  try {
    const broken = createRecentSearches(
      createSafeStorage(() => {
        throw new Error('SecurityError');
      }),
    );
    broken.add({ href: '/a', title: 'A', heading: 'H', type: 'example' });
    assert.deepEqual(
      broken.list().map((h) => h.href),
      ['/a'],
    );
  } finally {
    console.warn = warn;
  }
});

test('embedded results link under the baseUrl', async () => {
  const { toResultGroups } = await import('../../src/client/search/embedded-source.js');
  const [group] = toResultGroups(
    [
      {
        route: '/guides/pagination',
        title: [{ text: 'Pagination' }],
        titleText: 'Pagination',
        type: 'guide',
        hits: [{ route: '/guides/pagination#cursor', heading: [{ text: 'Cursor' }], snippet: [] }],
      },
    ],
    '/docs/',
  );
  assert.equal(group.href, '/docs/guides/pagination');
  assert.equal(group.hits[0].href, '/docs/guides/pagination#cursor');
});
