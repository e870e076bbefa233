import type { DocMeta } from '../src/model.js';
import type { PageProps } from '../src/render/page-props.js';
import { ExternalLink } from './components/ExternalLink.js';
import { joinBase } from '../src/shared/url.js';

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

/** Docusaurus' banner above the docs of an unreleased or unmaintained version, and the version badge. */
export function VersionBanner({ props }: { props: PageProps }) {
  const version = props.version;
  if (!version) return null;
  const { banner } = version;
  const name = `${props.site.title} ${version.label}`;
  return (
    <>
      {banner && (
        // Following its link makes the latest version the reader's preferred one (as in Docusaurus).
        <div className="version-banner" role="alert" data-plugin-id="default">
          <p>
            {banner.kind === 'unreleased' ? (
              <>
                This is unreleased documentation for <b>{name}</b> version.
              </>
            ) : (
              <>
                This is documentation for <b>{name}</b>, which is no longer actively maintained.
              </>
            )}
          </p>
          <p>
            For up-to-date documentation, see the{' '}
            <b>
              <a
                href={joinBase(props.site.baseUrl, banner.latestRoute)}
                data-version-latest
                data-version={banner.latestName}
              >
                latest version
              </a>
            </b>{' '}
            ({banner.latestLabel}).
          </p>
        </div>
      )}
      {version.badge && <span className="version-badge">Version: {version.label}</span>}
    </>
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
    <article className={`markdown${props.version?.className ? ` ${props.version.className}` : ''}`}>
      <VersionBanner props={props} />
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
