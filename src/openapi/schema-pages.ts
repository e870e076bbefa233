import kebabCase from 'lodash/kebabCase.js';
import type { ApiSpec } from './api-spec.js';
import type { OpenApiDocument } from './openapi-types.js';
import { getAtPointer } from './json-pointer.js';
import { callbackEntries } from './callbacks-to-view.js';

const SCHEMA_REF = '#/components/schemas/';

/** The names of `components/schemas`, in document order. */
export function componentSchemaNames(document: OpenApiDocument): string[] {
  const schemas = document.components?.schemas;
  return schemas && typeof schemas === 'object' && !Array.isArray(schemas) ? Object.keys(schemas) : [];
}

/**
 * Where each `components/schemas` entry's page is: `{routePrefix}/schemas/{kebab-case name}`
 * ('PayoutPage' → '/api/reference/schemas/payout-page'); names that would share a slug get
 * '-2', '-3' in document order. The one place that decides these routes: the schema pages,
 * the links to them from operation pages and Redoc's `#schema/…` anchors all read it.
 */
export function schemaPageRoutes(document: OpenApiDocument, routePrefix: string): Map<string, string> {
  const routes = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of componentSchemaNames(document)) {
    const base = kebabCase(name) || 'schema';
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    routes.set(name, `${routePrefix}/schemas/${slug}`);
  }
  return routes;
}

/** The schema name of a `#/components/schemas/{name}` reference; undefined for any other pointer. */
export function componentSchemaName(ref: string): string | undefined {
  if (!ref.startsWith(SCHEMA_REF)) return undefined;
  const token = ref.slice(SCHEMA_REF.length);
  if (!token || token.includes('/')) return undefined;
  try {
    return decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
  } catch {
    return token;
  }
}

export interface SchemaUsage {
  /**
   * Indexes into `ApiSpec.operations` of the operations that use the schema, directly or through
   * other schemas, in their parameters, request body or responses (not only in a callback).
   */
  operations: number[];
  /** The callback requests that use it (in their request body or the responses they expect). */
  callbacks: CallbackUse[];
  /** Indexes into `ApiSpec.webhooks.operations` of the webhooks that use it. */
  webhooks: number[];
  /** Other component schemas that refer to it directly. */
  schemas: string[];
}

/** A callback request of an operation that uses a schema. */
export interface CallbackUse {
  /** Index into `ApiSpec.operations` of the operation whose callback it is. */
  operation: number;
  callback: string;
  /** Element id of the request's heading on the operation's page ('callback-on-data-post'). */
  id: string;
  method: string;
  expression: string;
  deprecated: boolean;
}

/**
 * Where each component schema is used. A `$ref` to another kind of component (a shared response,
 * parameter or request body) is followed; a `$ref` to a schema is recorded and followed through
 * the schema graph, so an operation returning `PayoutPage` also uses the `Payout` inside it.
 */
export function schemaUsage(spec: ApiSpec): Map<string, SchemaUsage> {
  const names = componentSchemaNames(spec.document);
  const usage = new Map(
    names.map((name): [string, SchemaUsage] => [name, { operations: [], callbacks: [], webhooks: [], schemas: [] }]),
  );
  const direct = new Map(
    names.map((name) => [name, schemaRefs(spec.document, spec.document.components?.schemas?.[name])]),
  );
  for (const [name, refs] of direct) for (const ref of refs) if (ref !== name) usage.get(ref)?.schemas.push(name);
  const reached = (value: unknown) => reachedSchemas(schemaRefs(spec.document, value), direct);
  spec.operations.forEach((entry, index) => {
    const { callbacks, ...own } = entry.operation;
    for (const name of reached([own, entry.parameters])) usage.get(name)?.operations.push(index);
    for (const callback of callbackEntries(callbacks, spec.document, `${entry.pointer}/callbacks`))
      for (const request of callback.requests) {
        const use: CallbackUse = {
          operation: index,
          callback: callback.name,
          id: request.id,
          method: request.method,
          expression: request.expression,
          deprecated: request.operation.deprecated === true,
        };
        for (const name of reached(request.operation)) usage.get(name)?.callbacks.push(use);
      }
  });
  spec.webhooks?.operations.forEach((entry, index) => {
    for (const name of reached([entry.operation, entry.parameters])) usage.get(name)?.webhooks.push(index);
  });
  return usage;
}

/** The schemas `start` names and every schema they refer to, through the schema graph (`direct`). */
function reachedSchemas(start: Iterable<string>, direct: ReadonlyMap<string, Set<string>>): Set<string> {
  const reached = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const name = queue.pop()!;
    if (reached.has(name) || !direct.has(name)) continue;
    reached.add(name);
    queue.push(...(direct.get(name) ?? []));
  }
  return reached;
}

/** Names of the component schemas `value` refers to, following `$ref`s to other components. */
function schemaRefs(document: OpenApiDocument, value: unknown): Set<string> {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') {
      // A pointer into a schema ('#/components/schemas/Payout/properties/amount') uses that schema.
      const name = componentSchemaName(ref.split('/').slice(0, 4).join('/'));
      if (name !== undefined) found.add(name);
      else if (ref.startsWith('#/')) visit(getAtPointer(document, ref));
    }
    for (const [key, child] of Object.entries(node)) if (key !== '$ref') visit(child);
  };
  visit(value);
  return found;
}
