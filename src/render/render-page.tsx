import { createRequire } from 'node:module';
import { Document } from '../../templates/Document.js';
import { Layout } from '../../templates/Layout.js';
import { DocPage } from '../../templates/DocPage.js';
import { HomePage } from '../../templates/HomePage.js';
import { NotFoundPage } from '../../templates/NotFoundPage.js';
import { SearchPage } from '../../templates/SearchPage.js';
import { ApiOverviewPage } from '../../templates/ApiOverviewPage.js';
import { ApiOperationPage } from '../../templates/ApiOperationPage.js';
import { ApiSchemaPage } from '../../templates/ApiSchemaPage.js';
import { DocCardList } from '../../templates/components/DocCardList.js';
import { DOC_CARD_LIST_PLACEHOLDER } from '../content/plugins/remark-docs-features.js';
import { buildHeadTags } from './head-tags.js';
import type { PageProps } from './page-props.js';

// React's server renderer is loaded on the first render, not at start: a build whose pages all
// come from the build cache renders nothing, and loading it is a sixth of the CLI's start-up.
const requireModule = createRequire(import.meta.url);
let server: typeof import('react-dom/server') | undefined;
const serverRenderer = () => (server ??= requireModule('react-dom/server') as typeof import('react-dom/server'));
type Element = Parameters<typeof import('react-dom/server').renderToString>[0];
const renderToString = (element: Element) => serverRenderer().renderToString(element);

export interface RenderPageOptions {
  props: PageProps;
  headScript: string;
  /** Route of the API overview, linked from the home page hero. */
  apiOverviewRoute?: string;
}

/**
 * The HTML of a Markdown page's body, with its `::doc-card-list` drawn by the DocCardList template
 * where the directive left its placeholder (the cards need the sidebars, known only after parsing).
 * The body is HTML, not React elements, so the cards are rendered to markup and put in its place.
 */
function bodyHtml({ body, docCards }: PageProps['page']): string {
  if (body.type !== 'html') return '';
  if (!docCards) return body.html;
  const cards = serverRenderer().renderToStaticMarkup(<DocCardList cards={docCards} />);
  return body.html.split(DOC_CARD_LIST_PLACEHOLDER).join(cards);
}

function PageBody({ props, apiOverviewRoute }: { props: PageProps; apiOverviewRoute?: string }) {
  const { page } = props;
  const body = page.body;
  switch (page.kind) {
    case 'home':
      return <HomePage props={props} html={bodyHtml(page)} apiOverviewRoute={apiOverviewRoute} />;
    case 'api-overview':
      return body.type === 'api-overview' ? <ApiOverviewPage overview={body.overview} /> : null;
    case 'api-schema':
      return body.type === 'api-schema' ? <ApiSchemaPage view={body.schema} /> : null;
    case 'api-operation':
      return body.type === 'api-operation' ? <ApiOperationPage operation={body.operation} /> : null;
    case 'search':
      return <SearchPage props={props} />;
    case 'not-found':
      return <NotFoundPage props={props} />;
    default:
      return <DocPage props={props} html={bodyHtml(page)} />;
  }
}

/** Renders one page to a complete HTML document. The only place react-dom/server is used. */
export function renderPage({ props, headScript, apiOverviewRoute }: RenderPageOptions): string {
  const html = renderToString(
    <Document props={props} head={buildHeadTags(props)} headScript={headScript}>
      <Layout props={props}>
        <PageBody props={props} apiOverviewRoute={apiOverviewRoute} />
      </Layout>
    </Document>,
  );
  return `<!DOCTYPE html>${html}`;
}
