import type { PageProps } from '../src/render/page-props.js';
import { joinBase } from '../src/shared/url.js';

/** The home page: a hero with the product's sections, then the Markdown body of content/index.md. */
export function HomePage({
  props,
  html,
  apiOverviewRoute,
}: {
  props: PageProps;
  html: string;
  apiOverviewRoute?: string;
}) {
  const { site } = props;
  const sections = site.navbar.items.filter(
    (item): item is Extract<typeof item, { type: 'link' }> => item.type === 'link' && !item.external,
  );
  return (
    <article className="home">
      <header className="hero">
        <h1 className="hero__title">{props.page.title}</h1>
        <p className="hero__tagline">{site.tagline}</p>
        <p className="hero__actions">
          {sections.map((item) => (
            <a key={item.href} className="button" href={item.href}>
              {item.label}
            </a>
          ))}
          {apiOverviewRoute && !sections.some((s) => s.href === joinBase(site.baseUrl, apiOverviewRoute)) && (
            <a className="button" href={joinBase(site.baseUrl, apiOverviewRoute)}>
              API overview
            </a>
          )}
        </p>
      </header>
      <div className="markdown markdown__body" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
