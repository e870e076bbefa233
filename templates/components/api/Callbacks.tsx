import type { CallbackOperationView, CallbackView } from '../../../src/api-view.js';
import type { AnchorLookup } from '../../../src/openapi/field-anchors.js';
import { ApiHeading } from './ApiHeading.js';
import { HtmlBlock } from './HtmlBlock.js';
import { MediaContent } from './MediaContent.js';
import { MethodBadge } from './MethodBadge.js';
import { ResponseTabs } from './ResponseTabs.js';

/**
 * The operation's callbacks: for each, the requests the API makes to the URL the caller gave
 * (its runtime expression), what it sends and which answers it expects. Each callback and each
 * request has its own heading, so both can be linked to; so has each field of a request's body
 * and responses (`anchors`: the page's lookup, whose `cb-…` anchors these are).
 */
export function Callbacks({ callbacks, anchors }: { callbacks: CallbackView[]; anchors?: AnchorLookup }) {
  return (
    <section className="api-section api-callbacks">
      <ApiHeading level={2} id="callbacks" text="Callbacks" />
      {callbacks.map((callback) => (
        <div key={callback.id} className="api-callback">
          <ApiHeading level={3} id={callback.id} text={callback.name} />
          {callback.operations.map((request) => (
            <CallbackRequest key={request.id} request={request} anchors={anchors} />
          ))}
        </div>
      ))}
    </section>
  );
}

function CallbackRequest({ request, anchors }: { request: CallbackOperationView; anchors?: AnchorLookup }) {
  const text = `${request.method.toUpperCase()} ${request.expression}`;
  return (
    <div className="api-callback__request">
      <ApiHeading level={4} id={request.id} text={text}>
        <MethodBadge method={request.method} /> <code className="api-path">{request.expression}</code>
        {request.deprecated && <span className="api-flag api-flag--deprecated">deprecated</span>}
      </ApiHeading>
      {request.summary && <p>{request.summary}</p>}
      <HtmlBlock className="api-description" html={request.descriptionHtml} />
      {request.requestBody && (
        <>
          <p className="api-subheading">
            Request body{request.requestBody.required && <span className="api-flag api-flag--required">required</span>}
          </p>
          <HtmlBlock className="api-description" html={request.requestBody.descriptionHtml} />
          {request.requestBody.contents.map((media) => (
            <MediaContent key={media.id} media={media} anchorOf={anchors?.(media.id)} />
          ))}
        </>
      )}
      {request.responses.length > 0 && (
        <>
          <p className="api-subheading">Expected responses</p>
          <ResponseTabs responses={request.responses} anchors={anchors} group="callback-responses" />
        </>
      )}
    </div>
  );
}
