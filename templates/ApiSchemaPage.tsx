import type { ApiSchemaView } from '../src/api-view.js';
import { OperationList } from './ApiOverviewPage.js';
import { ApiHeading } from './components/api/ApiHeading.js';
import { HtmlBlock } from './components/api/HtmlBlock.js';
import { SchemaViewer } from './components/api/SchemaViewer.js';

export interface ApiSchemaPageProps {
  view: ApiSchemaView;
}

/** One `components/schemas` entry: its tree (with its description), an example, and where it is used. */
export function ApiSchemaPage({ view }: ApiSchemaPageProps) {
  return (
    <article className="markdown api-page api-schema-page">
      <h1>{view.name}</h1>
      <section className="api-section">
        <ApiHeading level={2} id="schema" text="Schema" />
        <SchemaViewer schema={view.schema} label={`Schema ${view.name}`} />
      </section>
      {view.exampleHtml && (
        <section className="api-section">
          <ApiHeading level={2} id="example" text="Example" />
          <HtmlBlock html={view.exampleHtml} />
        </section>
      )}
      <section className="api-section">
        <ApiHeading level={2} id="used-by" text="Used by" />
        {view.usedBy.length ? (
          <OperationList operations={view.usedBy} />
        ) : (
          <p className="api-muted">No operation uses this schema.</p>
        )}
      </section>
      {view.referencedBy.length > 0 && (
        <section className="api-section">
          <ApiHeading level={2} id="referenced-by" text="Referenced by" />
          <ul className="api-list">
            {view.referencedBy.map((other) => (
              <li key={other.href}>
                <a href={other.href}>
                  <code>{other.name}</code>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
