import kebabCase from 'lodash/kebabCase.js';
import type { OAuthFlowView, SecurityAlternativeView, SecuritySchemeView } from '../api-view.js';
import { toPointer } from './json-pointer.js';
import type { OpenApiDocument, SecurityRequirement, SecuritySchemeObject } from './openapi-types.js';
import { optionalField } from './optional-field.js';
import { resolveRef } from './resolve-ref.js';
import { safeUrl } from './safe-url.js';
import { securitySchemeWords } from './security-to-words.js';
import { renderDescriptionField, type ViewContext } from './view-context.js';

const FLOW_LABELS: Record<string, string> = {
  authorizationCode: 'Authorization code',
  clientCredentials: 'Client credentials',
  implicit: 'Implicit',
  password: 'Password',
  deviceAuthorization: 'Device authorization',
};

/** Element id of a security scheme's entry on the overview page. */
export function securitySchemeId(name: string): string {
  return `auth-${kebabCase(name) || 'scheme'}`;
}

/** The schemes of `components.securitySchemes`, each explained once for the overview page. */
export function securitySchemeViews(document: OpenApiDocument, ctx: ViewContext): SecuritySchemeView[] {
  const schemes = document.components?.securitySchemes;
  if (!schemes || typeof schemes !== 'object') return [];
  return Object.entries(schemes).map(([name, raw]) => {
    const scheme = resolveRef<SecuritySchemeObject>(document, raw).value;
    const flows = scheme?.type === 'oauth2' ? oauthFlows(scheme) : undefined;
    return {
      name,
      id: securitySchemeId(name),
      words: securitySchemeWords(scheme, name),
      ...optionalField(
        'descriptionHtml',
        renderDescriptionField(
          ctx,
          scheme?.description,
          toPointer(['components', 'securitySchemes', name, 'description']),
        ),
      ),
      ...optionalField('flows', flows),
      ...optionalField(
        'openIdConnectUrl',
        scheme?.type === 'openIdConnect' ? safeUrl(scheme.openIdConnectUrl) : undefined,
      ),
    };
  });
}

function oauthFlows(scheme: SecuritySchemeObject): OAuthFlowView[] {
  const flows = scheme.flows && typeof scheme.flows === 'object' ? scheme.flows : {};
  return Object.entries(flows).flatMap(([kind, flow]) => {
    if (!flow || typeof flow !== 'object') return [];
    const scopes = flow.scopes && typeof flow.scopes === 'object' ? flow.scopes : {};
    return [
      {
        kind,
        label: FLOW_LABELS[kind] ?? kind,
        ...optionalField('authorizationUrl', safeUrl(flow.authorizationUrl)),
        ...optionalField('tokenUrl', safeUrl(flow.tokenUrl)),
        ...optionalField('refreshUrl', safeUrl((flow as { refreshUrl?: unknown }).refreshUrl)),
        scopes: Object.entries(scopes).map(([name, description]) => ({
          name,
          ...optionalField(
            'description',
            typeof description === 'string' && description.trim() ? description : undefined,
          ),
        })),
      },
    ];
  });
}

/** The operation's security requirements scheme by scheme, each linked to its entry on the overview. */
export function securityAlternatives(
  requirements: readonly SecurityRequirement[],
  document: OpenApiDocument,
  overviewHref: string | undefined,
): SecurityAlternativeView[] {
  const defined = document.components?.securitySchemes ?? {};
  return requirements
    .filter((requirement) => requirement && Object.keys(requirement).length > 0)
    .map((requirement) => ({
      schemes: Object.entries(requirement).map(([name, scopes]) => {
        const scheme = resolveRef<SecuritySchemeObject>(document, (defined as Record<string, unknown>)[name]).value;
        return {
          name,
          words: securitySchemeWords(scheme, name),
          scopes: Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [],
          ...optionalField('href', scheme && overviewHref ? `${overviewHref}#${securitySchemeId(name)}` : undefined),
        };
      }),
    }));
}

/** Whether the operation can be called without credentials while the API defines some. */
export function isPublicOperation(requirements: readonly SecurityRequirement[], document: OpenApiDocument): boolean {
  const schemes = document.components?.securitySchemes;
  const hasSchemes = Boolean(schemes && typeof schemes === 'object' && Object.keys(schemes).length);
  return hasSchemes && (requirements.length === 0 || requirements.some((r) => !r || Object.keys(r).length === 0));
}
