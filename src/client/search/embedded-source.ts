import { createSearchEngine, type SearchEngine, type SearchGroup } from '../../search/search-engine.js';
import { joinBase } from '../../shared/url.js';
import type { ResultGroup } from '@templates/components/search/SearchResults.js';
import type { ModalResults } from '@templates/components/search/SearchModal.js';
import type { PageResults } from '@templates/components/search/SearchPageResults.js';
import type { SearchSettings } from './search-settings.js';

/** The embedded index of the site, loaded from `${baseUrl}search/` with fetch. */
export function createEmbeddedEngine(settings: SearchSettings): SearchEngine {
  return createSearchEngine(async (name, options) => {
    const response = await fetch(`${settings.baseUrl}search/${name}`, {
      credentials: 'same-origin',
      ...(options?.priority ? { priority: options.priority } : {}),
    });
    if (!response.ok) throw new Error(`Could not load the search index (${response.status} for search/${name})`);
    return response.json();
  });
}

export function toResultGroups(groups: SearchGroup[], baseUrl: string): ResultGroup[] {
  return groups.map((group) => ({
    href: joinBase(baseUrl, group.route),
    title: group.title,
    titleText: group.titleText,
    type: group.type,
    badge: group.badge,
    ...(group.api ? { api: group.api } : {}),
    hits: group.hits.map((hit) => ({
      href: joinBase(baseUrl, hit.route),
      heading: hit.heading,
      snippet: hit.snippet,
      ...(hit.pending ? { pending: true } : {}),
    })),
  }));
}

/** Runs a query; the ranking is kept so that more of its groups can be shown later (only those shown are described). */
export async function searchEmbedded(engine: SearchEngine, query: string, baseUrl: string): Promise<PageResults> {
  const outcome = await engine.search(query);
  return {
    query,
    total: outcome.total,
    topGroups: async (count, hitsPerGroup = 3) =>
      toResultGroups(await engine.loadSnippets(outcome.top(count), { hitsPerGroup }), baseUrl),
    hasMore: (shown) => shown < outcome.total,
  };
}

/**
 * A query's first groups for the modal, shown without waiting for content files: on a large index
 * the pages whose content has not arrived are listed from the page list with their hits pending,
 * and `snippets` loads their content and describes them in full (the same groups as `topGroups`).
 */
export async function searchModalEmbedded(
  engine: SearchEngine,
  query: string,
  { baseUrl, groups, hitsPerGroup }: { baseUrl: string; groups: number; hitsPerGroup: number },
): Promise<ModalResults> {
  const outcome = await engine.search(query);
  const top = outcome.top(groups);
  // The content files are asked for first: their round trip overlaps the rendering of the list.
  const described = engine.loadSnippets(top, { hitsPerGroup });
  described.catch(() => undefined);
  const listed = toResultGroups(await engine.listGroups(top, { hitsPerGroup }), baseUrl);
  const pending = listed.some((group) => group.hits.some((hit) => hit.pending));
  const snippets = async () => toResultGroups(await described, baseUrl);
  return { total: outcome.total, groups: listed, ...(pending ? { snippets } : {}) };
}
