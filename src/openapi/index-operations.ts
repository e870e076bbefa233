import { HTTP_METHODS, type ApiOperationEntry, type ApiTagEntry, type HttpMethod } from './api-spec.js';
import { toPointer } from './json-pointer.js';
import type { OpenApiDocument, OperationObject, ParameterObject, PathItemObject } from './openapi-types.js';
import { resolveRef } from './resolve-ref.js';

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

export interface OperationIndex {
  operations: ApiOperationEntry[];
  tags: ApiTagEntry[];
  untagged: number[];
}

/**
 * Walks `paths` once: every operation in document order with its parameters, servers and
 * security resolved, and the tags in the order of the top-level `tags` array, then of first use.
 */
export function indexOperations(document: OpenApiDocument): OperationIndex {
  const operations = walkPathItems(document, 'paths');
  return { operations, ...groupByTag(document, operations) };
}

/**
 * The same for OpenAPI 3.1 `webhooks`: each name's path item holds the requests the API sends to
 * its subscribers. `path` is the webhook's name; the servers and the document's security are the
 * API's own (how clients call it), so a webhook has only what its operation declares.
 */
export function indexWebhooks(document: OpenApiDocument): OperationIndex {
  const operations = walkPathItems(document, 'webhooks');
  return { operations, ...groupByTag(document, operations) };
}

function walkPathItems(document: OpenApiDocument, section: 'paths' | 'webhooks'): ApiOperationEntry[] {
  const operations: ApiOperationEntry[] = [];
  const items = document[section];
  if (!items || typeof items !== 'object' || Array.isArray(items)) return operations;
  const webhook = section === 'webhooks';
  for (const [path, rawItem] of Object.entries(items as Record<string, unknown>)) {
    const item = resolveRef<PathItemObject>(document, rawItem).value;
    if (!item || typeof item !== 'object') continue;
    // Methods in the order the path item lists them.
    for (const method of Object.keys(item).filter((key): key is HttpMethod => METHODS.has(key))) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation || typeof operation !== 'object') continue;
      operations.push({
        method,
        path,
        pointer: toPointer([section, path, method]),
        operation,
        parameters: mergeParameters(document, item.parameters, operation.parameters),
        tags: Array.isArray(operation.tags) ? operation.tags.filter((t) => typeof t === 'string') : [],
        servers: webhook ? [] : firstList(operation.servers, item.servers, document.servers),
        security: webhook ? firstList(operation.security) : firstList(operation.security, document.security),
        ...(webhook ? { webhook: true as const } : {}),
      });
    }
  }
  return operations;
}

/** The first of the lists that is one (a description may hold anything where a list belongs). */
function firstList<T>(...lists: (readonly T[] | undefined)[]): T[] {
  const list = lists.find((value) => value !== undefined && value !== null);
  return Array.isArray(list) ? list.filter((item) => item !== null && typeof item === 'object') : [];
}

function mergeParameters(document: OpenApiDocument, shared: unknown, own: unknown): ParameterObject[] {
  const byKey = new Map<string, ParameterObject>();
  for (const list of [shared, own]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const parameter = resolveRef<ParameterObject>(document, raw).value;
      if (parameter && typeof parameter.name === 'string')
        byKey.set(`${parameter.in}\u0000${parameter.name}`, parameter);
    }
  }
  return [...byKey.values()];
}

function groupByTag(
  document: OpenApiDocument,
  operations: ApiOperationEntry[],
): { tags: ApiTagEntry[]; untagged: number[] } {
  const tags = new Map<string, ApiTagEntry>();
  (Array.isArray(document.tags) ? document.tags : []).forEach((tag, i) => {
    if (tag && typeof tag.name === 'string' && !tags.has(tag.name))
      tags.set(tag.name, { name: tag.name, description: tag.description, pointer: `#/tags/${i}`, operations: [] });
  });
  const untagged: number[] = [];
  operations.forEach((entry, index) => {
    if (entry.tags.length === 0) untagged.push(index);
    for (const name of entry.tags) {
      if (!tags.has(name)) tags.set(name, { name, operations: [] });
      const tag = tags.get(name)!;
      if (!tag.operations.includes(index)) tag.operations.push(index);
    }
  });
  return { tags: [...tags.values()].filter((t) => t.operations.length > 0), untagged };
}
