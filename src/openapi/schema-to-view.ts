import type { SchemaView } from '../api-view.js';
import { escapePointerToken, pointerName } from './json-pointer.js';
import { mergeAllOf } from './merge-all-of.js';
import { enumDescriptions } from './enum-descriptions.js';
import type { Direction } from './example-value.js';
import type { OpenApiDocument, SchemaObject } from './openapi-types.js';
import { resolveRef } from './resolve-ref.js';
import { alternativesOf } from './schema-alternatives.js';
import { componentSchemaName } from './schema-pages.js';
import { constraintList } from './schema-constraints.js';
import { NOT_ALLOWED, keywordConstraints, keywordFacts, subschemasOf, tupleParts } from './schema-keywords-to-view.js';
import { schemaType } from './schema-type.js';
import { renderDescriptionField, type ViewContext } from './view-context.js';

export interface SchemaToViewOptions {
  /** Levels below which the tree stops (marked `truncated`). */
  maxDepth?: number;
  /** JSON pointer of the schema in the document, when known: a `$ref` back to it is a cycle too. */
  pointer?: string;
  /**
   * Which way the data goes: a request leaves out `readOnly` properties (the server sets them), a
   * response `writeOnly` ones (never sent back). Unset (schema pages) shows both, flagged.
   */
  direction?: Direction;
}

interface Walk {
  ctx: ViewContext;
  depth: number;
  maxDepth: number;
  /** Pointers of the schemas on the way down to this node: meeting one again is a cycle. */
  stack: readonly string[];
  /** The flag whose properties this direction leaves out. */
  omit?: 'readOnly' | 'writeOnly';
}

interface Slot {
  name?: string;
  required?: boolean;
  /** Pointer of the (unresolved) schema, when known. */
  at?: string;
  /**
   * Set on a child reached through its parent's `discriminator.mapping`: the parent's pointers.
   * The child's `allOf: [parent, …]` is then merged, not a cycle, and lists no alternatives again.
   */
  mappedFrom?: readonly string[];
}

const MAX_INLINE_EXAMPLE = 120;

/**
 * Turns a schema of the bundled document into the viewer's tree, following `$ref`s lazily.
 * A reference back to a schema already open above becomes a `circular` marker, and the tree
 * stops at `maxDepth`, so any description gives a finite tree.
 */
export function schemaToView(schema: unknown, ctx: ViewContext, options: SchemaToViewOptions = {}): SchemaView {
  const omit =
    options.direction === 'request' ? 'readOnly' : options.direction === 'response' ? 'writeOnly' : undefined;
  const state: Walk = { ctx, depth: 0, maxDepth: options.maxDepth ?? 10, stack: [], ...(omit ? { omit } : {}) };
  return walk(schema, state, { at: options.pointer });
}

