import type { PageProps } from '../src/render/page-props.js';

/** A Markdown page: the title as h1 and the body HTML produced by the Markdown pipeline. */
export function DocPage({ props, html }: { props: PageProps; html: string }) {
  return (
    <article className="markdown">
      <header>
        <h1>{props.page.title}</h1>
      </header>
      <div className="markdown__body" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
