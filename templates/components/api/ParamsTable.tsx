import type { ParameterView } from '../../../src/openapi/api-view.js';
import { HtmlBlock } from './HtmlBlock.js';
import { SchemaFacts } from './SchemaFacts.js';
import { SchemaViewer } from './SchemaViewer.js';

export interface ParamsTableProps {
  parameters: ParameterView[];
  /** Accessible caption, e.g. 'Query parameters'. */
  caption: string;
}

/** Parameters (or response headers): name, type, flags, then description and constraints. */
export function ParamsTable({ parameters, caption }: ParamsTableProps) {
  return (
    <div className="api-params-scroll">
      <table className="api-params">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((parameter) => (
            <tr key={`${parameter.in}-${parameter.name}`}>
              <td className="api-params__name">
                <code>{parameter.name}</code>
                <span className="api-params__type">
                  {parameter.type}
                  {parameter.format && <span className="api-schema__format">{` <${parameter.format}>`}</span>}
                </span>
                {parameter.required && <span className="api-flag api-flag--required">required</span>}
                {parameter.nullable && <span className="api-flag">nullable</span>}
                {parameter.deprecated && <span className="api-flag api-flag--deprecated">deprecated</span>}
              </td>
              <td className="api-params__description">
                <HtmlBlock className="api-description" html={parameter.descriptionHtml} />
                <SchemaFacts
                  enumValues={parameter.enum}
                  defaultValue={parameter.default}
                  example={parameter.example}
                  minimum={parameter.minimum}
                  maximum={parameter.maximum}
                  pattern={parameter.pattern}
                  constraints={parameter.constraints}
                />
                {parameter.schema && <SchemaViewer schema={parameter.schema} label={`Schema of ${parameter.name}`} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
