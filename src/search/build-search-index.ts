import MiniSearch from 'minisearch';
import type { Page } from '../model.js';
import type { OutputFile } from '../output/output-file.js';

export interface SearchDocument {
  id: number;
  route: string;
  title: string;
  kind: string;
  badge?: string;
  text: string;
}

export const SEARCH_FIELDS = ['title', 'text'] as const;

/** Builds the embedded search index (MiniSearch) of every indexable page, serialised for lazy loading. */
export function buildSearchIndex(pages: readonly Page[]): { files: OutputFile[] } {
  const documents: SearchDocument[] = pages
    .filter((page) => page.kind !== 'search' && page.kind !== 'not-found')
    .map((page, id) => ({ id, route: page.route, title: page.title, kind: page.kind, badge: page.badge, text: page.text }));
  const index = new MiniSearch<SearchDocument>({ fields: [...SEARCH_FIELDS], storeFields: ['route', 'title', 'kind', 'badge'] });
  index.addAll(documents);
  return { files: [{ path: 'search/index.json', contents: JSON.stringify(index) }] };
}
