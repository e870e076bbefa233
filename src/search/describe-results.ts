/**
 * Turns ranked pages into what a result list shows: titles, hit headings and highlighted snippets
 * (`describeGroup`, from the page's content file), or before that file arrives, the page's title,
 * type and link with its hits pending (`outlineGroup`, from the page list).
 */
import { snippet, highlight, type TextPart } from './snippet.js';
import type { SearchPageType } from './build-search-pages.js';
import type { ContentPage, ListedPage } from './search-index-format.js';
import type { RankedGroup } from './rank-results.js';

export interface SearchHit {
  /** Route plus '#anchor' (no baseUrl). */
  route: string;
  /** Heading of the matched section, '' for the top of the page. */
  heading: TextPart[];
  snippet: TextPart[];
  /** Its section is not known yet (the page's content file has not arrived): no heading, no snippet, the page's route. */
  pending?: true;
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
  const hits = shownSections(group, options).map((s): SearchHit => {
    const [heading, anchor, text] = sections[s.id - firstSection];
    return {
      route: anchor ? `${route}#${anchor}` : route,
      heading: highlight(heading, s.terms),
      snippet: snippet(text, s.terms, options.snippetLength),
    };
  });
  return groupOf(group, { route, title, type, badge, api }, hits);
}

/**
 * What a result list can show of a page before its content file arrives: its title (highlighted
 * as `describeGroup` does), type, badge and API label from the page list, and as many hits as
 * `describeGroup` gives, pending (linking to the page), so that the list keeps its rows when the
 * snippets fill in.
 */
export function outlineGroup(group: RankedGroup, listed: ListedPage, options: DescribeOptions = {}): SearchGroup {
  const [route, title, type, badge, api] = listed;
  const hits = shownSections(group, options).map((): SearchHit => ({ route, heading: [], snippet: [], pending: true }));
  return groupOf(group, { route, title, type, badge, api }, hits);
}

const shownSections = (group: RankedGroup, options: DescribeOptions) =>
  group.sections.slice(0, options.hitsPerGroup ?? 3);

interface PageFacts {
  route: string;
  title: string;
  type: SearchPageType;
  /** '' when none. */
  badge: string;
  api?: string;
}

/** A page's result: its title highlighted with every term its sections matched, and its hits. */
function groupOf(group: RankedGroup, { route, title, type, badge, api }: PageFacts, hits: SearchHit[]): SearchGroup {
  const terms = new Set(group.sections.flatMap((s) => s.terms));
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
