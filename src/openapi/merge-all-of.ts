import type { OpenApiDocument, SchemaObject } from './openapi-types.js';
import { resolveRef } from './resolve-ref.js';

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'null']);

/**
 * Merges an `allOf` into one object schema (properties and `required` united, the first
 * description and title kept), the way readers think of inheritance. Returns undefined when the
 * parts cannot be merged faithfully (they hold `oneOf`/`anyOf` or are not objects): the viewer
 * then shows the parts.
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
  if (parts.some((p) => p.oneOf || p.anyOf || (typeof p.type === 'string' && SCALAR_TYPES.has(p.type))))
    return undefined;
  return parts.reduce(mergeTwo);
}

function mergeTwo(a: SchemaObject, b: SchemaObject): SchemaObject {
  const merged: SchemaObject = { ...b, ...definedOnly(a) };
  merged.type = a.type ?? b.type ?? 'object';
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
