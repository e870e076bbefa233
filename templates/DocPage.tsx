import type { DocMeta } from '../src/model.js';
import type { PageProps } from '../src/render/page-props.js';
import { ExternalLink } from './components/ExternalLink.js';

// Dates in front matter are days; formatting them in UTC keeps the output the same on every machine.
const dayFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

function formatDay(date: string): string {
  const time = Date.parse(date);
  return Number.isNaN(time) ? date : dayFormat.format(time);
}

/** Docusaurus' banner on an unlisted page. */
function UnlistedBanner() {
  return (
    <aside className="admonition admonition-caution" aria-label="Unlisted page">
      <p className="admonition-title">Unlisted page</p>
      <p>This page is unlisted. Search engines will not index it, and only users having a direct link can access it.</p>
    </aside>
  );
}

/** "Edit this page" and "Last updated on … by …", from front matter. */
function DocFooter({ meta }: { meta: DocMeta }) {
  const { editUrl, lastUpdate } = meta;
  if (!editUrl && !lastUpdate) return null;
  return (
    <footer className="doc-footer">
      {editUrl && (
        <ExternalLink className="doc-footer__edit" href={editUrl}>
          Edit this page
        </ExternalLink>
      )}
      {lastUpdate && (
        <span className="doc-footer__updated">
          Last updated
          {lastUpdate.date && (
            <>
              {' on '}
              <time dateTime={lastUpdate.date}>{formatDay(lastUpdate.date)}</time>
            </>
          )}
          {lastUpdate.author && ` by ${lastUpdate.author}`}
        </span>
      )}
    </footer>
  );
}

/** A Markdown page: the title as h1 (unless `hide_title`), the body HTML, and its front-matter extras. */
export function DocPage({ props, html }: { props: PageProps; html: string }) {
  const meta = props.page.docMeta;
  return (
    <article className="markdown">
      {meta?.unlisted && <UnlistedBanner />}
      {!meta?.hideTitle && !meta?.titleInContent && (
        <header>
          <h1>{props.page.title}</h1>
        </header>
      )}
      <div className="markdown__body" dangerouslySetInnerHTML={{ __html: html }} />
      {meta && <DocFooter meta={meta} />}
    </article>
  );
}