function walk(raw: unknown, state: Walk, { at, mappedFrom, ...slot }: Slot): SchemaView {
  const { value, ref } = resolveRef<SchemaObject>(state.ctx.document, raw);
  const original: SchemaObject = value && typeof value === 'object' && !Array.isArray(value) ? wellFormed(value) : {};
  // `allOf: [{$ref}]` is how 3.0 puts a description next to a reference: its refs count too.
  const parts = allOfRefs(original);
  const location = ref ?? at;
  // This node *is* the referenced schema when reached by `$ref` or by a one-part `allOf`.
  const identities = [location, original.allOf?.length === 1 ? parts[0] : undefined].filter((p): p is string =>
    Boolean(p),
  );
  const name = (r: string) => state.ctx.refNames[r] ?? pointerName(r);
  const refName = ref ? name(ref) : original.allOf?.length === 1 && parts[0] ? name(parts[0]) : undefined;
  const loop = [...(ref ? [ref] : []), ...parts].find((r) => !mappedFrom?.includes(r) && state.stack.includes(r));
  if (loop) return { ...slot, type: 'object', title: name(loop), circular: name(loop) };
  const merged = original.allOf ? mergeAllOf(original, state.ctx.document) : undefined;
  const schema = merged ?? original;
  const inner = unwrapNullable(schema, state);
  const describedAt = location && !merged ? `${location}/description` : undefined;
  if (inner !== undefined) {
    const descriptionHtml = renderDescriptionField(state.ctx, schema.description, describedAt);
    // This node is open while X is walked: a schema that is the nullable form of itself is a cycle.
    const stack = [...state.stack, ...identities];
    const view = {
      ...walk(inner, { ...state, stack }, slot),
      nullable: true,
      ...(descriptionHtml ? { descriptionHtml } : {}),
    };
    return withSiblingKeywords(
      view,
      schema,
      { ...state, depth: state.depth + 1, stack },
      merged ? undefined : location,
    );
  }
  const view = describeNode(schema, state, { slot, refName, describedAt });
  const href = schemaPageHref(state.ctx, identities);
  if (href) view.href = href;
  if (state.depth >= state.maxDepth) return hasChildren(schema) ? { ...view, truncated: true } : view;
  const next: Walk = { ...state, depth: state.depth + 1, stack: [...state.stack, ...identities] };
  const listsMapping = !mappedFrom && hasOwnDiscriminator(original, state.ctx.document);
  // Children of a merged allOf come from several places: their pointers are unknown.
  return {
    ...view,
    ...children(schema, next, { location: merged ? undefined : location, listsMapping, self: identities }),
  };
}

/**
 * Whether the schema itself (or the one it wraps in a one-part `allOf`) declares a discriminator:
 * only a schema's own mapping lists its children; a child merges its parent's discriminator too.
 */
function hasOwnDiscriminator(original: SchemaObject, document: OpenApiDocument): boolean {
  if (original.discriminator !== undefined) return true;
  if (original.allOf?.length !== 1 || typeof original.allOf[0]?.$ref !== 'string') return false;
  return resolveRef<SchemaObject>(document, original.allOf[0]).value?.discriminator !== undefined;
}

/** The page of the component schema this node is (by `$ref` or one-part `allOf`), if the site has one. */
function schemaPageHref(ctx: ViewContext, identities: readonly string[]): string | undefined {
  for (const pointer of identities) {
    const component = componentSchemaName(pointer);
    const href = component === undefined ? undefined : ctx.schemaHref?.(component);
    if (href) return href;
  }
  return undefined;
}

const LIST_KEYWORDS = ['allOf', 'oneOf', 'anyOf', 'enum', 'required', 'prefixItems', 'type'] as const;

/** The schema without keywords whose value has the wrong shape (a description may hold anything): they are ignored, not rendered. */
function wellFormed(schema: SchemaObject): SchemaObject {
  const bad = LIST_KEYWORDS.filter(
    (key) =>
      schema[key] !== undefined && !Array.isArray(schema[key]) && !(key === 'type' && typeof schema.type === 'string'),
  );
  const badObjects = (['properties', 'items', 'additionalProperties', 'discriminator'] as const).filter(
    (key) =>
      schema[key] !== undefined &&
      typeof schema[key] !== 'object' &&
      // `additionalProperties: false` and (after `prefixItems`) `items: false` are JSON Schema's way to say 'no more'.
      !((key === 'additionalProperties' || key === 'items') && typeof schema[key] === 'boolean'),
  );
  if (bad.length === 0 && badObjects.length === 0) return schema;
  const out: Record<string, unknown> = { ...schema };
  for (const key of [...bad, ...badObjects]) delete out[key];
  return out as SchemaObject;
}

function allOfRefs(schema: SchemaObject): string[] {
  if (!Array.isArray(schema.allOf)) return [];
  return schema.allOf.flatMap((part) => (part && typeof part.$ref === 'string' ? [part.$ref] : []));
}

