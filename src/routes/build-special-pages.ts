import type { Page } from '../model.js';

const base = {
  tags: [],
  hideTableOfContents: true,
  toc: [],
  anchors: [],
  links: [],
  body: { type: 'none' } as const,
  text: '',
  docsFeatures: [],
};

/** The search results page (at the configured path) and the not-found page. */
export function buildSpecialPages({ searchPagePath }: { searchPagePath: string | false }): {
  pages: Page[];
  notFound: Page;
} {
  const pages: Page[] = searchPagePath
    ? [
        {
          ...base,
          id: 'search',
          route: `/${searchPagePath}`,
          kind: 'search',
          title: 'Search',
          description: 'Search the guides, examples and API reference.',
        },
      ]
    : [];
  const notFound: Page = {
    ...base,
    id: '404',
    route: '/404',
    kind: 'not-found',
    title: 'Page not found',
    description: 'The page you were looking for does not exist.',
  };
  return { pages, notFound };
}
