import type { ParameterView } from '../../../src/api-view.js';
import type { AnchorLookup } from '../../../src/openapi/field-anchors.js';
import { FieldLink } from './FieldLink.js';
import { HtmlBlock } from './HtmlBlock.js';
import { SchemaFacts } from './SchemaFacts.js';
import { SchemaViewer } from './SchemaViewer.js';

export interface ParamsTableProps {
  parameters: ParameterView[];
  /** Accessible caption, e.g. 'Query parameters'. */
  caption: string;
  /** Deep-link anchors of the page's fields, and the name of this table in them (see field-anchors). */
  anchors?: AnchorLookup;
  root?: string;
}

/** Parameters (or response headers): name, type, flags, then description and constraints. */
export function ParamsTable({ parameters, caption, anchors, root = '' }: ParamsTableProps) {
  const anchorOf = anchors?.(root);
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
          {parameters.map((parameter) => {
            const id = anchorOf?.(parameter.name);
            return (
              <tr key={`${parameter.in}-${parameter.name}`} id={id}>
                <td className="api-params__name">
                  <code>{parameter.name}</code>
                  {id && <FieldLink id={id} name={parameter.name} />}
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
                    enumDescriptions={parameter.enumDescriptions}
                    defaultValue={parameter.default}
                    example={parameter.example}
                    examples={parameter.examples}
                    minimum={parameter.minimum}
                    maximum={parameter.maximum}
                    pattern={parameter.pattern}
                    constraints={parameter.constraints}
                  />
                  {parameter.schema && (
                    <SchemaViewer
                      schema={parameter.schema}
                      label={`Schema of ${parameter.name}`}
                      anchorOf={anchors?.(`${root}:${parameter.name}`)}
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
