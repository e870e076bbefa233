import { getAtPointer } from './json-pointer.js';

const MAX_HOPS = 32;

export interface Resolved<T> {
  value: T | undefined;
  /** The last `$ref` followed, when the value came through one. */
  ref?: string;
}

/**
 * Follows `$ref` chains in a bundled document (all refs are local after bundling). Sibling
 * `summary`/`description` of a reference override the target's, as OpenAPI 3.1 allows.
 */
export function resolveRef<T>(document: unknown, value: unknown): Resolved<T> {
  let current = value;
  let ref: string | undefined;
  let overrides: Record<string, unknown> = {};
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    if (current === null || typeof current !== 'object' || typeof (current as { $ref?: unknown }).$ref !== 'string') {
      return { value: withOverrides(current, overrides) as T | undefined, ref };
    }
    const { $ref, summary, description } = current as { $ref: string; summary?: string; description?: string };
    overrides = {
      ...(summary !== undefined ? { summary } : {}),
      ...(description !== undefined ? { description } : {}),
      ...overrides,
    };
    ref = $ref;
    current = getAtPointer(document, $ref);
  }
  return { value: undefined, ref };
}

function withOverrides(value: unknown, overrides: Record<string, unknown>): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || Object.keys(overrides).length === 0)
    return value;
  return { ...value, ...overrides };
}