function describeNode(
  schema: SchemaObject,
  state: Walk,
  { slot, refName, describedAt }: { slot: Slot; refName?: string; describedAt?: string },
): SchemaView {
  const { type, nullable } = schemaType(schema);
  const values = schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  const constraints = [...constraintList(schema), ...keywordConstraints(schema, state.ctx.document)];
  const view: SchemaView = { ...slot, type, ...keywordFacts(schema) };
  const title = typeof schema.title === 'string' ? schema.title : refName;
  if (title) view.title = title;
  if (typeof schema.format === 'string') view.format = schema.format;
  if (nullable) view.nullable = true;
  if (schema.readOnly === true) view.readOnly = true;
  if (schema.writeOnly === true) view.writeOnly = true;
  if (schema.deprecated === true) view.deprecated = true;
  const descriptionHtml = renderDescriptionField(state.ctx, schema.description, describedAt);
  if (descriptionHtml) view.descriptionHtml = descriptionHtml;
  const json = (v: unknown) => JSON.stringify(v) ?? 'null';
  if (schema.const !== undefined) view.const = json(schema.const);
  else if (values) view.enum = values.map(json);
  const described = values && enumDescriptions(schema, values, state.ctx, json);
  if (described) view.enumDescriptions = described;
  if (schema.default !== undefined) view.default = JSON.stringify(schema.default);
  const example = inlineExample(schema);
  if (example) view.example = example;
  if (constraints.length) view.constraints = constraints;
  if (schema.discriminator?.propertyName) view.discriminator = schema.discriminator.propertyName;
  if (slot.name) state.ctx.page.text.push(slot.name);
  return view;
}

interface ChildrenOf {
  /** Pointer of the node's own schema (not of a merged allOf), for its children's pointers. */
  location?: string;
  /** Whether a `discriminator.mapping` without `oneOf` lists the mapped schemas as alternatives. */
  listsMapping: boolean;
  /** Pointers of the node (see `identities`), which mapped children refer back to. */
  self: readonly string[];
}

function children(
  schema: SchemaObject,
  state: Walk,
  { location, listsMapping, self }: ChildrenOf,
): Partial<SchemaView> {
  const at = (...tokens: (string | number)[]) =>
    location ? `${location}/${tokens.map((t) => escapePointerToken(String(t))).join('/')}` : undefined;
  const out: Partial<SchemaView> = {};
  if (schema.properties && typeof schema.properties === 'object') {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    out.properties = Object.entries(schema.properties)
      .filter(([, child]) => !state.omit || !hasFlag(child, state.omit, state.ctx.document))
      .map(([name, child]) => walk(child, state, { name, required: required.has(name), at: at('properties', name) }));
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    out.additionalProperties = walk(schema.additionalProperties, state, { at: at('additionalProperties') });
  }
  const tuple = tupleParts(schema);
  // After `prefixItems`, `items` is the schema of the rest: a 'Further items' sub-schema, not the array's items.
  if (
    schema.items &&
    typeof schema.items === 'object' &&
    !Array.isArray(schema.items) &&
    tuple?.keyword !== 'prefixItems'
  )
    out.items = walk(schema.items, state, { at: at('items') });
  if (tuple) {
    // A tuple: positions 1..n, each with its own schema; the rest are 'Further items' (subschemasOf).
    const variants = tuple.positions.map((item, i) => walk(item, state, { at: at(tuple.keyword, i) }));
    const labels = variants.map((_, i) => `[${i + 1}]`);
    out.composition = { kind: 'tuple', variants, labels, ...(tuple.closed ? { closed: true } : {}) };
  }
  const subschemas = subschemasOf(schema, (raw, tokens) =>
    raw === false ? { ...NOT_ALLOWED } : walk(raw, state, { at: at(...tokens) }),
  );
  if (subschemas.length) out.subschemas = subschemas;
  const alternatives = alternativesOf(schema, state.ctx.document, state.ctx.refNames, location);
  if (alternatives && (!alternatives.fromMapping || listsMapping)) {
    const mappedFrom = alternatives.fromMapping ? self : undefined;
    out.composition = {
      kind: alternatives.kind,
      variants: alternatives.items.map((item) => walk(item.raw, state, { at: item.at, mappedFrom })),
      labels: alternatives.items.map((item) => item.label),
    };
  }
  return out;
}

