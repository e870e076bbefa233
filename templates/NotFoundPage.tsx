import type { PageProps } from '../src/render/page-props.js';

export function NotFoundPage({ props }: { props: PageProps }) {
  const { site } = props;
  return (
    <article className="markdown not-found">
      <h1>Page not found</h1>
      <p>
        We could not find what you were looking for. The page may have moved, or the link you followed may be out of
        date.
      </p>
      <ul>
        <li>
          <a href={site.baseUrl}>Go to the home page</a>
        </li>
        {site.search.searchPagePath && (
          <li>
            <a href={`${site.baseUrl}${site.search.searchPagePath}`}>Search the documentation</a>
          </li>
        )}
        {site.navbar.items.map((item) =>
          item.type === 'link' && !item.external ? (
            <li key={item.href}>
              <a href={item.href}>{item.label}</a>
            </li>
          ) : null,
        )}
      </ul>
    </article>
  );
}
