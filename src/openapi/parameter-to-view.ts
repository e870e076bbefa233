import type { ParameterLocation, ParameterView } from '../api-view.js';
import { enumDescriptions } from './enum-descriptions.js';
import { exampleValue, holderSchema, namedExamples } from './example-value.js';
import type { ParameterObject, SchemaObject } from './openapi-types.js';
import { resolveRef } from './resolve-ref.js';
import { constraintList, schemaConstraints } from './schema-constraints.js';
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
  const name = String(parameter.name ?? '');
  ctx.page.text.push(name);
  const view: ParameterView = {
    name,
    in: location ?? (parameter.in as ParameterLocation),
    required: parameter.required === true,
    deprecated: parameter.deprecated === true,
    type: type === 'array' && items ? `${schemaType(items).type}[]` : type,
    constraints: [...constraints.other, ...itemConstraints(type, items)],
    ...valueFacts(schema, items, ctx),
  };
  if (nullable) view.nullable = true;
  Object.assign(view, examplesOf(parameter, ctx));
  const descriptionHtml = renderDescriptionField(
    ctx,
    parameter.description ?? schema.description,
    pointer && `${pointer}/description`,
  );
  if (descriptionHtml) view.descriptionHtml = descriptionHtml;
  // A location is given only for response headers: they travel in a response, parameters in a request.
  const direction = location ? 'response' : 'request';
  if (type === 'object' || (items && schemaType(items).type === 'object'))
    view.schema = schemaToView(schema, ctx, { direction });
  return view;
}

/** The constraints of an array parameter's items ('each item max length 64'): the row shows the array's own. */
function itemConstraints(type: string, items: SchemaObject | undefined): string[] {
  if (type !== 'array' || !items || schemaType(items).type === 'object') return [];
  return constraintList(items).map((c) => `each item ${c}`);
}

/** Format, default, allowed values (and what they mean) and bounds of the parameter's schema. */
function valueFacts(schema: SchemaObject, items: SchemaObject | undefined, ctx: ViewContext): Partial<ParameterView> {
  const out: Partial<ParameterView> = {};
  const constraints = schemaConstraints(schema);
  const format = schema.format ?? items?.format;
  if (typeof format === 'string') out.format = format;
  if (schema.default !== undefined) out.default = display(schema.default);
  const holder = Array.isArray(schema.enum) ? schema : Array.isArray(items?.enum) ? items : undefined;
  if (holder?.enum) {
    out.enum = holder.enum.map(display);
    const described = enumDescriptions(holder, holder.enum, ctx, display);
    if (described) out.enumDescriptions = described;
  }
  if (constraints.minimum) out.minimum = constraints.minimum;
  if (constraints.maximum) out.maximum = constraints.maximum;
  if (constraints.pattern) out.pattern = constraints.pattern;
  return out;
}

/** The example shown in the row, and every named one of `examples` when there are several. */
function examplesOf(parameter: ParameterObject, ctx: ViewContext): Partial<ParameterView> {
  const out: Partial<ParameterView> = {};
  const example = exampleValue(
    { example: parameter.example, examples: parameter.examples, schema: parameter.schema },
    ctx.document,
  );
  if (example !== undefined) out.example = display(example);
  const named = parameter.example === undefined ? namedExamples(parameter, ctx.document) : [];
  if (named.length > 1)
    out.examples = named.map(({ name, example: object, value }) => ({
      label: typeof object.summary === 'string' && object.summary.trim() ? object.summary : name,
      value: display(value),
    }));
  return out;
}

/** Strings as they are typed in a URL or header; everything else as JSON. */
function display(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');
}
