import type { ApiOperationEntry } from './api-spec.js';
import { exampleValue } from './example-value.js';
import type { OpenApiDocument, ParameterObject, SecuritySchemeObject } from './openapi-types.js';
import { resolveRef } from './resolve-ref.js';

/** The request a code sample shows, in parts, before it becomes a HAR request for snippetz. */
export interface SnippetRequest {
  method: string;
  /** Absolute base URL of the server, without a trailing slash. */
  base: string;
  /** The path with example values, URL-encoded. */
  path: string;
  /** Query pairs, not encoded. */
  query: [string, string][];
  headers: { name: string; value: string }[];
  cookies: { name: string; value: string }[];
  /** `params` and `boundary` for form bodies (HAR's way; clients print one field per line). */
  body?: { mimeType: string; text: string; params?: { name: string; value: string }[]; boundary?: string };
}

export interface SnippetRequestInput {
  entry: ApiOperationEntry;
  document: OpenApiDocument;
  serverUrl: string;
  body?: { mediaType: string; value: unknown };
}

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/**
 * The request of an operation's code samples: the first server and the path with example
 * values, the required query parameters, headers and cookies with example values, the
 * credential of the first security requirement as a placeholder (`x-api-key: YOUR_API_KEY`)
 * and the request body example.
 */
export function buildSnippetRequest({ entry, document, serverUrl, body }: SnippetRequestInput): SnippetRequest {
  const example = (p: ParameterObject) =>
    exampleValue({ example: p.example, examples: p.examples, schema: p.schema }, document) ?? p.name;
  const required = entry.parameters.filter((p) => p.required === true);
  const path = entry.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const parameter = entry.parameters.find((p) => p.in === 'path' && p.name === name);
    // `'` too: samples put URLs in single quotes.
    return parameter ? encodeURIComponent(asText(example(parameter))).replace(/'/g, '%27') : whole;
  });
  const query = required.filter((p) => p.in === 'query').flatMap((p) => queryPairs(p, example(p)));
  const headers = required
    .filter((p) => p.in === 'header')
    .map((p) => ({ name: String(p.name), value: asText(example(p)) }));
  const cookies = required
    .filter((p) => p.in === 'cookie')
    .map((p) => ({ name: String(p.name), value: asText(example(p)) }));
  const credential = credentialOf(entry, document);
  if (credential?.in === 'query') query.push([credential.name, credential.value]);
  if (credential?.in === 'header') headers.push({ name: credential.name, value: credential.value });
  if (credential?.in === 'cookie') cookies.push({ name: credential.name, value: credential.value });
  const request: SnippetRequest = {
    method: entry.method.toUpperCase(),
    base: serverUrl,
    path,
    query,
    headers,
    cookies,
  };
  if (body) {
    headers.push({ name: 'Content-Type', value: body.mediaType });
    request.body = requestBody(body.mediaType, body.value);
  }
  return request;
}

/** A form body is a list of fields (from the example's top-level properties); anything else is text. */
function requestBody(mimeType: string, value: unknown): NonNullable<SnippetRequest['body']> {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  const form = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(mimeType);
  if (!form) return { mimeType, text };
  const fields = value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [];
  const params = fields.map(([name, field]) => ({ name, value: asText(field) }));
  // Clients that write the multipart body by hand print the boundary (httpsnippet leaves it to the caller).
  return {
    mimeType,
    text: '',
    params,
    ...(/^multipart/i.test(mimeType) ? { boundary: '----DocsgenFormBoundary7MA4YWxk' } : {}),
  };
}

function queryPairs(parameter: ParameterObject, value: unknown): [string, string][] {
  const name = String(parameter.name);
  if (!Array.isArray(value)) return [[name, asText(value)]];
  const explode = (parameter as { explode?: boolean }).explode ?? true;
  return explode
    ? value.map((item) => [name, asText(item)] as [string, string])
    : [[name, value.map(asText).join(',')]];
}

interface Credential {
  in: 'header' | 'query' | 'cookie';
  name: string;
  value: string;
}

function credentialOf(entry: ApiOperationEntry, document: OpenApiDocument): Credential | undefined {
  const requirement = entry.security.find((r) => r && Object.keys(r).length > 0);
  const name = requirement ? Object.keys(requirement)[0] : undefined;
  if (!name) return undefined;
  const scheme = resolveRef<SecuritySchemeObject>(document, document.components?.securitySchemes?.[name]).value;
  if (!scheme) return undefined;
  if (scheme.type === 'apiKey') {
    const where = scheme.in === 'query' || scheme.in === 'cookie' ? scheme.in : 'header';
    return { in: where, name: scheme.name ?? name, value: 'YOUR_API_KEY' };
  }
  if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic')
    return { in: 'header', name: 'Authorization', value: 'Basic YOUR_CREDENTIALS' };
  if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect')
    return { in: 'header', name: 'Authorization', value: 'Bearer YOUR_TOKEN' };
  return undefined;
}
