import type { OpenApiDocument, SecurityRequirement, SecuritySchemeObject } from './openapi-types.js';
import { resolveRef } from './resolve-ref.js';

/** How to send the credential of one security scheme, in words: 'API key in header x-api-key'. */
export function securitySchemeWords(scheme: SecuritySchemeObject | undefined, name: string): string {
  if (!scheme || typeof scheme !== 'object') return `${name} (not defined in components.securitySchemes)`;
  switch (scheme.type) {
    case 'apiKey':
      return `API key in ${scheme.in === 'query' ? 'query parameter' : scheme.in === 'cookie' ? 'cookie' : 'header'} ${typeof scheme.name === 'string' && scheme.name ? scheme.name : name}`;
    case 'http':
      return httpWords(scheme);
    case 'oauth2':
      return `OAuth 2.0 access token in header Authorization (${(scheme.flows && typeof scheme.flows === 'object' ? Object.keys(scheme.flows) : []).join(', ') || 'no flows'})`;
    case 'openIdConnect':
      return `OpenID Connect token in header Authorization${typeof scheme.openIdConnectUrl === 'string' ? ` (discovery: ${scheme.openIdConnectUrl})` : ''}`;
    case 'mutualTLS':
      return 'Mutual TLS client certificate';
    default:
      return typeof scheme.type === 'string' && scheme.type
        ? `${name} (${scheme.type})`
        : `${name} (a security scheme without a type)`;
  }
}

function httpWords(scheme: SecuritySchemeObject): string {
  const written = typeof scheme.scheme === 'string' ? scheme.scheme : '';
  const kind = written.toLowerCase();
  if (kind === 'bearer')
    return `Bearer token${typeof scheme.bearerFormat === 'string' && scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''} in header Authorization`;
  if (kind === 'basic') return 'HTTP Basic credentials in header Authorization';
  return `HTTP ${written} credentials in header Authorization`.replace(/\s+/g, ' ');
}

/**
 * The operation's security requirements in words, one string per alternative (any one is
 * enough); schemes required together are joined with 'and'. An empty requirement means
 * the operation can also be called without credentials.
 */
export function securityToWords(requirements: readonly SecurityRequirement[], document: OpenApiDocument): string[] {
  return requirements.map((requirement) => {
    const names = Object.keys(requirement ?? {});
    if (names.length === 0) return 'No authentication';
    return names
      .map((name) => {
        const scheme = resolveRef<SecuritySchemeObject>(document, document.components?.securitySchemes?.[name]).value;
        const scopes =
          Array.isArray(requirement[name]) && requirement[name].length
            ? ` with scopes ${requirement[name].join(', ')}`
            : '';
        return securitySchemeWords(scheme, name) + scopes;
      })
      .join(' and ');
  });
}