/** Whether a property is marked `readOnly`/`writeOnly`, on itself or on the schema it refers to. */
function hasFlag(raw: unknown, flag: 'readOnly' | 'writeOnly', document: OpenApiDocument): boolean {
  if (raw && typeof raw === 'object' && (raw as SchemaObject)[flag] === true) return true;
  return resolveRef<SchemaObject>(document, raw).value?.[flag] === true;
}

/** `anyOf: [X, {type: 'null'}]` (the 3.1 way to say nullable) reads as X, nullable. */
function unwrapNullable(schema: SchemaObject, state: Walk): unknown {
  const variants = schema.oneOf ?? schema.anyOf;
  if (!Array.isArray(variants) || variants.length !== 2 || schema.properties) return undefined;
  const isNull = (v: unknown) => {
    const resolved = resolveRef<SchemaObject>(state.ctx.document, v).value;
    return (
      resolved?.type === 'null' ||
      (Array.isArray(resolved?.enum) && resolved.enum.length === 1 && resolved.enum[0] === null)
    );
  };
  const rest = variants.filter((v) => !isNull(v));
  return rest.length === 1 ? rest[0] : undefined;
}

/**
 * The nullable form of X (`oneOf: [X, {type: 'null'}]`) with what the schema says beside the
 * `oneOf`: its rules (`not`, `if`/`then`/`else` …), constraints, facts and flags apply to the value
 * as well as X's, so they are added to X's view, never dropped.
 */
function withSiblingKeywords(view: SchemaView, schema: SchemaObject, state: Walk, location?: string): SchemaView {
  const { oneOf: _oneOf, anyOf: _anyOf, description: _description, ...rest } = schema;
  const at = (tokens: (string | number)[]) =>
    location ? `${location}/${tokens.map((t) => escapePointerToken(String(t))).join('/')}` : undefined;
  const out: SchemaView = { ...keywordFacts(rest), ...view };
  const subschemas =
    state.depth > state.maxDepth
      ? []
      : subschemasOf(rest, (raw, tokens) =>
          raw === false ? { ...NOT_ALLOWED } : walk(raw, state, { at: at(tokens) }),
        );
  if (subschemas.length) out.subschemas = [...(view.subschemas ?? []), ...subschemas];
  const constraints = [...constraintList(rest), ...keywordConstraints(rest, state.ctx.document)];
  if (constraints.length) out.constraints = [...(view.constraints ?? []), ...constraints];
  if (typeof rest.title === 'string') out.title = rest.title;
  for (const flag of ['readOnly', 'writeOnly', 'deprecated'] as const) if (rest[flag] === true) out[flag] = true;
  if (out.default === undefined && rest.default !== undefined) out.default = JSON.stringify(rest.default);
  const example = out.example === undefined ? inlineExample(rest) : undefined;
  if (example) out.example = example;
  return out;
}

/** Keywords whose sub-schemas the tree shows (see schema-keywords-to-view.ts). */
const SUBSCHEMA_KEYWORDS = [
  'patternProperties',
  'unevaluatedProperties',
  'dependentSchemas',
  'dependencies',
  'not',
  'if',
  'contains',
  'additionalItems',
  'unevaluatedItems',
  'contentSchema',
] as const;

function hasChildren(schema: SchemaObject): boolean {
  return Boolean(
    schema.properties ||
    schema.items ||
    schema.prefixItems ||
    schema.oneOf ||
    schema.anyOf ||
    schema.allOf ||
    SUBSCHEMA_KEYWORDS.some((keyword) => schema[keyword] !== undefined) ||
    (schema.additionalProperties && typeof schema.additionalProperties === 'object'),
  );
}

function inlineExample(schema: SchemaObject): string | undefined {
  const value =
    schema.example !== undefined ? schema.example : Array.isArray(schema.examples) ? schema.examples[0] : undefined;
  if (value === undefined || (value !== null && typeof value === 'object')) return undefined;
  const text = JSON.stringify(value);
  return text && text.length <= MAX_INLINE_EXAMPLE ? text : undefined;
}
