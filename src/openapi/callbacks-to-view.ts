import { slug } from 'github-slugger';
import type { CallbackOperationView, CallbackView } from '../api-view.js';
import { HTTP_METHODS, type HttpMethod } from './api-spec.js';
import { escapePointerToken } from './json-pointer.js';
import type { OpenApiDocument, OperationObject, PathItemObject, RequestBodyObject } from './openapi-types.js';
import { optionalField } from './optional-field.js';
import { requestBodyView } from './request-body-to-view.js';
import { resolveRef } from './resolve-ref.js';
import { responsesToView } from './responses-to-view.js';
import { renderDescriptionField, type ViewContext } from './view-context.js';

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

/** A request of a callback as the description has it, with the element id of its heading. */
export interface CallbackRequestEntry {
  id: string;
  expression: string;
  method: HttpMethod;
  operation: OperationObject;
  /** JSON pointer of the operation object. */
  pointer: string;
}

/** A callback as the description has it: its name, the id of its heading and its requests. */
export interface CallbackEntry {
  name: string;
  id: string;
  requests: CallbackRequestEntry[];
}

/**
 * An operation's `callbacks` (each a `$ref` to `components/callbacks` or inline) with their
 * requests: every operation of every path item the callback maps a URL expression to. Ids:
 * `callback-{name}` for the callback, `callback-{name}-{method}` for each request (`-2`, `-3`
 * when a name repeats), so every request can be linked to. The one place these ids are decided:
 * the operation page and the schema pages' "Used by" both read them.
 */
export function callbackEntries(callbacks: unknown, document: OpenApiDocument, pointer: string): CallbackEntry[] {
  if (!callbacks || typeof callbacks !== 'object' || Array.isArray(callbacks)) return [];
  const taken = new Set<string>();
  const claim = (wanted: string) => {
    let id = wanted;
    for (let n = 2; taken.has(id); n++) id = `${wanted}-${n}`;
    taken.add(id);
    return id;
  };
  return Object.entries(callbacks as Record<string, unknown>).flatMap(([name, raw]) => {
    const { value, ref } = resolveRef<Record<string, unknown>>(document, raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
    const at = ref ?? `${pointer}/${escapePointerToken(name)}`;
    const id = claim(`callback-${slug(name) || 'callback'}`);
    const requests = Object.entries(value).flatMap(([expression, rawItem]) =>
      pathItemOperations(document, rawItem, `${at}/${escapePointerToken(expression)}`).map((found) => ({
        ...found,
        expression,
        id: claim(`${id}-${found.method}`),
      })),
    );
    return requests.length ? [{ name, id, requests }] : [];
  });
}

/** The operations of a path item (inline or `$ref`), with their pointers. */
function pathItemOperations(document: OpenApiDocument, rawItem: unknown, pointer: string) {
  const { value: item, ref } = resolveRef<PathItemObject>(document, rawItem);
  if (!item || typeof item !== 'object') return [];
  const itemPointer = ref ?? pointer;
  return Object.keys(item)
    .filter((key): key is HttpMethod => METHODS.has(key))
    .flatMap((method) => {
      const operation = item[method] as OperationObject | undefined;
      if (!operation || typeof operation !== 'object') return [];
      return [{ method, operation, pointer: `${itemPointer}/${method}` }];
    });
}

/**
 * An operation's `callbacks` as the page shows them (see callbackEntries for the ids). Response
 * panel ids get the request's id in front: they sit on the same page as the operation's own responses.
 */
export function callbacksToView(callbacks: unknown, ctx: ViewContext, pointer: string): CallbackView[] {
  return callbackEntries(callbacks, ctx.document, pointer).map(({ name, id, requests }) => ({
    name,
    id,
    operations: requests.map((request) => withPanelIds(callbackRequestView(request, ctx))),
  }));
}

function callbackRequestView(entry: CallbackRequestEntry, ctx: ViewContext): CallbackOperationView {
  const { operation, pointer: at } = entry;
  const { value: body, ref: bodyRef } = resolveRef<RequestBodyObject>(ctx.document, operation.requestBody);
  const request: CallbackOperationView = {
    id: entry.id,
    expression: entry.expression,
    method: entry.method,
    deprecated: operation.deprecated === true,
    responses: responsesToView(operation.responses, ctx, `${at}/responses`),
    ...optionalField('descriptionHtml', renderDescriptionField(ctx, operation.description, `${at}/description`)),
  };
  if (typeof operation.summary === 'string' && operation.summary.trim()) request.summary = operation.summary.trim();
  if (body && typeof body === 'object')
    request.requestBody = requestBodyView(body, ctx, bodyRef ?? `${at}/requestBody`);
  return request;
}

/** The request's id in front of its panels' ids, so they differ from the operation's own. */
function withPanelIds(request: CallbackOperationView): CallbackOperationView {
  const out = { ...request, responses: request.responses.map((r) => ({ ...r, id: `${request.id}-${r.id}` })) };
  if (request.requestBody)
    out.requestBody = {
      ...request.requestBody,
      contents: request.requestBody.contents.map((c) => ({ ...c, id: `${request.id}-${c.id}` })),
    };
  return out;
}
