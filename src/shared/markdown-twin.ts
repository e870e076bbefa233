/** Pages' Markdown twins (for AI agents): which pages have one, and where. Shared by the build and the templates. */
import type { Page } from '../model.js';

/** Where a page's Markdown twin is written and served: '/guides/usage' → 'guides/usage.md', '/' → 'index.md'. */
export function markdownPathForRoute(route: string): string {
  const clean = route.replace(/^\/+|\/+$/g, '');
  return `${clean || 'index'}.md`;
}

/** The pages of the sitemap have a twin; the search, not-found and unlisted pages do not. */
export function hasMarkdownTwin(page: Pick<Page, 'kind' | 'docMeta'>): boolean {
  return page.kind !== 'search' && page.kind !== 'not-found' && !page.docMeta?.unlisted;
}
