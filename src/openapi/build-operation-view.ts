import kebabCase from 'lodash/kebabCase.js';
import type { ApiOperationEntry } from './api-spec.js';
import type {
  ApiOperationView,
  ApiSectionView,
  ParameterGroupView,
  ParameterLocation,
  RequestBodyView,
  ResponseView,
} from '../api-view.js';
import { buildCodeSamples, type Snippets } from './code-samples.js';
import { exampleValue, pruneExample } from './example-value.js';
import { escapePointerToken } from './json-pointer.js';
import { mediaToView } from './media-to-view.js';
import type { MediaTypeObject, RequestBodyObject } from './openapi-types.js';
import { parameterToView } from './parameter-to-view.js';
import { resolveRef } from './resolve-ref.js';
import { responsesToView } from './responses-to-view.js';
import { securityToWords } from './security-to-words.js';
import { isPublicOperation, securityAlternatives } from './security-view.js';
import { serverUrl } from './server-url.js';
import { buildSnippetRequest } from './snippet-request.js';
import { renderDescriptionField, type ViewContext } from './view-context.js';
import { optionalField } from './optional-field.js';

export interface OperationViewInput {
  entry: ApiOperationEntry;
  slug: string;
  /** The page title: the summary, or its fallback. */
  title: string;
  ctx: ViewContext;
  languages: readonly string[];
  visibleTabs: number;
  snippets: Snippets;
}

const LOCATIONS: { location: ParameterLocation; title: string }[] = [
  { location: 'path', title: 'Path parameters' },
  { location: 'query', title: 'Query parameters' },
  { location: 'header', title: 'Header parameters' },
  { location: 'cookie', title: 'Cookie parameters' },
];

/** Everything the operation page shows, built from the indexed operation only. */
export function buildOperationView(input: OperationViewInput): ApiOperationView {
  const { entry, ctx } = input;
  const { operation } = entry;
  const descriptionHtml = renderDescriptionField(ctx, operation.description, `${entry.pointer}/description`);
  const parameterGroups = groupParameters(entry, ctx);
  const { value: body, ref: bodyRef } = resolveRef<RequestBodyObject>(ctx.document, operation.requestBody);
  const requestBody =
    body && typeof body === 'object'
      ? requestBodyView(body, ctx, bodyRef ?? `${entry.pointer}/requestBody`)
      : undefined;
  const responses = responsesToView(operation.responses, ctx, `${entry.pointer}/responses`);
  const base = serverUrl(entry.servers[0]);
  const request = buildSnippetRequest({
    entry,
    document: ctx.document,
    serverUrl: /^https?:\/\//i.test(base) ? base : `https://api.example.com${base}`,
    body: bodyExample(body, ctx),
  });
  const codeSamples = buildCodeSamples({
    request,
    own: operation['x-codeSamples'] ?? operation['x-code-samples'],
    languages: input.languages,
    snippets: input.snippets,
    ctx,
    pointer: entry.pointer,
  });
  const view: ApiOperationView = {
    slug: input.slug,
    method: entry.method,
    path: entry.path,
    pathSegments: pathSegments(entry.path),
    serverUrl: base,
    servers: entry.servers.map((server) => ({
      url: serverUrl(server),
      ...optionalField('descriptionHtml', renderDescriptionField(ctx, server.description)),
    })),
    summary: input.title,
    tags: entry.tags,
    deprecated: operation.deprecated === true,
    security: securityToWords(entry.security, ctx.document),
    securityRequirements: securityAlternatives(entry.security, ctx.document, ctx.overviewHref),
    public: isPublicOperation(entry.security, ctx.document),
    parameterGroups,
    responses,
    codeSamples,
    visibleTabs: input.visibleTabs,
    sections: sections(parameterGroups, Boolean(requestBody), responses, codeSamples.length > 0),
  };
  if (typeof operation.operationId === 'string') view.operationId = operation.operationId;
  if (descriptionHtml) view.descriptionHtml = descriptionHtml;
  if (requestBody) view.requestBody = requestBody;
  return view;
}

function groupParameters(entry: ApiOperationEntry, ctx: ViewContext): ParameterGroupView[] {
  return LOCATIONS.flatMap(({ location, title }) => {
    const parameters = entry.parameters.filter((p) => p.in === location).map((p) => parameterToView(p, ctx));
    return parameters.length ? [{ location, id: `${location}-parameters`, title, parameters }] : [];
  });
}

function requestBodyView(body: RequestBodyObject, ctx: ViewContext, pointer: string): RequestBodyView {
  const contents = Object.entries(body.content ?? {}).map(([mediaType, media]) => ({
    id: `request-body-${kebabCase(mediaType)}`,
    ...mediaToView(
      {
        mediaType,
        media: resolveRef<MediaTypeObject>(ctx.document, media).value ?? {},
        direction: 'request',
        pointer: `${pointer}/content/${escapePointerToken(mediaType)}`,
      },
      ctx,
    ),
  }));
  return {
    required: body.required === true,
    contents,
    ...optionalField('descriptionHtml', renderDescriptionField(ctx, body.description, `${pointer}/description`)),
  };
}

function bodyExample(
  body: RequestBodyObject | undefined,
  ctx: ViewContext,
): { mediaType: string; value: unknown } | undefined {
  const first = Object.entries(body?.content ?? {})[0];
  if (!first) return undefined;
  const value = exampleValue(first[1] ?? {}, ctx.document, 'request');
  // The code samples send what a client sends: no property the server sets (`readOnly`).
  return value === undefined
    ? undefined
    : { mediaType: first[0], value: pruneExample(value, first[1]?.schema, ctx.document, 'request') };
}

/** '/gateways/{address}/rewards' → text and `{param}` segments. */
export function pathSegments(path: string): { text: string; param: boolean }[] {
  return path
    .split(/(\{[^}]+\})/)
    .filter(Boolean)
    .map((part) =>
      /^\{[^}]+\}$/.test(part) ? { text: part.slice(1, -1), param: true } : { text: part, param: false },
    );
}

/** The page's sections in the order they render: the code column first (it follows the header), then the reference. */
function sections(
  groups: ParameterGroupView[],
  hasBody: boolean,
  responses: ResponseView[],
  hasSamples: boolean,
): ApiSectionView[] {
  const out: ApiSectionView[] = [];
  if (hasSamples) out.push({ id: 'code-samples', text: 'Code samples', depth: 2 });
  if (responses.some((r) => r.content?.examples.length))
    out.push({ id: 'response-example', text: 'Response example', depth: 2 });
  if (groups.length)
    out.push(
      { id: 'parameters', text: 'Parameters', depth: 2 },
      ...groups.map((g) => ({ id: g.id, text: g.title, depth: 3 as const })),
    );
  if (hasBody) out.push({ id: 'request-body', text: 'Request body', depth: 2 });
  if (responses.length) out.push({ id: 'responses', text: 'Responses', depth: 2 });
  return out;
}
