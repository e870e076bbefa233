import { responseExampleId } from '../../../src/openapi/api-anchors.js';
import type { ResponseView } from '../../../src/api-view.js';
import type { AnchorLookup } from '../../../src/openapi/field-anchors.js';
import { HtmlBlock } from './HtmlBlock.js';
import { Examples, MediaContent } from './MediaContent.js';
import { ParamsTable } from './ParamsTable.js';
import { Tabs } from './Tabs.js';

export interface ResponseTabsProps {
  responses: ResponseView[];
  anchors?: AnchorLookup;
}

/**
 * One tab per status code (and media type), each with its description, headers and schema. The
 * examples are not repeated here: they show in the code column (`ResponseExampleTabs`).
 */
export function ResponseTabs({ responses, anchors }: ResponseTabsProps) {
  return (
    <Tabs
      group="responses"
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
      {response.content ? (
        <MediaContent media={response.content} anchorOf={anchors?.(response.id)} showExamples={false} />
      ) : (
        <p className="api-muted">No response body.</p>
      )}
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
