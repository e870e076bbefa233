import { sample } from 'openapi-sampler';
import type { ExampleObject, OpenApiDocument, SchemaObject } from './openapi-types.js';
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
