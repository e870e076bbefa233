/** Turns ranked pages into what a result list shows: titles, hit headings and highlighted snippets. */
import { snippet, highlight, type TextPart } from './snippet.js';
import type { SearchPageType } from './build-search-pages.js';
import type { ContentPage } from './search-index-format.js';
import type { RankedGroup } from './rank-results.js';

export interface SearchHit {
  /** Route plus '#anchor' (no baseUrl). */
  route: string;
  /** Heading of the matched section, '' for the top of the page. */
  heading: TextPart[];
  snippet: TextPart[];
}

export interface SearchGroup {
  route: string;
  title: TextPart[];
  titleText: string;
  type: SearchPageType;
  badge?: string;
  /** The label of the page's API, when the site documents several. */
  api?: string;
  hits: SearchHit[];
}

export interface DescribeOptions {
  hitsPerGroup?: number;
  snippetLength?: number;
}

/** One page's result: its title and the first sections that matched, each with a snippet. */
export function describeGroup(
  group: RankedGroup,
  content: ContentPage,
  firstSection: number,
  options: DescribeOptions = {},
): SearchGroup {
  const [route, title, type, badge, sections, api] = content;
  const terms = new Set(group.sections.flatMap((s) => s.terms));
  const hits = group.sections.slice(0, options.hitsPerGroup ?? 3).map((s): SearchHit => {
    const [heading, anchor, text] = sections[s.id - firstSection];
    return {
      route: anchor ? `${route}#${anchor}` : route,
      heading: highlight(heading, s.terms),
      snippet: snippet(text, s.terms, options.snippetLength),
    };
  });
  const described: SearchGroup = {
    route,
    title: highlight(title, terms),
    titleText: title,
    type,
    badge: badge || undefined,
    hits,
  };
  if (api) described.api = api;
  return described;
}
