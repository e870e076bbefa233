/**
 * The JSON Schema keywords beyond properties, items and alternatives, as the viewer shows them
 * (the way Redoc, Scalar and Stoplight Elements do): labelled sub-schemas (`patternProperties`,
 * `not`, `if`/`then`/`else`, `dependentSchemas`, `contains`, further items, `contentSchema`),
 * facts (`dependentRequired`, `contentEncoding`/`contentMediaType`, `externalDocs`, 'no other
 * properties', names `required` without a property) and constraint lines (`contains` counts,
 * `propertyNames`). schema-to-view.ts walks the sub-schemas; this module decides what is shown.
 */
import type { DependentRequiredView, SchemaView, SubschemaView } from '../api-view.js';
import type { OpenApiDocument, SchemaObject } from './openapi-types.js';
import { resolveRef } from './resolve-ref.js';
import { safeUrl } from './safe-url.js';
import { constraintList } from './schema-constraints.js';

type Token = string | number;
/** Walks the sub-schema found at `tokens` under the node (a boolean schema too). */
export type WalkChild = (raw: unknown, tokens: Token[]) => SchemaView;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
/** A schema or a boolean schema (`true`: anything, `false`: nothing). */
const isSchema = (v: unknown) => isObject(v) || typeof v === 'boolean';
const entries = (v: unknown): [string, unknown][] => (isObject(v) ? Object.entries(v) : []);
const names = (v: unknown): string[] => (Array.isArray(v) ? v.filter((n): n is string => typeof n === 'string') : []);

// Kept in the data model, which the Markdown twins read too.
export { isPropertyRule } from '../api-view.js';

/** What a `false` sub-schema shows: nothing may match it. */
export const NOT_ALLOWED: SchemaView = { type: 'not allowed' };

/** The labelled sub-schemas of a schema, in the order the viewer shows them. */
export function subschemasOf(schema: SchemaObject, walkChild: WalkChild): SubschemaView[] {
  const out: SubschemaView[] = [];
  const add = (
    kind: SubschemaView['kind'],
    tokens: Token[],
    words: Pick<SubschemaView, 'label' | 'subject' | 'after'>,
  ) => {
    const raw = tokens.reduce<unknown>((node, token) => (isObject(node) ? node[token] : undefined), schema);
    if (isSchema(raw)) out.push({ kind, ...words, schema: walkChild(raw, tokens) });
  };
  for (const [pattern] of entries(schema.patternProperties))
    add('patternProperties', ['patternProperties', pattern], { label: 'Properties matching', subject: `/${pattern}/` });
  if (isObject(schema.unevaluatedProperties))
    add('unevaluatedProperties', ['unevaluatedProperties'], { label: 'Other properties' });
  for (const [keyword, name] of dependentSchemaNames(schema))
    add('dependentSchemas', [keyword, name], { label: 'If', subject: name, after: 'is present' });
  if (isObject(schema.not)) add('not', ['not'], { label: 'Must not match' });
  // `then` and `else` apply only after an `if`; an `if` alone changes nothing.
  if (isSchema(schema.if) && (schema.then !== undefined || schema.else !== undefined)) {
    add('if', ['if'], { label: 'If' });
    add('then', ['then'], { label: 'Then' });
    add('else', ['else'], { label: 'Else' });
  }
  add('contains', ['contains'], { label: 'Contains' });
  const rest = furtherItemsKeyword(schema);
  if (rest) add('furtherItems', [rest], { label: 'Further items' });
  add('contentSchema', ['contentSchema'], { label: 'Decoded content' });
  return out;
}

/** `dependentSchemas` entries, and the schema (not list) entries of draft 4–7 `dependencies`. */
function dependentSchemaNames(schema: SchemaObject): [string, string][] {
  return [
    ...entries(schema.dependentSchemas).map(([name]): [string, string] => ['dependentSchemas', name]),
    ...entries(schema.dependencies)
      .filter(([, value]) => isObject(value))
      .map(([name]): [string, string] => ['dependencies', name]),
  ];
}

/** A tuple: its positions, where they are, and whether nothing may follow them. */
export interface TupleParts {
  keyword: 'prefixItems' | 'items';
  positions: unknown[];
  closed: boolean;
}

/**
 * The tuple of an array schema: 2020-12 `prefixItems` (the rest is `items`), or the older
 * `items: [..]` (draft 4–2019, the rest is `additionalItems`); `unevaluatedItems` is the rest
 * when neither says.
 */
export function tupleParts(schema: SchemaObject): TupleParts | undefined {
  const raw: Record<string, unknown> = schema;
  const keyword = Array.isArray(raw.prefixItems) ? 'prefixItems' : Array.isArray(raw.items) ? 'items' : undefined;
  if (!keyword) return undefined;
  const positions = raw[keyword] as unknown[];
  if (positions.length === 0) return undefined;
  const restKeyword = keyword === 'prefixItems' ? 'items' : 'additionalItems';
  const rest = raw[restKeyword] === undefined ? raw.unevaluatedItems : raw[restKeyword];
  return { keyword, positions, closed: rest === false };
}

