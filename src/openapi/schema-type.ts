import type { SchemaObject } from './openapi-types.js';

export interface SchemaType {
  /** 'string', 'object', 'string | integer', 'any' … */
  type: string;
  nullable: boolean;
}

/**
 * The display type of a schema: 3.0 `nullable`, 3.1 type arrays (`['string', 'null']`) and
 * types implied by other keywords when `type` is missing.
 */
export function schemaType(schema: SchemaObject): SchemaType {
  const declared = Array.isArray(schema.type)
    ? schema.type.map(String)
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  const nullable =
    schema.nullable === true || declared.includes('null') || (Array.isArray(schema.enum) && schema.enum.includes(null));
  const types = declared.filter((t) => t !== 'null');
  if (types.length) return { type: types.join(' | '), nullable };
  if (declared.includes('null')) return { type: 'null', nullable: false };
  return { type: impliedType(schema), nullable };
}

function impliedType(schema: SchemaObject): string {
  if (schema.properties || schema.additionalProperties !== undefined) return 'object';
  if (schema.items || schema.prefixItems) return 'array';
  const value =
    schema.const !== undefined
      ? schema.const
      : Array.isArray(schema.enum)
        ? schema.enum.find((v) => v !== null)
        : undefined;
  if (value !== undefined)
    return Array.isArray(value)
      ? 'array'
      : value === null
        ? 'null'
        : typeof value === 'number'
          ? Number.isInteger(value)
            ? 'integer'
            : 'number'
          : typeof value;
  if (schema.oneOf || schema.anyOf) return schema.oneOf ? 'one of' : 'any of';
  return 'any';
}
