import type { ResponseLinkView } from '../api-view.js';
import { warningDiagnostic, errorDiagnostic } from '../diagnostics/diagnostic.js';
import { escapePointerToken } from './json-pointer.js';
import type { LinkObject } from './openapi-types.js';
import { optionalField } from './optional-field.js';
import { resolveRef } from './resolve-ref.js';
import { renderDescriptionField, type ViewContext } from './view-context.js';

const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

/**
 * A response's `links`, each with its target operation resolved to that operation's page
 * (`operationId`, or an `operationRef` into this description's `paths`). A target that names
 * no operation is reported at its JSON pointer with the severity of `api.onBrokenLinks`
 * (default a warning: the description is often another team's) and shown as written.
 */
export function responseLinks(links: unknown, ctx: ViewContext, pointer: string): ResponseLinkView[] {
  if (!links || typeof links !== 'object' || Array.isArray(links)) return [];
  return Object.entries(links as Record<string, unknown>).flatMap(([name, raw]) => {
    const { value: link, ref } = resolveRef<LinkObject>(ctx.document, raw);
    if (!link || typeof link !== 'object') return [];
    const at = ref ?? `${pointer}/${escapePointerToken(name)}`;
    const byId = typeof link.operationId === 'string';
    const target = byId ? link.operationId! : typeof link.operationRef === 'string' ? link.operationRef : '';
    const found = byId ? ctx.operationById?.(target) : target ? ctx.operationByRef?.(target) : undefined;
    if (!found) reportBrokenTarget(ctx, { name, target, byId, pointer: at });
    const view: ResponseLinkView = {
      name,
      target,
      targetKind: byId ? 'operationId' : 'operationRef',
      parameters: Object.entries(link.parameters ?? {}).map(([key, value]) => ({ name: key, value: text(value) })),
      ...optionalField('descriptionHtml', renderDescriptionField(ctx, link.description, `${at}/description`)),
    };
    if (found) Object.assign(view, { href: found.href, targetTitle: found.title });
    if (link.requestBody !== undefined) view.requestBody = text(link.requestBody);
    return [view];
  });
}

function reportBrokenTarget(
  ctx: ViewContext,
  link: { name: string; target: string; byId: boolean; pointer: string },
): void {
  const severity = ctx.onBrokenLinks ?? 'warn';
  if (severity === 'ignore') return;
  const make = severity === 'throw' ? errorDiagnostic : warningDiagnostic;
  const field = link.byId ? 'operationId' : link.target ? 'operationRef' : '';
  const message = !link.target
    ? `Response link "${link.name}" names no operation (neither operationId nor operationRef)`
    : link.byId
      ? `Response link "${link.name}" points at operationId "${link.target}", which no operation of the description has`
      : `Response link "${link.name}" has operationRef "${link.target}", which is no operation of this description`;
  ctx.page.diagnostics.push(
    make('DG310', message, {
      file: ctx.file,
      pointer: field ? `${link.pointer}/${field}` : link.pointer,
      hint: 'Use the operationId of an operation in `paths`, or an operationRef such as "#/paths/~1orders~1{id}/get"; the link is shown without a target page. api.onBrokenLinks sets how this is reported.',
    }),
  );
}
