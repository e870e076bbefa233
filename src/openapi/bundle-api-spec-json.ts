import type { ApiSpec } from './api-spec.js';

/**
 * The description served at /openapi/{slug}.json: one JSON document with external files
 * inlined (internal `$ref`s kept), 2-space indented, keys in document order.
 */
export function bundleApiSpecJson(spec: ApiSpec): string {
  return `${JSON.stringify(spec.document, null, 2)}\n`;
}
