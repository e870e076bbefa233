import { sample } from 'openapi-sampler';
import type { ExampleObject, OpenApiDocument, SchemaObject } from './openapi-types.js';
import { mergeAllOf } from './merge-all-of.js';
import { resolveRef } from './resolve-ref.js';

export interface ExampleHolder {
  example?: unknown;
  examples?: Record<string, unknown>;
  schema?: unknown;
}

export type Direction = 'request' | 'response';

/**
 * One example value for a parameter or media type: its own `example`, else the first of its
 * `examples`, else one generated from the schema by openapi-sampler (which reads the schema's
 * own example, default and enum first). Undefined when nothing can be produced.
 */
export function exampleValue(
  holder: ExampleHolder,
  document: OpenApiDocument,
  direction: Direction = 'request',
): unknown {
  if (holder.example !== undefined) return holder.example;
  const first = namedExamples(holder, document)[0];
  if (first) return first.value;
  return sampleSchema(holder.schema, document, direction);
}

/** The `examples` map as a list (references resolved, external-only examples left out). */
export function namedExamples(
  holder: ExampleHolder,
  document: OpenApiDocument,
): { name: string; example: ExampleObject; value: unknown }[] {
  if (!holder.examples || typeof holder.examples !== 'object') return [];
  return Object.entries(holder.examples).flatMap(([name, raw]) => {
    const example = resolveRef<ExampleObject>(document, raw).value;
    return example && typeof example === 'object' && example.value !== undefined
      ? [{ name, example, value: example.value }]
      : [];
  });
}

/** openapi-sampler over the bundled document: it follows `$ref`s itself and stops at cycles. */
export function sampleSchema(schema: unknown, document: OpenApiDocument, direction: Direction): unknown {
  if (!schema || typeof schema !== 'object') return undefined;
  try {
    const options = {
      skipReadOnly: direction === 'request',
      skipWriteOnly: direction === 'response',
      quiet: true,
      maxSampleDepth: 8,
    };
    return sample(schema as never, options, document);
  } catch {
    return undefined;
  }
}

/** The schema a parameter or header declares, directly or through its `content`. */
export function holderSchema(
  holder: { schema?: unknown; content?: Record<string, { schema?: unknown }> },
  document: OpenApiDocument,
): SchemaObject | undefined {
  const raw = holder.schema ?? Object.values(holder.content ?? {})[0]?.schema;
  return resolveRef<SchemaObject>(document, raw).value;
}

/**
 * An example as the reader would see it travel: properties the schema marks `readOnly` are left
 * out of a request's example, `writeOnly` ones out of a response's, at any depth the schema
 * describes (objects, array items, merged `allOf`). Alternatives (`oneOf`) are not guessed at:
 * their values stay as written. Returns the value itself when nothing is left out.
 */
export function pruneExample(
  value: unknown,
  schema: unknown,
  document: OpenApiDocument,
  direction: Direction,
): unknown {
  return prune(value, schema, { document, flag: direction === 'request' ? 'readOnly' : 'writeOnly', depth: 0 });
}

const MAX_PRUNE_DEPTH = 32;

interface Pruning {
  document: OpenApiDocument;
  flag: 'readOnly' | 'writeOnly';
  depth: number;
}

function prune(value: unknown, raw: unknown, pruning: Pruning): unknown {
  const { document, flag, depth } = pruning;
  const deeper = { ...pruning, depth: depth + 1 };
  if (value === null || typeof value !== 'object' || depth > MAX_PRUNE_DEPTH) return value;
  const resolved = resolveRef<SchemaObject>(document, raw).value;
  if (!resolved || typeof resolved !== 'object') return value;
  const schema = Array.isArray(resolved.allOf) ? (mergeAllOf(resolved, document) ?? resolved) : resolved;
  if (Array.isArray(value)) {
    if (!schema.items || typeof schema.items !== 'object') return value;
    const items = value.map((item) => prune(item, schema.items, deeper));
    return items.every((item, i) => item === value[i]) ? value : items;
  }
  const properties = schema.properties && typeof schema.properties === 'object' ? schema.properties : undefined;
  if (!properties) return value;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const property = Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : undefined;
    if (property === undefined) {
      out[key] = child;
      continue;
    }
    const own = property as SchemaObject;
    if (own[flag] === true || resolveRef<SchemaObject>(document, property).value?.[flag] === true) {
      changed = true;
      continue;
    }
    out[key] = prune(child, property, deeper);
    if (out[key] !== child) changed = true;
  }
  return changed ? out : value;
}
