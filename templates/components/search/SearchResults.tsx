import type { ReactNode } from 'react';
import { ExternalLink } from '../ExternalLink.js';
import type { TextPart } from '../../../src/search/snippet.js';
import type { SearchPageType } from '../../../src/search/build-search-pages.js';

/** One result of a group: a section of the page, with the matched heading and a snippet. */
export interface ResultHit {
  /** Link target, baseUrl included ('/guides/pagination#cursor'). */
  href: string;
  /** Heading parts; empty for the top of the page. */
  heading: TextPart[];
  snippet: TextPart[];
  /** Its section is not known yet (large index, content not arrived): links to the page, shows its title. */
  pending?: boolean;
}

/** The results of one page. */
export interface ResultGroup {
  href: string;
  title: TextPart[];
  titleText: string;
  type: SearchPageType;
  /** HTTP method of an operation. */
  badge?: string;
  /** The label of the page's API, when the site documents several (a v0 and a v1 share page titles). */
  api?: string;
  hits: ResultHit[];
}

const TYPE_LABELS: Record<SearchPageType, string> = {
  guide: 'Guide',
  example: 'Example',
  api: 'API',
  operation: 'API operation',
};

export function Marked({ parts }: { parts: TextPart[] }) {
  return <>{parts.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}</>;
}

/** The type badge: Guide, Example, API, or the HTTP method of an operation. */
export function TypeBadge({ type, badge }: { type: SearchPageType; badge?: string }) {
  if (type === 'operation' && badge) {
    return (
      <span className={`search-badge search-badge--method search-badge--${badge.toLowerCase()}`} title="API operation">
        <span className="sr-only">API operation, </span>
        {badge}
      </span>
    );
  }
  return <span className={`search-badge search-badge--${type}`}>{TYPE_LABELS[type]}</span>;
}

/** Which of the site's APIs a result belongs to, when it documents several. */
export function ApiLabel({ label }: { label?: string }) {
  if (!label) return null;
  return (
    <span className="search-badge search-badge--api-label" title={label} data-search-api>
      {label}
    </span>
  );
}

export interface ResultListProps {
  groups: ResultGroup[];
  /** Id prefix for options (for aria-activedescendant). */
  idPrefix: string;
  /** Index (over all hits, in order) of the active hit, or -1. */
  activeIndex?: number;
  onHover?: (index: number) => void;
  onSelect?: (hit: ResultHit, group: ResultGroup, event: React.MouseEvent<HTMLAnchorElement>) => void;
  /** Rendered as a listbox (the modal) or as plain lists of links (the search page). */
  listbox?: boolean;
}

/** Results grouped by page: the page title and type badge, then its matched sections. */
export function ResultList({
  groups,
  idPrefix,
  activeIndex = -1,
  onHover,
  onSelect,
  listbox = false,
}: ResultListProps) {
  let index = -1;
  const Header = listbox ? 'div' : 'h2';
  const children: ReactNode[] = groups.map((group, g) => (
    <section
      key={group.href}
      className="search-group"
      role={listbox ? 'group' : undefined}
      aria-labelledby={`${idPrefix}-group-${g}`}
    >
      <Header className="search-group__header" id={`${idPrefix}-group-${g}`}>
        <span className="search-group__title">
          {listbox ? (
            <Marked parts={group.title} />
          ) : (
            <a href={group.href}>
              <Marked parts={group.title} />
            </a>
          )}
        </span>
        {/* An API's overview titled as its label says it once. */}
        <ApiLabel label={group.api === group.titleText ? undefined : group.api} />
        <TypeBadge type={group.type} badge={group.badge} />
      </Header>
      <ul className="search-group__hits" role={listbox ? 'presentation' : undefined}>
        {group.hits.map((hit, h) => {
          const i = ++index;
          const active = i === activeIndex;
          return (
            <li
              // By position: a pending hit's href is its page's, and the row stays when its snippet fills in.
              key={h}
              className={`search-hit${active ? ' search-hit--active' : ''}`}
              role={listbox ? 'presentation' : undefined}
              onMouseMove={onHover ? () => !active && onHover(i) : undefined}
            >
              {/* In the modal the link is the option itself (focus stays in the input: aria-activedescendant). */}
              <a
                className="search-hit__link"
                href={hit.href}
                id={listbox ? `${idPrefix}-option-${i}` : undefined}
                role={listbox ? 'option' : undefined}
                aria-selected={listbox ? active : undefined}
                tabIndex={listbox ? -1 : undefined}
                onClick={onSelect ? (event) => onSelect(hit, group, event) : undefined}
                data-search-hit
                data-search-pending={hit.pending ? '' : undefined}
              >
                <span className="search-hit__icon" aria-hidden="true">
                  {hit.heading.length ? '#' : '¶'}
                </span>
                <span className="search-hit__content">
                  {/* The option is read on its own (aria-activedescendant): it names its API too. */}
                  {group.api && <span className="sr-only">{group.api}: </span>}
                  <span className="search-hit__title">
                    {hit.heading.length ? <Marked parts={hit.heading} /> : <Marked parts={group.title} />}
                  </span>
                  <HitSnippet hit={hit} listbox={listbox} />
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  ));
  return <>{children}</>;
}

/**
 * A hit's snippet; a quiet placeholder, hidden from screen readers, while it is pending. In the
 * modal the snippet line is there even when empty: its rows keep one height (search.css) when
 * snippets fill in.
 */
function HitSnippet({ hit, listbox }: { hit: ResultHit; listbox: boolean }) {
  if (hit.pending) return <span className="search-hit__snippet search-hit__snippet--pending" aria-hidden="true" />;
  if (hit.snippet.length === 0 && !listbox) return null;
  return (
    <span className="search-hit__snippet">
      <Marked parts={hit.snippet} />
    </span>
  );
}

export interface NoResultsProps {
  query: string;
  suggestions: string[];
  onSuggestion: (query: string) => void;
  /** Target of 'Let us know.' (with the query), when configured. */
  reportHref?: string;
}

/** Spec section 8: the no-results texts, exactly. */
export function NoResults({ query, suggestions, onSuggestion, reportHref }: NoResultsProps) {
  return (
    <div className="search-screen search-screen--no-results" data-search-no-results>
      <p className="search-screen__title">
        No results found for <strong>“{query}”</strong>
      </p>
      {suggestions.length > 0 && (
        <div className="search-screen__suggestions">
          <p>Try searching for</p>
          <ul>
            {suggestions.map((suggestion) => (
              <li key={suggestion}>
                <button type="button" className="search-suggestion" onClick={() => onSuggestion(suggestion)}>
                  {suggestion}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {reportHref && (
        <p className="search-screen__help">
          Believe this query should return results? <ExternalLink href={reportHref}>Let us know.</ExternalLink>
        </p>
      )}
    </div>
  );
}

/** Spec section 8: the failure texts, exactly. */
export function SearchFailure() {
  return (
    <div className="search-screen search-screen--error" role="alert" data-search-error>
      <p className="search-screen__title">Unable to fetch results</p>
      <p className="search-screen__help">You might want to check your network connection.</p>
    </div>
  );
}
