/**
 * The Algolia DocSearch settings derived from the site's config, shared by the modal
 * (@docsearch/js) and the search page (plain fetch). Pure, so unit tests cover them.
 */
import { decodeEntities } from '../../shared/html-text.js';
import type { TextPart } from '../../search/snippet.js';
import type { AlgoliaSettings } from './search-settings.js';
import { safeRegExp } from './navigate.js';

type FacetFilters = string | (string | string[])[];

function asList(filters: unknown): (string | string[])[] {
  if (filters === undefined || filters === null || filters === '') return [];
  return Array.isArray(filters) ? (filters as (string | string[])[]) : [filters as string];
}

/**
 * The search parameters sent with every query: the configured ones, plus (with contextual search)
 * facet filters for the current language and docs tag, merged with any configured facetFilters.
 */
export function algoliaSearchParameters(
  algolia: Pick<AlgoliaSettings, 'contextualSearch' | 'searchParameters'>,
  context: { language: string; docsTags?: string[] },
): Record<string, unknown> {
  const configured = algolia.searchParameters ?? {};
  if (!algolia.contextualSearch) return { ...configured };
  const tags = context.docsTags ?? ['default', 'docs-default-current'];
  const contextual: FacetFilters = [`language:${context.language}`, tags.map((tag) => `docusaurus_tag:${tag}`)];
  return { ...configured, facetFilters: [...contextual, ...asList(configured.facetFilters)] };
}

/** Ask AI is offered only when configured and the library's major version is 4 (5.x moved it). */
export function askAiOption(
  askAi: AlgoliaSettings['askAi'],
  libraryVersion: string,
): AlgoliaSettings['askAi'] | undefined {
  if (!askAi) return undefined;
  return Number.parseInt(libraryVersion, 10) === 4 ? askAi : undefined;
}

/**
 * A hit URL as an in-site path (the indexed host dropped), unless it matches the configured
 * external-URL pattern.
 */
export function rewriteHitUrl(url: string, externalUrlRegex?: string): string {
  if (externalUrlRegex && safeRegExp(externalUrlRegex)?.test(url)) return url;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}

/** Algolia's highlighted value ('a <mark>b</mark> &amp; c') as text parts. */
export function markedParts(value: string | undefined): TextPart[] {
  if (!value) return [];
  const parts: TextPart[] = [];
  const pattern = /<mark>([\s\S]*?)<\/mark>/g;
  let last = 0;
  for (const match of value.matchAll(pattern)) {
    if (match.index! > last)
      parts.push({ text: decodeEntities(value.slice(last, match.index).replace(/<[^>]+>/g, '')) });
    parts.push({ text: decodeEntities(match[1].replace(/<[^>]+>/g, '')), mark: true });
    last = match.index! + match[0].length;
  }
  if (last < value.length) parts.push({ text: decodeEntities(value.slice(last).replace(/<[^>]+>/g, '')) });
  return parts.filter((p) => p.text);
}
