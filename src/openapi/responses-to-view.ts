import kebabCase from 'lodash/kebabCase.js';
import type { ResponseView } from '../api-view.js';
import { escapePointerToken } from './json-pointer.js';
import { mediaToView } from './media-to-view.js';
import type { HeaderObject, MediaTypeObject, ResponseObject } from './openapi-types.js';
import { parameterToView } from './parameter-to-view.js';
import { resolveRef } from './resolve-ref.js';
import { responseLinks } from './response-links.js';
import { renderDescriptionField, memoized, type ViewContext } from './view-context.js';

/** One tab per status code and media type, in document order with `default` last. */
export function responsesToView(responses: unknown, ctx: ViewContext, pointer: string): ResponseView[] {
  if (!responses || typeof responses !== 'object') return [];
  const entries = Object.entries(responses as Record<string, unknown>).sort(
    ([a], [b]) => Number(a === 'default') - Number(b === 'default'),
  );
  return entries.flatMap(([status, raw]) => {
    const ref = raw && typeof raw === 'object' ? (raw as { $ref?: unknown }).$ref : undefined;
    const { value, ref: last } = resolveRef<ResponseObject>(ctx.document, raw);
    const at = last ?? `${pointer}/${escapePointerToken(status)}`;
    const build = (c: ViewContext) => responseViews(status, value, c, at);
    return typeof ref === 'string' ? memoized(ctx, `response\u0000${status}\u0000${ref}`, build) : build(ctx);
  });
}

function responseViews(
  status: string,
  response: ResponseObject | undefined,
  ctx: ViewContext,
  pointer: string,
): ResponseView[] {
  if (!response || typeof response !== 'object') return [];
  const id = `response-${status.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const descriptionHtml = renderDescriptionField(ctx, response.description, `${pointer}/description`);
  const links = responseLinks(response.links, ctx, `${pointer}/links`);
  const common = {
    status,
    kind: statusKind(status),
    headers: headersOf(response, ctx, pointer),
    ...(descriptionHtml ? { descriptionHtml } : {}),
    ...(links.length ? { links } : {}),
  };
  const contents = Object.entries(response.content ?? {});
  if (contents.length === 0) return [{ id, label: status, ...common }];
  return contents.map(([mediaType, media]) => ({
    id: contents.length > 1 ? `${id}-${kebabCase(mediaType)}` : id,
    label: contents.length > 1 ? `${status} ${mediaType}` : status,
    ...common,
    content: mediaToView(
      {
        mediaType,
        media: resolveRef<MediaTypeObject>(ctx.document, media).value ?? {},
        direction: 'response',
        pointer: `${pointer}/content/${escapePointerToken(mediaType)}`,
      },
      ctx,
    ),
  }));
}

function headersOf(response: ResponseObject, ctx: ViewContext, pointer: string) {
  return Object.entries(response.headers ?? {}).flatMap(([name, raw]) => {
    const header = resolveRef<HeaderObject>(ctx.document, raw).value;
    if (!header || typeof header !== 'object' || name.toLowerCase() === 'content-type') return [];
    return [
      parameterToView(
        { ...header, name, in: 'header' },
        ctx,
        'header',
        `${pointer}/headers/${escapePointerToken(name)}`,
      ),
    ];
  });
}

function statusKind(status: string): string {
  const first = status[0];
  if (status === 'default') return 'default';
  return { '1': 'info', '2': 'success', '3': 'redirect', '4': 'client-error', '5': 'server-error' }[first] ?? 'default';
}
