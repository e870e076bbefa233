/** The search part of the settings each page carries in `<script id="__docsgen">`. */
export interface AlgoliaSettings {
  appId: string;
  apiKey: string;
  indexName: string;
  contextualSearch: boolean;
  searchParameters: Record<string, unknown>;
  askAi?: string | { assistantId: string; [key: string]: unknown };
  externalUrlRegex?: string;
  /** Config `search.exampleRoutes`: a hit at or under one of these routes is an example. */
  exampleRoutes: readonly string[];
  /** Config `apiRoutePrefix`: a hit at or under it is an API page. */
  apiRoutePrefix: string;
}

export interface SearchSettings {
  baseUrl: string;
  search: {
    /** '' when the site has no search page. */
    searchPagePath: string;
    algolia?: AlgoliaSettings;
    reportUrl?: string;
  };
}

export function readSearchSettings(doc: Document = document): SearchSettings {
  let parsed: Partial<SearchSettings> = {};
  try {
    parsed = JSON.parse(doc.getElementById('__docsgen')?.textContent ?? '{}');
  } catch {
    // A broken settings script leaves search on its defaults.
  }
  return { baseUrl: parsed.baseUrl ?? '/', search: { searchPagePath: 'search', ...parsed.search } };
}

/** `${baseUrl}${searchPagePath}?q=…`, or undefined when the search page is disabled. */
export function searchPageHref(settings: SearchSettings, query: string): string | undefined {
  if (!settings.search.searchPagePath) return undefined;
  const path = `${settings.baseUrl}${settings.search.searchPagePath}`;
  return query ? `${path}?q=${encodeURIComponent(query)}` : path;
}

/** The configured 'Let us know.' target with the query appended, when configured. */
export function reportHref(settings: SearchSettings, query: string): string | undefined {
  const url = settings.search.reportUrl;
  if (!url) return undefined;
  return `${url}${encodeURIComponent(` "${query}"`)}`;
}
