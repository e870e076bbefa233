import type { OpenApiDocument, SchemaObject } from './openapi-types.js';
import { resolveRef } from './resolve-ref.js';

/**
 * Merges an `allOf` into one schema (properties and `required` united, the first description and
 * title kept), the way readers think of inheritance. One part may offer alternatives
 * (`allOf: [Gateway, {ringDistance}]` where Gateway is a `oneOf`): the merged schema keeps them,
 * beside the united properties. Returns undefined when the parts cannot be merged faithfully
 * (two sets of alternatives, types that disagree, properties on a non-object): the viewer then
 * shows the parts.
 */
export function mergeAllOf(
  schema: SchemaObject,
  document: OpenApiDocument,
  seen: ReadonlySet<string> = new Set(),
): SchemaObject | undefined {
  const { allOf, ...own } = schema;
  const parts: SchemaObject[] = [own];
  for (const raw of Array.isArray(allOf) ? allOf : []) {
    const { value, ref } = resolveRef<SchemaObject>(document, raw);
    if (!value || typeof value !== 'object' || (ref && seen.has(ref))) continue;
    const part = value.allOf ? mergeAllOf(value, document, ref ? new Set([...seen, ref]) : seen) : value;
    if (!part) return undefined;
    parts.push(part);
  }
  return mergeable(parts) ? parts.reduce(mergeTwo) : undefined;
}

/**
 * Keywords one merged schema can hold only once: two parts with their own conditional, `not` or
 * pattern rules would lose one of them in a merge, so such parts are shown apart.
 */
const ONE_PART_ONLY = [
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'contains',
  'unevaluatedProperties',
  'unevaluatedItems',
] as const;

function mergeable(parts: readonly SchemaObject[]): boolean {
  if (parts.filter((p) => p.oneOf || p.anyOf).length > 1) return false;
  if (ONE_PART_ONLY.some((keyword) => parts.filter((p) => p[keyword] !== undefined).length > 1)) return false;
  const types = new Set(parts.map((p) => (Array.isArray(p.type) ? p.type.join('|') : p.type)).filter(Boolean));
  if (types.size > 1) return false;
  const [type] = types;
  return type === undefined || type === 'object' || !parts.some((p) => p.properties);
}

function mergeTwo(a: SchemaObject, b: SchemaObject): SchemaObject {
  const merged: SchemaObject = { ...b, ...definedOnly(a) };
  const type = a.type ?? b.type ?? (a.properties || b.properties ? 'object' : undefined);
  if (type === undefined) delete merged.type;
  else merged.type = type;
  if (a.properties || b.properties) merged.properties = { ...a.properties, ...onlyNew(b.properties, a.properties) };
  const required = [a.required, b.required].flatMap((list) => (Array.isArray(list) ? list : []));
  if (required.length) merged.required = [...new Set(required)];
  return merged;
}

/** Properties of b that a does not have: the parts' order is kept and the first definition wins. */
function onlyNew(b: SchemaObject['properties'], a: SchemaObject['properties']): SchemaObject['properties'] {
  return Object.fromEntries(Object.entries(b ?? {}).filter(([key]) => !a || !(key in a)));
}

function definedOnly(schema: SchemaObject): SchemaObject {
  return Object.fromEntries(Object.entries(schema).filter(([, v]) => v !== undefined));
}
