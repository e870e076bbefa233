import type { ParameterLocation, ParameterView } from '../api-view.js';
import { exampleValue, holderSchema } from './example-value.js';
import type { ParameterObject, SchemaObject } from './openapi-types.js';
import { resolveRef } from './resolve-ref.js';
import { schemaConstraints } from './schema-constraints.js';
import { schemaToView } from './schema-to-view.js';
import { schemaType } from './schema-type.js';
import { renderDescriptionField, type ViewContext } from './view-context.js';

/** A parameter (or response header, with `in` given) as a row of the parameters table; `pointer` is where it is, when known. */
export function parameterToView(
  parameter: ParameterObject,
  ctx: ViewContext,
  location?: ParameterLocation,
  pointer?: string,
): ParameterView {
  const schema: SchemaObject = holderSchema(parameter, ctx.document) ?? {};
  const items = resolveRef<SchemaObject>(ctx.document, schema.items).value;
  const { type, nullable } = schemaType(schema);
  const constraints = schemaConstraints(schema);
  const values = Array.isArray(schema.enum) ? schema.enum : Array.isArray(items?.enum) ? items.enum : undefined;
  const name = String(parameter.name ?? '');
  ctx.page.text.push(name);
  const view: ParameterView = {
    name,
    in: location ?? (parameter.in as ParameterLocation),
    required: parameter.required === true,
    deprecated: parameter.deprecated === true,
    type: type === 'array' && items ? `${schemaType(items).type}[]` : type,
    constraints: constraints.other,
  };
  const format = schema.format ?? items?.format;
  if (typeof format === 'string') view.format = format;
  if (nullable) view.nullable = true;
  if (schema.default !== undefined) view.default = display(schema.default);
  if (values) view.enum = values.map(display);
  if (constraints.minimum) view.minimum = constraints.minimum;
  if (constraints.maximum) view.maximum = constraints.maximum;
  if (constraints.pattern) view.pattern = constraints.pattern;
  const example = exampleValue(
    { example: parameter.example, examples: parameter.examples, schema: parameter.schema },
    ctx.document,
  );
  if (example !== undefined) view.example = display(example);
  const descriptionHtml = renderDescriptionField(
    ctx,
    parameter.description ?? schema.description,
    pointer && `${pointer}/description`,
  );
  if (descriptionHtml) view.descriptionHtml = descriptionHtml;
  if (type === 'object' || (items && schemaType(items).type === 'object')) view.schema = schemaToView(schema, ctx);
  return view;
}

/** Strings as they are typed in a URL or header; everything else as JSON. */
function display(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');
}
