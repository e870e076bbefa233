import { escapePointerToken, pointerName } from './json-pointer.js';
import type { OpenApiDocument, SchemaObject } from './openapi-types.js';
import { resolveRef } from './resolve-ref.js';
import { mergeAllOf } from './merge-all-of.js';
import { componentSchemaName } from './schema-pages.js';
import { schemaType } from './schema-type.js';

/** One alternative of a `oneOf`/`anyOf` (or an `allOf` part), with what the selector calls it. */
export interface Alternative {
  /** The schema as written (usually a `$ref`). */
  raw: unknown;
  /** JSON pointer of `raw`, when the parent's is known. */
  at?: string;
  label: string;
}

export interface Alternatives {
  kind: 'oneOf' | 'anyOf' | 'allOf';
  items: Alternative[];
  /**
   * True when the alternatives are the targets of `discriminator.mapping` on a schema without
   * `oneOf`/`anyOf` (OpenAPI 3.0 inheritance: the parent names its children, each child is
   * `allOf: [parent, …]`). The children then refer back to the parent without that being a cycle.
   */
  fromMapping: boolean;
}

type Names = Readonly<Record<string, string>>;

/**
 * The alternatives a schema offers, labelled for the selector: each `discriminator.mapping`
 * key that names it (several keys can name one schema), else the value its discriminator
 * property is fixed to (`const`, a one-value `enum`), else its component name when a
 * discriminator picks it (the implicit mapping value), else its title, else 'Option n'.
 * Undefined when the schema has none.
 */
export function alternativesOf(
  schema: SchemaObject,
  document: OpenApiDocument,
  refNames: Names,
  location?: string,
): Alternatives | undefined {
  const at = (...tokens: (string | number)[]) =>
    location ? `${location}/${tokens.map((t) => escapePointerToken(String(t))).join('/')}` : undefined;
  const kind = Array.isArray(schema.oneOf) ? 'oneOf' : Array.isArray(schema.anyOf) ? 'anyOf' : undefined;
  const mapping = mappingOf(schema);
  if (!kind) {
    if (Array.isArray(schema.allOf))
      return {
        kind: 'allOf',
        fromMapping: false,
        items: labelled(schema.allOf, (i) => at('allOf', i), { schema, document, refNames }),
      };
    return mapping.length ? fromMapping(mapping, document, at) : undefined;
  }
  return {
    kind,
    fromMapping: false,
    items: labelled(schema[kind] ?? [], (i) => at(kind, i), { schema, document, refNames }),
  };
}

interface Parent {
  schema: SchemaObject;
  document: OpenApiDocument;
  refNames: Names;
}

function labelled(
  variants: readonly unknown[],
  at: (i: number) => string | undefined,
  { schema: parent, document, refNames }: Parent,
): Alternative[] {
  const mapping = mappingOf(parent);
  const property = parent.discriminator?.propertyName;
  const labels = variants.map((raw, i) => {
    const ref = refOf(raw);
    const keys = ref ? mapping.filter(([, target]) => sameTarget(target, ref, refNames)).map(([key]) => key) : [];
    if (keys.length) return keys.join(' / ');
    const value = resolveRef<SchemaObject>(document, raw).value;
    const fixed = typeof property === 'string' ? fixedValue(value, property, document) : undefined;
    if (fixed !== undefined) return fixed;
    const name = ref ? (componentSchemaName(ref) ?? refNames[ref] ?? pointerName(ref)) : undefined;
    if (typeof property === 'string' && name) return name;
    return (value && typeof value.title === 'string' && value.title.trim()) || name || typeLabel(value, i);
  });
  return variants.map((raw, i) => ({ raw, at: at(i), label: unique(labels, i) }));
}

/** Mapping targets as alternatives, one per target schema (keys that share a target are joined). */
function fromMapping(
  mapping: [string, string][],
  document: OpenApiDocument,
  at: (...tokens: (string | number)[]) => string | undefined,
): Alternatives {
  const byTarget = new Map<string, { keys: string[]; first: string }>();
  for (const [key, target] of mapping) {
    const pointer = targetPointer(target);
    if (getResolvable(document, pointer) === undefined) continue;
    const entry = byTarget.get(pointer);
    if (entry) entry.keys.push(key);
    else byTarget.set(pointer, { keys: [key], first: key });
  }
  const items = [...byTarget].map(([pointer, { keys, first }]) => ({
    raw: { $ref: pointer },
    at: at('discriminator', 'mapping', first),
    label: keys.join(' / '),
  }));
  return { kind: 'oneOf', fromMapping: true, items };
}

function getResolvable(document: OpenApiDocument, pointer: string): unknown {
  return resolveRef(document, { $ref: pointer }).value;
}

/** `discriminator.mapping` as [key, target] pairs; targets that are not text are left out. */
export function mappingOf(schema: SchemaObject): [string, string][] {
  const mapping = schema.discriminator?.mapping;
  if (!mapping || typeof mapping !== 'object' || Array.isArray(mapping)) return [];
  return Object.entries(mapping).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
}

/** A mapping value as a pointer: a `#/…` reference as it is, a bare name as a component schema. */
export function targetPointer(target: string): string {
  return target.startsWith('#') || target.includes('/') || target.includes('.')
    ? target
    : `#/components/schemas/${escapePointerToken(target)}`;
}

/** Whether a mapping value names the schema a variant refers to (bundling may have moved it: names count too). */
export function sameTarget(target: string, ref: string, refNames: Names): boolean {
  const pointer = targetPointer(target);
  if (pointer === ref) return true;
  return pointerName(pointer).replace(/\.(ya?ml|json)$/i, '') === (refNames[ref] ?? pointerName(ref));
}

function refOf(raw: unknown): string | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const { $ref, allOf } = raw as SchemaObject;
  if (typeof $ref === 'string') return $ref;
  // `allOf: [{$ref}]` is how 3.0 adds a description next to a reference.
  return Array.isArray(allOf) && allOf.length === 1 && typeof allOf[0]?.$ref === 'string' ? allOf[0].$ref : undefined;
}

/** The value a variant fixes its discriminator property to, as text ('cat'), if it does. */
function fixedValue(schema: SchemaObject | undefined, property: string, document: OpenApiDocument): string | undefined {
  const whole = schema && Array.isArray(schema.allOf) ? (mergeAllOf(schema, document) ?? schema) : schema;
  const raw = whole?.properties && typeof whole.properties === 'object' ? whole.properties[property] : undefined;
  const own = resolveRef<SchemaObject>(document, raw).value;
  if (!own || typeof own !== 'object') return undefined;
  const value =
    own.const !== undefined ? own.const : Array.isArray(own.enum) && own.enum.length === 1 ? own.enum[0] : undefined;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;
}

/** An inline alternative without a title is called by its type ('string', 'integer[]'). */
function typeLabel(schema: SchemaObject | undefined, index: number): string {
  if (!schema || typeof schema !== 'object') return `Option ${index + 1}`;
  const { type } = schemaType(schema);
  if (type === 'array' && schema.items && typeof schema.items === 'object') {
    const items = schemaType(schema.items as SchemaObject).type;
    return items === 'any' ? 'array' : `${items}[]`;
  }
  return type === 'any' || type === 'one of' || type === 'any of' ? `Option ${index + 1}` : type;
}

/** Labels stay distinguishable: a repeated one gets ' (2)', ' (3)'. */
function unique(labels: readonly string[], index: number): string {
  const label = labels[index];
  const before = labels.slice(0, index).filter((l) => l === label).length;
  return before === 0 ? label : `${label} (${before + 1})`;
}
