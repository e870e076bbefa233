import type { PageProps } from '../src/render/page-props.js';

/**
 * The search results page. Without JavaScript the form still submits ?q=…; the client reads q,
 * runs the query against the search index and renders the results into the list.
 */
export function SearchPage({ props }: { props: PageProps }) {
  return (
    <article className="search-page" data-search-page>
      <h1>Search the documentation</h1>
      <form
        role="search"
        action={`${props.site.baseUrl}${props.site.search.searchPagePath}`}
        method="get"
        className="search-page__form"
      >
        <label htmlFor="search-page-input" className="sr-only">
          Search query
        </label>
        <input
          id="search-page-input"
          className="search-page__input"
          type="search"
          name="q"
          placeholder="Search guides, examples and API operations"
          autoComplete="off"
        />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <noscript>
        <p>
          Search runs in your browser: it needs JavaScript. The guides, examples and API reference are all reachable
          from the navigation above.
        </p>
      </noscript>
      <p className="search-page__status" role="status" aria-live="polite" data-search-status />
      <div className="search-page__results" data-search-results />
    </article>
  );
}
