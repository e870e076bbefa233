import type { ApiOperationView, RequestBodyView } from '../src/api-view.js';
import { fieldAnchorLookup, type AnchorLookup } from '../src/openapi/field-anchors.js';
import { ApiHeading } from './components/api/ApiHeading.js';
import { Callbacks } from './components/api/Callbacks.js';
import { CodeSampleTabs } from './components/api/CodeSampleTabs.js';
import { HtmlBlock } from './components/api/HtmlBlock.js';
import { Examples, MediaContent } from './components/api/MediaContent.js';
import { MethodBadge } from './components/api/MethodBadge.js';
import { ParamsTable } from './components/api/ParamsTable.js';
import { PathTemplate } from './components/api/PathTemplate.js';
import { ResponseExampleTabs, ResponseTabs } from './components/api/ResponseTabs.js';
import { Tabs } from './components/api/Tabs.js';

export interface ApiOperationPageProps {
  operation: ApiOperationView;
}

/**
 * One API operation: method and path, server, authorization, description, parameters by
 * location, request body, responses by status and code samples. Everything is in the HTML;
 * tabs and collapsible schemas work without JavaScript.
 *
 * Layout (api.css): the code samples and response examples come right after the header in the
 * HTML, so one column reads endpoint → code → reference; from 1280px the page is a grid and
 * they move into a sticky right-hand column beside the reference.
 */
export function ApiOperationPage({ operation }: ApiOperationPageProps) {
  const anchors = fieldAnchorLookup(operation);
  const heading = (id: string, fallback: string) => operation.sections.find((s) => s.id === id)?.text ?? fallback;
  return (
    <article className="markdown api-page api-operation">
      <OperationHeader operation={operation} />
      <CodeColumn operation={operation} />
      <div className="api-operation__reference">
        <HtmlBlock className="api-description" html={operation.descriptionHtml} />
        {operation.parameterGroups.length > 0 && (
          <section className="api-section">
            <ApiHeading level={2} id="parameters" text="Parameters" />
            {operation.parameterGroups.map((group) => (
              <div key={group.id}>
                <ApiHeading level={3} id={group.id} text={group.title} />
                <ParamsTable
                  parameters={group.parameters}
                  caption={group.title}
                  anchors={anchors}
                  root={group.location}
                />
              </div>
            ))}
          </section>
        )}
        {operation.requestBody && (
          <RequestBody
            body={operation.requestBody}
            anchors={anchors}
            title={heading('request-body', 'Request body')}
            showExamples={!operation.webhook}
          />
        )}
        {operation.responses.length > 0 && (
          <section className="api-section">
            <ApiHeading level={2} id="responses" text={heading('responses', 'Responses')} />
            <ResponseTabs responses={operation.responses} anchors={anchors} />
          </section>
        )}
        {operation.callbacks && <Callbacks callbacks={operation.callbacks} anchors={anchors} />}
      </div>
    </article>
  );
}

/** The code samples and the response examples: the right-hand column of the wide layout. */
function CodeColumn({ operation }: ApiOperationPageProps) {
  const hasExamples = operation.responses.some((response) => response.content?.examples.length);
  const payload = operation.webhook && operation.sections.some((s) => s.id === 'sample-payload');
  if (!operation.codeSamples.length && !hasExamples && !payload) return null;
  return (
    <div className="api-operation__code">
      {payload && operation.requestBody && <SamplePayload body={operation.requestBody} />}
      {operation.codeSamples.length > 0 && (
        <section className="api-section">
          <ApiHeading level={2} id="code-samples" text="Code samples" />
          <CodeSampleTabs samples={operation.codeSamples} visibleTabs={operation.visibleTabs} />
        </section>
      )}
      {hasExamples && (
        <section className="api-section">
          <ApiHeading level={2} id="response-example" text="Response example" />
          <ResponseExampleTabs responses={operation.responses} />
        </section>
      )}
    </div>
  );
}

/** A webhook's payload examples (what the API sends), where an operation has its code samples. */
function SamplePayload({ body }: { body: RequestBodyView }) {
  const contents = body.contents.filter((media) => media.examples.length);
  return (
    <section className="api-section">
      <ApiHeading level={2} id="sample-payload" text="Sample payload" />
      {contents.map((media) => (
        <div key={media.id}>
          {contents.length > 1 && (
            <p className="api-media__type">
              <code>{media.mediaType}</code>
            </p>
          )}
          <Examples examples={media.examples} />
        </div>
      ))}
    </section>
  );
}

