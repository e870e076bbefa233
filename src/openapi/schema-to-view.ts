import type { SchemaView } from './api-view.js';
import { pointerName } from './json-pointer.js';
import { mergeAllOf } from './merge-all-of.js';
import type { SchemaObject } from './openapi-types.js';
import { resolveRef } from './resolve-ref.js';
import { constraintList } from './schema-constraints.js';
import { schemaType } from './schema-type.js';
import { describe, type ViewContext } from './view-context.js';

export interface SchemaToViewOptions {
  /** Levels below which the tree stops (marked `truncated`). */
  maxDepth?: number;
}

interface Walk {
  ctx: ViewContext;
  depth: number;
  maxDepth: number;
  /** The `$ref`s on the way down to this node: meeting one again is a cycle. */
  stack: readonly string[];
}

interface Slot {
  name?: string;
  required?: boolean;
}

const MAX_INLINE_EXAMPLE = 120;

/**
 * Turns a schema of the bundled document into the viewer's tree, following `$ref`s lazily.
 * A reference back to a schema already open above becomes a `circular` marker, and the tree
 * stops at `maxDepth`, so any description gives a finite tree.
 */
export function schemaToView(schema: unknown, ctx: ViewContext, options: SchemaToViewOptions = {}): SchemaView {
  return walk(schema, { ctx, depth: 0, maxDepth: options.maxDepth ?? 10, stack: [] }, {});
}

function walk(raw: unknown, state: Walk, slot: Slot): SchemaView {
  const { value, ref } = resolveRef<SchemaObject>(state.ctx.document, raw);
  const original: SchemaObject = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  // `allOf: [{$ref}]` is how 3.0 puts a description next to a reference: its refs count too.
  const parts = allOfRefs(original);
  // This node *is* the referenced schema when reached by `$ref` or by a one-part `allOf`.
  const identity = ref ?? (original.allOf?.length === 1 ? parts[0] : undefined);
  const refName = identity ? pointerName(identity) : undefined;
  const loop = [...(ref ? [ref] : []), ...parts].find((r) => state.stack.includes(r));
  if (loop) return { ...slot, type: 'object', title: pointerName(loop), circular: pointerName(loop) };
  const schema = original.allOf ? (mergeAllOf(original, state.ctx.document) ?? original) : original;
  const inner = unwrapNullable(schema, state);
  if (inner !== undefined) {
    const descriptionHtml = describe(state.ctx, schema.description);
    return { ...walk(inner, state, slot), nullable: true, ...(descriptionHtml ? { descriptionHtml } : {}) };
  }
  const view = describeNode(schema, state, slot, refName);
  if (state.depth >= state.maxDepth) return hasChildren(schema) ? { ...view, truncated: true } : view;
  const next: Walk = { ...state, depth: state.depth + 1, stack: identity ? [...state.stack, identity] : state.stack };
  return { ...view, ...children(schema, next) };
}

function allOfRefs(schema: SchemaObject): string[] {
  if (!Array.isArray(schema.allOf)) return [];
  return schema.allOf.flatMap((part) => (part && typeof part.$ref === 'string' ? [part.$ref] : []));
}

function describeNode(schema: SchemaObject, state: Walk, slot: Slot, refName: string | undefined): SchemaView {
  const { type, nullable } = schemaType(schema);
  const values = schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  const constraints = constraintList(schema);
  const view: SchemaView = { ...slot, type };
  const title = typeof schema.title === 'string' ? schema.title : refName;
  if (title) view.title = title;
  if (typeof schema.format === 'string') view.format = schema.format;
  if (nullable) view.nullable = true;
  if (schema.readOnly === true) view.readOnly = true;
  if (schema.writeOnly === true) view.writeOnly = true;
  if (schema.deprecated === true) view.deprecated = true;
  const descriptionHtml = describe(state.ctx, schema.description);
  if (descriptionHtml) view.descriptionHtml = descriptionHtml;
  if (values) view.enum = values.map((v) => JSON.stringify(v) ?? 'null');
  if (schema.default !== undefined) view.default = JSON.stringify(schema.default);
  const example = inlineExample(schema);
  if (example) view.example = example;
  if (constraints.length) view.constraints = constraints;
  if (schema.discriminator?.propertyName) view.discriminator = schema.discriminator.propertyName;
  if (slot.name) state.ctx.page.text.push(slot.name);
  return view;
}

function children(schema: SchemaObject, state: Walk): Partial<SchemaView> {
  const out: Partial<SchemaView> = {};
  if (schema.properties && typeof schema.properties === 'object') {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    out.properties = Object.entries(schema.properties).map(([name, child]) => walk(child, state, { name, required: required.has(name) }));
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    out.additionalProperties = walk(schema.additionalProperties, state, {});
  }
  if (schema.items && typeof schema.items === 'object') out.items = walk(schema.items, state, {});
  else if (Array.isArray(schema.prefixItems) && schema.prefixItems.length) {
    out.composition = { kind: 'allOf', variants: schema.prefixItems.map((item) => walk(item, state, {})) };
  }
  const kind = schema.oneOf ? 'oneOf' : schema.anyOf ? 'anyOf' : schema.allOf ? 'allOf' : undefined;
  const variants = kind ? schema[kind] : undefined;
  if (kind && Array.isArray(variants)) out.composition = { kind, variants: variants.map((v) => walk(v, state, {})) };
  return out;
}

/** `anyOf: [X, {type: 'null'}]` (the 3.1 way to say nullable) reads as X, nullable. */
function unwrapNullable(schema: SchemaObject, state: Walk): unknown {
  const variants = schema.oneOf ?? schema.anyOf;
  if (!Array.isArray(variants) || variants.length !== 2 || schema.properties) return undefined;
  const isNull = (v: unknown) => {
    const resolved = resolveRef<SchemaObject>(state.ctx.document, v).value;
    return resolved?.type === 'null' || (Array.isArray(resolved?.enum) && resolved.enum.length === 1 && resolved.enum[0] === null);
  };
  const rest = variants.filter((v) => !isNull(v));
  return rest.length === 1 ? rest[0] : undefined;
}

function hasChildren(schema: SchemaObject): boolean {
  return Boolean(schema.properties || schema.items || schema.oneOf || schema.anyOf || schema.allOf || (schema.additionalProperties && typeof schema.additionalProperties === 'object'));
}

function inlineExample(schema: SchemaObject): string | undefined {
  const value = schema.example !== undefined ? schema.example : Array.isArray(schema.examples) ? schema.examples[0] : undefined;
  if (value === undefined || (value !== null && typeof value === 'object')) return undefined;
  const text = JSON.stringify(value);
  return text && text.length <= MAX_INLINE_EXAMPLE ? text : undefined;
}
