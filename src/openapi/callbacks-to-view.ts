import { slug } from 'github-slugger';
import type { CallbackOperationView, CallbackView } from '../api-view.js';
import { HTTP_METHODS, type HttpMethod } from './api-spec.js';
import { escapePointerToken } from './json-pointer.js';
import type { OperationObject, PathItemObject, RequestBodyObject } from './openapi-types.js';
import { optionalField } from './optional-field.js';
import { requestBodyView } from './request-body-to-view.js';
import { resolveRef } from './resolve-ref.js';
import { responsesToView } from './responses-to-view.js';
import { renderDescriptionField, type ViewContext } from './view-context.js';

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

/**
 * An operation's `callbacks`: each callback (a `$ref` to `components/callbacks` or inline) maps
 * URL expressions to path items whose operations the API calls. Ids: `callback-{name}` for the
 * callback, `callback-{name}-{method}` for each request (`-2`, `-3` when a name repeats), so
 * every request can be linked to. Response panel ids get the request's id in front: they sit on
 * the same page as the operation's own responses.
 */
export function callbacksToView(callbacks: unknown, ctx: ViewContext, pointer: string): CallbackView[] {
  if (!callbacks || typeof callbacks !== 'object' || Array.isArray(callbacks)) return [];
  const taken = new Set<string>();
  const claim = (wanted: string) => {
    let id = wanted;
    for (let n = 2; taken.has(id); n++) id = `${wanted}-${n}`;
    taken.add(id);
    return id;
  };
  return Object.entries(callbacks as Record<string, unknown>).flatMap(([name, raw]) => {
    const { value, ref } = resolveRef<Record<string, unknown>>(ctx.document, raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
    const at = ref ?? `${pointer}/${escapePointerToken(name)}`;
    const id = claim(`callback-${slug(name) || 'callback'}`);
    const operations = Object.entries(value).flatMap(([expression, rawItem]) =>
      callbackRequests({ expression, rawItem, pointer: `${at}/${escapePointerToken(expression)}` }, ctx).map(
        (request) => ({ ...request, id: claim(`${id}-${request.method}`) }),
      ),
    );
    return operations.length ? [{ name, id, operations: operations.map(withPanelIds) }] : [];
  });
}

type Request = Omit<CallbackOperationView, 'id'>;

function callbackRequests(
  where: { expression: string; rawItem: unknown; pointer: string },
  ctx: ViewContext,
): Request[] {
  const { value: item, ref } = resolveRef<PathItemObject>(ctx.document, where.rawItem);
  if (!item || typeof item !== 'object') return [];
  const itemPointer = ref ?? where.pointer;
  return Object.keys(item)
    .filter((key): key is HttpMethod => METHODS.has(key))
    .flatMap((method) => {
      const operation = item[method] as OperationObject | undefined;
      if (!operation || typeof operation !== 'object') return [];
      const at = `${itemPointer}/${method}`;
      const { value: body, ref: bodyRef } = resolveRef<RequestBodyObject>(ctx.document, operation.requestBody);
      const request: Request = {
        expression: where.expression,
        method,
        deprecated: operation.deprecated === true,
        responses: responsesToView(operation.responses, ctx, `${at}/responses`),
        ...optionalField('descriptionHtml', renderDescriptionField(ctx, operation.description, `${at}/description`)),
      };
      if (typeof operation.summary === 'string' && operation.summary.trim()) request.summary = operation.summary.trim();
      if (body && typeof body === 'object')
        request.requestBody = requestBodyView(body, ctx, bodyRef ?? `${at}/requestBody`);
      return [request];
    });
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
