import { securitySchemeId } from './security-view.js';
import { slug } from 'github-slugger';
import type { ApiSpec } from './api-spec.js';
import { pointerName } from './json-pointer.js';

/** Where a fragment points: a route of the site and an element id on it. */
export interface FragmentTarget {
  route: string;
  hash?: string;
}

export interface RedocAnchorInput {
  spec: ApiSpec;
  /** Route of each operation's page, by index. */
  routes: readonly string[];
  overviewRoute: string;
  /** The overview's element id of each tag section, by tag name. */
  tagIds: ReadonlyMap<string, string>;
  /** The page of a `components/schemas` entry, when the site has schema pages. */
  schemaRoute?: (name: string) => string | undefined;
  /** Route of each webhook operation's page, by index in `spec.webhooks.operations`. */
  webhookRoutes?: readonly string[];
}

/** The overview's element id of its list of webhooks, where a tag only webhooks have leads. */
const WEBHOOKS_SECTION = 'webhooks';

/**
 * Descriptions written for Redoc link to its single page's fragments: `#tag/Widgets`,
 * `#operation/listWidgets` (also `#tag/Widgets/operation/listWidgets`), `#tag/Widgets/paths/~1widgets/get`,
 * `#section/Authentication` (a heading of `info.description`) and `#schema/Widget`. This maps
 * them to docsgen's pages. A fragment that names nothing (a typo, an operationId that does not
 * exist) gives undefined: it stays a same-page anchor, which the link check then reports.
 */
export function createRedocAnchorResolver(input: RedocAnchorInput): (hash: string) => FragmentTarget | undefined {
  const { byOperationId, byPathMethod, webhookTags } = operationRoutes(input);
  const tags = new Map([...input.tagIds].map(([name, id]) => [looseKey(name), id]));
  const overview = (hash?: string): FragmentTarget =>
    hash ? { route: input.overviewRoute, hash } : { route: input.overviewRoute };
  const route = (found: string | undefined) => (found ? { route: found } : undefined);
  return (hash) => {
    const parts = hash.split('/');
    const [kind] = parts;
    if (kind === 'operation') return route(byOperationId.get(parts.slice(1).join('/')));
    if (kind === 'tag') {
      const rest = parts.slice(2);
      if (rest[0] === 'operation') return route(byOperationId.get(rest.slice(1).join('/')));
      if (rest[0] === 'paths') return route(byPathMethod.get(`${pathOf(rest.slice(1, -1))} ${rest.at(-1)}`));
      const id = tags.get(looseKey(parts[1] ?? ''));
      if (id) return overview(id);
      return webhookTags.has(looseKey(parts[1] ?? '')) ? overview(WEBHOOKS_SECTION) : undefined;
    }
    if (kind === 'section') return sectionTarget(parts.slice(1), input, overview);
    if (kind === 'schema' || kind === 'model') return route(input.schemaRoute?.(parts.slice(1).join('/')));
    if (hash.startsWith('/components/schemas/')) return route(input.schemaRoute?.(pointerName(hash)));
    return undefined;
  };
}

/**
 * Page routes by operationId and by `{path} {method}`: the operations first, then the webhooks
 * (Redoc links a webhook as it links an operation; its `path` is the webhook's name), so an id
 * both use stays the operation's. And the tags that only webhooks have (loose keys).
 */
function operationRoutes(input: RedocAnchorInput) {
  const byOperationId = new Map<string, string>();
  const byPathMethod = new Map<string, string>();
  const add = (entry: ApiSpec['operations'][number], route: string | undefined) => {
    if (route === undefined) return;
    const id = entry.operation.operationId;
    if (typeof id === 'string' && !byOperationId.has(id)) byOperationId.set(id, route);
    const key = `${entry.path} ${entry.method}`;
    if (!byPathMethod.has(key)) byPathMethod.set(key, route);
  };
  input.spec.operations.forEach((entry, index) => add(entry, input.routes[index]));
  const webhooks = input.webhookRoutes ? input.spec.webhooks : undefined;
  webhooks?.operations.forEach((entry, index) => add(entry, input.webhookRoutes?.[index]));
  const webhookTags = new Set((webhooks?.tags ?? []).map((tag) => looseKey(tag.name)));
  return { byOperationId, byPathMethod, webhookTags };
}

/**
 * `#section/Authentication/api_key` is Redoc's place for the security scheme `api_key` (the
 * overview's authentication section); any other section is a heading of `info.description`.
 */
function sectionTarget(
  path: string[],
  input: RedocAnchorInput,
  overview: (hash?: string) => FragmentTarget,
): FragmentTarget | undefined {
  if (path.length === 0 || !path[0]) return undefined;
  const schemes = input.spec.document.components?.securitySchemes ?? {};
  if (path.length === 2 && path[0] === 'Authentication' && path[1] in schemes)
    return overview(securitySchemeId(path[1]));
  return overview(slug(path.at(-1) ?? ''));
}

/** Redoc writes 'Payment Methods' as 'Payment-Methods' (and URL-encodes the rest). */
function looseKey(name: string): string {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // A stray '%' stays as it is.
  }
  return decoded
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');
}

/** Pointer tokens of a path ('~1widgets~1{id}') back to the path. */
function pathOf(tokens: string[]): string {
  return tokens.join('/').replace(/~1/g, '/').replace(/~0/g, '~');
}
