/**
 * The search page's results from Algolia (when configured), with one POST to the service's
 * multi-query endpoint per batch: no client library needed for a results list.
 */
import type { PageResults, PageSearchSource } from '@templates/components/search/SearchPageResults.js';
import type { ResultGroup, ResultHit } from '@templates/components/search/SearchResults.js';
import type { SearchPageType } from '../../search/build-search-pages.js';
import { algoliaSearchParameters, markedParts, rewriteHitUrl } from './algolia-params.js';
import type { AlgoliaSettings, SearchSettings } from './search-settings.js';
import { isUnderRoute, stripBase } from '../../shared/url.js';

interface Highlighted {
  value?: string;
}

/** The fields of a DocSearch record the page uses. */
export interface DocSearchRecord {
  url: string;
  type?: string;
  hierarchy: Record<string, string | null | undefined>;
  content?: string | null;
  _highlightResult?: { hierarchy?: Record<string, Highlighted | undefined> };
  _snippetResult?: { content?: Highlighted; hierarchy?: Record<string, Highlighted | undefined> };
}

interface AlgoliaResponse {
  results: { hits: DocSearchRecord[]; nbHits: number; nbPages: number; page: number }[];
}

const HITS_PER_PAGE = 50;
const LEVELS = ['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2'];

/** What decides a hit's type badge and link: the site's baseUrl and the Algolia settings' routes. */
export type HitRoutes = Pick<AlgoliaSettings, 'externalUrlRegex' | 'exampleRoutes' | 'apiRoutePrefix'> & {
  baseUrl: string;
};

/** The type of a hit's page (a path, or a whole URL outside the site) by its route, as the built-in index decides it. */
function typeOf(href: string, { baseUrl, exampleRoutes, apiRoutePrefix }: HitRoutes): SearchPageType {
  let path = href;
  if (!href.startsWith('/')) {
    try {
      path = new URL(href).pathname;
    } catch {
      return 'guide';
    }
  }
  const route = stripBase(baseUrl, path) ?? path;
  if (isUnderRoute(route, apiRoutePrefix)) return 'api';
  return exampleRoutes.some((prefix) => isUnderRoute(route, prefix)) ? 'example' : 'guide';
}

/** Records grouped by page (URL without the hash), in ranking order. */
export function groupRecords(records: DocSearchRecord[], routes: HitRoutes): ResultGroup[] {
  const groups = new Map<string, ResultGroup>();
  for (const record of records) {
    const href = rewriteHitUrl(record.url, routes.externalUrlRegex);
    const page = href.replace(/#.*$/, '');
    const titleText = record.hierarchy.lvl1 ?? record.hierarchy.lvl0 ?? page;
    let group = groups.get(page);
    if (!group) {
      const title = markedParts(record._highlightResult?.hierarchy?.lvl1?.value);
      groups.set(
        page,
        (group = {
          href: page,
          title: title.length ? title : [{ text: titleText }],
          titleText,
          type: typeOf(page, routes),
          hits: [],
        }),
      );
    }
    const level = LEVELS.find((l) => record.hierarchy[l]);
    const heading = level
      ? markedParts(record._highlightResult?.hierarchy?.[level]?.value ?? record.hierarchy[level] ?? '')
      : [];
    const snippet = markedParts(record._snippetResult?.content?.value ?? record.content ?? '');
    if (!group.hits.some((h) => h.href === href)) group.hits.push({ href, heading, snippet } satisfies ResultHit);
  }
  return [...groups.values()];
}

export function createAlgoliaPageSource(algolia: AlgoliaSettings, settings: SearchSettings): PageSearchSource {
  const routes: HitRoutes = { ...algolia, baseUrl: settings.baseUrl };
  const searchParameters = algoliaSearchParameters(algolia, { language: document.documentElement.lang || 'en' });
  const fetchPage = async (query: string, page: number): Promise<AlgoliaResponse['results'][number]> => {
    const response = await fetch(`https://${algolia.appId}-dsn.algolia.net/1/indexes/*/queries`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        'x-algolia-application-id': algolia.appId,
        'x-algolia-api-key': algolia.apiKey,
      },
      body: JSON.stringify({
        requests: [
          {
            indexName: algolia.indexName,
            query,
            page,
            hitsPerPage: HITS_PER_PAGE,
            attributesToRetrieve: [
              'hierarchy.lvl0',
              'hierarchy.lvl1',
              'hierarchy.lvl2',
              'hierarchy.lvl3',
              'hierarchy.lvl4',
              'hierarchy.lvl5',
              'hierarchy.lvl6',
              'content',
              'type',
              'url',
            ],
            attributesToSnippet: ['content:24'],
            highlightPreTag: '<mark>',
            highlightPostTag: '</mark>',
            ...searchParameters,
          },
        ],
      }),
    });
    if (!response.ok) throw new Error(`Search service answered ${response.status}`);
    const json = (await response.json()) as AlgoliaResponse;
    return json.results[0];
  };
  return {
    async search(query): Promise<PageResults> {
      const first = await fetchPage(query, 0);
      const records = [...first.hits];
      let next = 1;
      let known = 0;
      return {
        query,
        total: first.nbHits,
        async topGroups(count) {
          let groups = groupRecords(records, routes);
          while (groups.length < count && next < first.nbPages) {
            records.push(...(await fetchPage(query, next++)).hits);
            groups = groupRecords(records, routes);
          }
          known = groups.length;
          return groups.slice(0, count);
        },
        hasMore: (shown) => shown < known || next < first.nbPages,
      };
    },
    // Algolia has no embedded list of titles to offer; the no-results screen still shows its texts.
    suggest: async () => [],
  };
}
