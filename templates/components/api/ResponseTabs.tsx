import { responseExampleId } from '../../../src/openapi/api-anchors.js';
import type { ResponseLinkView, ResponseView } from '../../../src/api-view.js';
import type { AnchorLookup } from '../../../src/openapi/field-anchors.js';
import { HtmlBlock } from './HtmlBlock.js';
import { Examples, MediaContent } from './MediaContent.js';
import { ParamsTable } from './ParamsTable.js';
import { Tabs } from './Tabs.js';

export interface ResponseTabsProps {
  responses: ResponseView[];
  anchors?: AnchorLookup;
  /** The tab group's kind (`data-tabs`); default 'responses', the operation's own. */
  group?: string;
}

/**
 * One tab per status code (and media type), each with its description, headers and schema. The
 * examples are not repeated here: they show in the code column (`ResponseExampleTabs`).
 */
export function ResponseTabs({ responses, anchors, group = 'responses' }: ResponseTabsProps) {
  return (
    <Tabs
      group={group}
      label="Responses by status code"
      items={responses.map((response) => ({
        value: response.label,
        panelId: response.id,
        className: `api-status api-status--${response.kind}`,
        label: response.label,
        content: <ResponsePanel response={response} anchors={anchors} />,
      }))}
    />
  );
}

function ResponsePanel({ response, anchors }: { response: ResponseView; anchors?: AnchorLookup }) {
  return (
    <>
      <HtmlBlock className="api-description" html={response.descriptionHtml} />
      {response.headers.length > 0 && (
        <>
          <p className="api-subheading">Response headers</p>
          <ParamsTable
            parameters={response.headers}
            caption={`Headers of the ${response.status} response`}
            anchors={anchors}
            root={`${response.id}:headers`}
          />
        </>
      )}
      <ResponseBody response={response} anchors={anchors} />
    </>
  );
}

/**
 * The body's schema, then the links. One child of the panel, and only one element without links:
 * React's useId (the selectors' group names) depends on how many siblings a component has.
 */
function ResponseBody({ response, anchors }: { response: ResponseView; anchors?: AnchorLookup }) {
  const body = response.content ? (
    <MediaContent media={response.content} anchorOf={anchors?.(response.id)} showExamples={false} />
  ) : (
    <p className="api-muted">No response body.</p>
  );
  if (!response.links) return body;
  return (
    <>
      {body}
      <ResponseLinks links={response.links} />
    </>
  );
}

/**
 * The response's `links`: the operations a client can call next, each linked to its page when
 * it resolves (else named as written), with what fills their parameters.
 */
function ResponseLinks({ links }: { links: ResponseLinkView[] }) {
  return (
    <>
      <p className="api-subheading">Links</p>
      <ul className="api-links">
        {links.map((link) => (
          <li key={link.name}>
            <code>{link.name}</code>
            {': '}
            {link.href ? <a href={link.href}>{link.targetTitle}</a> : <code>{link.target || 'no operation'}</code>}
            <HtmlBlock className="api-description" html={link.descriptionHtml} />
            {(link.parameters.length > 0 || link.requestBody !== undefined) && (
              <ul>
                {link.parameters.map((p) => (
                  <li key={p.name}>
                    <code>{p.name}</code> = <code>{p.value}</code>
                  </li>
                ))}
                {link.requestBody !== undefined && (
                  <li>
                    request body = <code>{link.requestBody}</code>
                  </li>
                )}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The responses that have an example, one tab each, for the code column. */
export function ResponseExampleTabs({ responses }: { responses: ResponseView[] }) {
  const withExamples = responses.filter((response) => response.content?.examples.length);
  if (!withExamples.length) return null;
  return (
    <Tabs
      group="response-examples"
      label="Response examples by status code"
      items={withExamples.map((response) => ({
        value: response.label,
        panelId: responseExampleId(response.id),
        className: `api-status api-status--${response.kind}`,
        label: response.label,
        content: <Examples examples={response.content?.examples ?? []} />,
      }))}
    />
  );
}