function OperationHeader({ operation }: ApiOperationPageProps) {
  return (
    <header className="api-operation__header">
      <h1>{operation.summary}</h1>
      <p className="api-endpoint">
        {operation.webhook && <span className="api-flag api-flag--webhook">Webhook</span>}
        <MethodBadge method={operation.method} size="large" />
        <PathTemplate segments={operation.pathSegments} />
      </p>
      {operation.webhook && (
        <p className="api-webhook-note">
          The API sends this request to the URL a subscriber registers for the <code>{operation.path}</code> event; it
          expects one of the responses below.
        </p>
      )}
      {operation.servers.length > 0 && (
        <p className="api-servers">
          <span className="api-facts__label">{operation.servers.length > 1 ? 'Servers:' : 'Server:'}</span>{' '}
          {operation.servers.map((server, i) => (
            <span key={i}>
              {i > 0 && ', '}
              <code>{server.url}</code>
            </span>
          ))}
        </p>
      )}
      {operation.deprecated && (
        <div className="admonition admonition-warning api-deprecated" role="note">
          <p className="admonition-title">Deprecated</p>
          <p>This operation is deprecated and may be removed in a future version of the API.</p>
        </div>
      )}
      <Authorization operation={operation} />
    </header>
  );
}

/**
 * Which credentials the operation needs: each scheme linked to where the overview explains it,
 * with the scopes this operation asks for; alternatives joined with 'or'. An operation of an API
 * with security schemes that needs none (`security: []`) says so.
 */
function Authorization({ operation }: ApiOperationPageProps) {
  const alternatives = operation.securityRequirements;
  if (!alternatives) {
    // A view built before scheme-by-scheme requirements existed: the words alone.
    if (!operation.security.length) return null;
    return (
      <p className="api-security">
        <span className="api-facts__label">Authorization:</span> {operation.security.join(', or ')}
      </p>
    );
  }
  if (!alternatives.length && !operation.public) return null;
  return (
    <p className="api-security">
      <span className="api-facts__label">Authorization:</span>{' '}
      {alternatives.length === 0 && 'none: this operation needs no credentials'}
      {alternatives.length > 0 && operation.public && 'optional; '}
      {alternatives.map((alternative, i) => (
        <span key={i}>
          {i > 0 && ', or '}
          {alternative.schemes.map((scheme, j) => (
            <span key={scheme.name}>
              {j > 0 && ' and '}
              {scheme.href ? <a href={scheme.href}>{scheme.words}</a> : scheme.words}
              {scheme.scopes.length > 0 && (
                <>
                  {' with scope'}
                  {scheme.scopes.length > 1 ? 's ' : ' '}
                  {scheme.scopes.map((scope, k) => (
                    <span key={scope}>
                      {k > 0 && ', '}
                      <code>{scope}</code>
                    </span>
                  ))}
                </>
              )}
            </span>
          ))}
        </span>
      ))}
    </p>
  );
}

interface RequestBodyProps {
  body: RequestBodyView;
  anchors: AnchorLookup;
  title: string;
  /** False on a webhook page: its examples are the sample payload in the code column. */
  showExamples: boolean;
}

function RequestBody({ body, anchors, title, showExamples }: RequestBodyProps) {
  return (
    <section className="api-section">
      <ApiHeading level={2} id="request-body" text={title}>
        {title}
        {body.required && <span className="api-flag api-flag--required">required</span>}
      </ApiHeading>
      <HtmlBlock className="api-description" html={body.descriptionHtml} />
      {body.contents.length === 1 ? (
        <MediaContent media={body.contents[0]} anchorOf={anchors(body.contents[0].id)} showExamples={showExamples} />
      ) : (
        <Tabs
          group="request-body"
          label="Request body media type"
          items={body.contents.map((media) => ({
            value: media.mediaType,
            panelId: media.id,
            label: media.mediaType,
            content: <MediaContent media={media} anchorOf={anchors(media.id)} showExamples={showExamples} />,
          }))}
        />
      )}
    </section>
  );
}
