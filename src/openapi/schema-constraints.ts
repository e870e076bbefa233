import type { SchemaObject } from './openapi-types.js';

export interface SchemaConstraints {
  /** '1' (inclusive) or '> 0' (exclusive). */
  minimum?: string;
  maximum?: string;
  pattern?: string;
  /** Every other constraint in words. */
  other: string[];
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The constraints of a schema in words. Handles both exclusive-bound styles: OpenAPI 3.0
 * booleans next to minimum/maximum, and JSON Schema (3.1) numbers.
 */
export function schemaConstraints(schema: SchemaObject): SchemaConstraints {
  const other: string[] = [];
  const push = (cond: unknown, text: string) => cond && other.push(text);
  push(isNumber(schema.multipleOf), `multiple of ${schema.multipleOf}`);
  push(isNumber(schema.minLength) && schema.minLength > 0, `min length ${schema.minLength}`);
  push(isNumber(schema.maxLength), `max length ${schema.maxLength}`);
  push(isNumber(schema.minItems) && schema.minItems > 0, `min items ${schema.minItems}`);
  push(isNumber(schema.maxItems), `max items ${schema.maxItems}`);
  push(schema.uniqueItems === true, 'unique items');
  push(isNumber(schema.minProperties) && schema.minProperties > 0, `min properties ${schema.minProperties}`);
  push(isNumber(schema.maxProperties), `max properties ${schema.maxProperties}`);
  return {
    minimum: bound(schema.minimum, schema.exclusiveMinimum, '>'),
    maximum: bound(schema.maximum, schema.exclusiveMaximum, '<'),
    pattern: typeof schema.pattern === 'string' ? schema.pattern : undefined,
    other,
  };
}

/** '5' for an inclusive bound, '> 5' or '< 5' for an exclusive one. */
function bound(value: unknown, exclusive: unknown, sign: '>' | '<'): string | undefined {
  if (isNumber(exclusive)) return `${sign} ${exclusive}`;
  if (!isNumber(value)) return undefined;
  return exclusive === true ? `${sign} ${value}` : String(value);
}

const inWords = (bound: string | undefined, sign: '>' | '<') =>
  bound === undefined ? undefined : bound.startsWith(sign) ? bound : `${sign}= ${bound}`;

/** All constraints as one list, for the schema viewer. */
export function constraintList(schema: SchemaObject): string[] {
  const c = schemaConstraints(schema);
  return [
    inWords(c.minimum, '>'),
    inWords(c.maximum, '<'),
    ...c.other,
    c.pattern !== undefined ? `pattern ${c.pattern}` : undefined,
  ].filter((x): x is string => Boolean(x));
}