/**
 * The keyword holding the schema of the items after a tuple: `additionalItems` after `items: [..]`,
 * `items` after `prefixItems` (shown with the positions, not as the array's items), else
 * `unevaluatedItems` when neither says.
 */
function furtherItemsKeyword(schema: SchemaObject): 'additionalItems' | 'items' | 'unevaluatedItems' | undefined {
  const tuple = tupleParts(schema);
  if (tuple?.keyword === 'items' && isObject(schema.additionalItems)) return 'additionalItems';
  if (tuple?.keyword === 'prefixItems' && isObject(schema.items)) return 'items';
  const hasRest = tuple?.keyword === 'items' ? schema.additionalItems !== undefined : isSchema(schema.items);
  return isObject(schema.unevaluatedItems) && !hasRest ? 'unevaluatedItems' : undefined;
}

/** The facts of a schema from these keywords (only the ones it has). */
export function keywordFacts(schema: SchemaObject): Partial<SchemaView> {
  const out: Partial<SchemaView> = {};
  if (schema.additionalProperties === false || schema.unevaluatedProperties === false) out.noOtherProperties = true;
  const listed = new Set(isObject(schema.properties) ? Object.keys(schema.properties) : []);
  const requiredNames = names(schema.required).filter((name) => !listed.has(name));
  if (requiredNames.length) out.requiredNames = requiredNames;
  const dependent = dependentRequiredOf(schema);
  if (dependent.length) out.dependentRequired = dependent;
  const content = contentWords(schema);
  if (content) out.content = content;
  const docs = isObject(schema.externalDocs) ? schema.externalDocs : undefined;
  const url = safeUrl(docs?.url);
  if (url) {
    const description = typeof docs?.description === 'string' ? docs.description.trim() : '';
    out.externalDocs = description ? { url, description } : { url };
  }
  return out;
}

function dependentRequiredOf(schema: SchemaObject): DependentRequiredView[] {
  const lists = [
    ...entries(schema.dependentRequired),
    ...entries(schema.dependencies).filter(([, v]) => Array.isArray(v)),
  ];
  return lists
    .map(([property, requires]) => ({ property, requires: names(requires) }))
    .filter((d) => d.requires.length > 0);
}

/** 'base64-encoded image/png', 'base64-encoded', 'image/png'. */
function contentWords(schema: SchemaObject): string | undefined {
  const encoding = typeof schema.contentEncoding === 'string' ? `${schema.contentEncoding}-encoded` : '';
  const media = typeof schema.contentMediaType === 'string' ? schema.contentMediaType : '';
  return [encoding, media].filter(Boolean).join(' ') || undefined;
}

/** Constraint lines of these keywords: how many items `contains` asks for, and the rule for property names. */
export function keywordConstraints(schema: SchemaObject, document: OpenApiDocument): string[] {
  const out: string[] = [];
  const contains = containsWords(schema);
  if (contains) out.push(contains);
  const names = propertyNamesWords(schema.propertyNames, document);
  if (names) out.push(names);
  const tuple = tupleParts(schema);
  if (schema.unevaluatedItems === false && !tuple && !isSchema(schema.items))
    out.push('no items but those it contains');
  return out;
}

const count = (n: number) => `${n} matching item${n === 1 ? '' : 's'}`;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** 'contains at least 1 matching item', 'contains 2 to 5 matching items', 'contains exactly 1 matching item'. */
function containsWords(schema: SchemaObject): string | undefined {
  if (!isSchema(schema.contains)) return undefined;
  const min = isCount(schema.minContains) ? schema.minContains : 1;
  const max = isCount(schema.maxContains) ? schema.maxContains : undefined;
  if (max === undefined) return min === 0 ? undefined : `contains at least ${count(min)}`;
  if (min === max) return `contains exactly ${count(min)}`;
  return min === 0 ? `contains at most ${count(max)}` : `contains ${min} to ${count(max)}`;
}

/** 'property names: pattern ^[a-z_]+$, max length 40' from `propertyNames` (a `$ref` is followed). */
function propertyNamesWords(raw: unknown, document: OpenApiDocument): string | undefined {
  if (raw === false) return 'no properties';
  const rule = resolveRef<SchemaObject>(document, raw).value;
  if (!isObject(rule)) return undefined;
  const json = (v: unknown) => JSON.stringify(v) ?? 'null';
  const values = rule.const !== undefined ? [rule.const] : Array.isArray(rule.enum) ? rule.enum : [];
  const words = [
    typeof rule.format === 'string' ? `format ${rule.format}` : undefined,
    values.length ? `one of ${values.map(json).join(', ')}` : undefined,
    ...constraintList(rule),
  ].filter((w): w is string => Boolean(w));
  return words.length ? `property names: ${words.join(', ')}` : undefined;
}
