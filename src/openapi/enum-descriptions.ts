import type { EnumDescriptionView } from '../api-view.js';
import type { SchemaObject } from './openapi-types.js';
import { renderDescriptionField, type ViewContext } from './view-context.js';

/**
 * What each enum value means, from `x-enumDescriptions`, written two ways in the wild: a map
 * from value to text (Redoc, GitBook: `{ LIVE: 'The project is live.' }`) or a list in the
 * order of `enum` (Google's discovery-generated descriptions). Values are keyed by `encode`
 * (JSON for schema trees, the raw text for parameters) so they line up with the shown values.
 * A map key is the value's text (YAML makes `1:` a string key for the number 1 as well).
 */
export function enumDescriptions(
  schema: SchemaObject,
  values: readonly unknown[],
  ctx: ViewContext,
  encode: (value: unknown) => string,
): EnumDescriptionView[] | undefined {
  const raw = schema['x-enumDescriptions'] ?? schema['x-enum-descriptions'];
  if (!raw || typeof raw !== 'object') return undefined;
  const textOf = (value: unknown, index: number): unknown =>
    Array.isArray(raw) ? raw[index] : (raw as Record<string, unknown>)[keyOf(value)];
  const out = values.flatMap((value, index) => {
    const descriptionHtml = renderDescriptionField(ctx, textOf(value, index));
    return descriptionHtml ? [{ value: encode(value), descriptionHtml }] : [];
  });
  return out.length ? out : undefined;
}

/** The map key an enum value is written under: strings as they are, anything else as JSON. */
export function keyOf(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');
}
