import type { ResponseView } from '../../../src/openapi/api-view.js';
import { HtmlBlock } from './HtmlBlock.js';
import { MediaContent } from './MediaContent.js';
import { ParamsTable } from './ParamsTable.js';
import { Tabs } from './Tabs.js';

/** One tab per status code (and media type), each with its description, headers, schema and example. */
export function ResponseTabs({ responses }: { responses: ResponseView[] }) {
  return (
    <Tabs
      group="responses"
      label="Responses by status code"
      items={responses.map((response) => ({
        value: response.label,
        panelId: response.id,
        className: `api-status api-status--${response.kind}`,
        label: response.label,
        content: <ResponsePanel response={response} />,
      }))}
    />
  );
}

function ResponsePanel({ response }: { response: ResponseView }) {
  return (
    <>
      <HtmlBlock className="api-description" html={response.descriptionHtml} />
      {response.headers.length > 0 && (
        <>
          <p className="api-subheading">Response headers</p>
          <ParamsTable parameters={response.headers} caption={`Headers of the ${response.status} response`} />
        </>
      )}
      {response.content ? <MediaContent media={response.content} /> : <p className="api-muted">No response body.</p>}
    </>
  );
}
