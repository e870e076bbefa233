import type { ApiOperationEntry } from './api-spec.js';
import type {
  ApiOperationView,
  CallbackView,
  ApiSectionView,
  ParameterGroupView,
  ParameterLocation,
  RequestBodyView,
  ResponseView,
} from '../api-view.js';
import { buildCodeSamples, type Snippets } from './code-samples.js';
import { exampleValue, pruneExample } from './example-value.js';
import type { RequestBodyObject } from './openapi-types.js';
import { parameterToView } from './parameter-to-view.js';
import { resolveRef } from './resolve-ref.js';
import { requestBodyView } from './request-body-to-view.js';
import { responsesToView } from './responses-to-view.js';
import { callbacksToView } from './callbacks-to-view.js';
import { securityToWords } from './security-to-words.js';
import { isPublicOperation, securityAlternatives } from './security-view.js';
import { serverUrl } from './server-url.js';
import { buildSnippetRequest } from './snippet-request.js';
import { renderDescriptionField, renderDescriptionParts, type ViewContext } from './view-context.js';
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
  const description = renderDescriptionParts(ctx, operation.description, `${entry.pointer}/description`);
  const parameterGroups = groupParameters(entry, ctx);
  const { value: body, ref: bodyRef } = resolveRef<RequestBodyObject>(ctx.document, operation.requestBody);
  const requestBody =
    body && typeof body === 'object'
      ? requestBodyView(body, ctx, bodyRef ?? `${entry.pointer}/requestBody`)
      : undefined;
  const responses = responsesToView(operation.responses, ctx, `${entry.pointer}/responses`);
  const callbacks = callbacksToView(operation.callbacks, ctx, `${entry.pointer}/callbacks`);
  const base = serverUrl(entry.servers[0]);
  // A webhook is a request the API sends: there is nothing for a reader to call, so no code samples.
  const codeSamples = entry.webhook ? [] : operationSamples(input, body, base);
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
    // A webhook's credentials are what it declares; saying it needs none would speak of calling the API.
    public: !entry.webhook && isPublicOperation(entry.security, ctx.document),
    parameterGroups,
    responses,
    codeSamples,
    visibleTabs: input.visibleTabs,
    sections: sections({
      groups: parameterGroups,
      body: requestBody,
      responses,
      hasSamples: codeSamples.length > 0,
      callbacks,
    }),
  };
  if (callbacks.length) view.callbacks = callbacks;
  if (entry.webhook) {
    view.webhook = true;
    view.sections = webhookSections(view.sections, requestBody);
  }
  if (typeof operation.operationId === 'string') view.operationId = operation.operationId;
  if (description) {
    view.descriptionHtml = description.html;
    view.descriptionMarkdown = description.markdown;
  }
  if (requestBody) view.requestBody = requestBody;
  return view;
}

function operationSamples(input: OperationViewInput, body: RequestBodyObject | undefined, base: string) {
  const { entry, ctx } = input;
  const request = buildSnippetRequest({
    entry,
    document: ctx.document,
    serverUrl: /^https?:\/\//i.test(base) ? base : `https://api.example.com${base}`,
    body: bodyExample(body, ctx),
  });
  return buildCodeSamples({
    request,
    own: entry.operation['x-codeSamples'] ?? entry.operation['x-code-samples'],
    languages: input.languages,
    snippets: input.snippets,
    ctx,
    pointer: entry.pointer,
  });
}

function groupParameters(entry: ApiOperationEntry, ctx: ViewContext): ParameterGroupView[] {
  return LOCATIONS.flatMap(({ location, title }) => {
    const parameters = entry.parameters.filter((p) => p.in === location).map((p) => parameterToView(p, ctx));
    return parameters.length ? [{ location, id: `${location}-parameters`, title, parameters }] : [];
  });
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

interface SectionInput {
  groups: ParameterGroupView[];
  body: RequestBodyView | undefined;
  responses: ResponseView[];
  hasSamples: boolean;
  callbacks: CallbackView[];
}

/** The page's sections in the order they render: the code column first (it follows the header), then the reference. */
function sections({ groups, body, responses, hasSamples, callbacks }: SectionInput): ApiSectionView[] {
  const hasBody = Boolean(body);
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
  if (callbacks.length)
    out.push(
      { id: 'callbacks', text: 'Callbacks', depth: 2 },
      ...callbacks.map((c) => ({ id: c.id, text: c.name, depth: 3 as const })),
    );
  return out;
}

/**
 * A webhook page says what the API sends and what it expects back: the request body is the
 * payload (its example leads the code column), the responses are the ones the API expects.
 */
function webhookSections(own: ApiSectionView[], body: RequestBodyView | undefined): ApiSectionView[] {
  const words: Record<string, string> = { 'request-body': 'Payload', responses: 'Expected responses' };
  const renamed = own.map((section) => (words[section.id] ? { ...section, text: words[section.id] } : section));
  return body?.contents.some((c) => c.examples.length)
    ? [{ id: 'sample-payload', text: 'Sample payload', depth: 2 }, ...renamed]
    : renamed;
}
