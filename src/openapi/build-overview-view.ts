import kebabCase from 'lodash/kebabCase.js';
import { joinBase } from '../shared/url.js';
import type { ApiSpec } from './api-spec.js';
import type { ApiOverviewView, ApiSectionView, OperationLinkView } from '../api-view.js';
import { safeUrl } from './safe-url.js';
import { securitySchemeViews } from './security-view.js';
import { serverUrl } from './server-url.js';
import type { TagGroup } from './tag-groups.js';
import { renderDescriptionField, type ViewContext } from './view-context.js';
import { optionalField } from './optional-field.js';

export interface OverviewViewInput {
  spec: ApiSpec;
  ctx: ViewContext;
  /** Route of each operation's page, by index. */
  routes: readonly string[];
  /** Title of each operation's page, by index. */
  titles: readonly string[];
  baseUrl: string;
  productSlug: string;
  /** Redoc's `x-tagGroups`, when the description has them. */
  tagGroups?: readonly TagGroup[];
  /** Links to the webhook pages (OpenAPI 3.1 `webhooks`). */
  webhooks?: OperationLinkView[];
}

/** The overview page: info, servers, authentication, download link and operations by tag. */
export function buildOverviewView({
  spec,
  ctx,
  routes,
  titles,
  baseUrl,
  productSlug,
  tagGroups,
  webhooks,
}: OverviewViewInput): ApiOverviewView {
  const info = spec.document.info ?? {};
  const link = (index: number): OperationLinkView => {
    const entry = spec.operations[index];
    return {
      method: entry.method,
      path: entry.path,
      summary: titles[index],
      href: joinBase(baseUrl, routes[index]),
      deprecated: entry.operation.deprecated === true,
    };
  };
  const tagIds = tagSectionIds(spec);
  const tags = spec.tags.map((tag) => ({
    name: tag.name,
    id: tagIds.get(tag.name) ?? 'tag-untitled',
    operations: tag.operations.map(link),
    ...optionalField(
      'descriptionHtml',
      renderDescriptionField(ctx, tag.description, tag.pointer && `${tag.pointer}/description`),
    ),
  }));
  const view: ApiOverviewView = {
    title: String(info.title ?? 'API'),
    servers: (Array.isArray(spec.document.servers) ? spec.document.servers : []).map((server, i) => ({
      url: serverUrl(server),
      ...optionalField(
        'descriptionHtml',
        // A server entry may be anything in a hand-written description (`servers: [null]`).
        renderDescriptionField(ctx, server?.description, `#/servers/${i}/description`),
      ),
    })),
    securitySchemes: securitySchemeViews(spec.document, ctx),
    specUrl: joinBase(baseUrl, `/openapi/${productSlug}.json`),
    specFileName: `${productSlug}.json`,
    tags,
    untagged: spec.untagged.map(link),
    sections: [],
  };
  if (typeof info.version === 'string' || (typeof info.version === 'number' && Number.isFinite(info.version)))
    view.version = String(info.version);
  if (typeof info.summary === 'string' && info.summary.trim()) view.summary = info.summary;
  const descriptionHtml = renderDescriptionField(ctx, info.description, '#/info/description');
  if (descriptionHtml) view.descriptionHtml = descriptionHtml;
  Object.assign(view, contactAndLicense(info));
  if (tagGroups?.length)
    view.tagGroups = tagGroups.map((group) => ({
      name: group.name,
      tags: group.tags.map((name) => ({ name, id: tagIds.get(name) ?? 'tag-untitled' })),
    }));
  if (webhooks?.length) view.webhooks = webhooks;
  view.sections = sections(view);
  return view;
}

/** The element id of each tag's section of the overview, by tag name ('Hotspot rewards' → 'tag-hotspot-rewards'). */
export function tagSectionIds(spec: Pick<ApiSpec, 'tags'>): Map<string, string> {
  const ids = new Map<string, string>();
  const taken = new Set<string>();
  for (const tag of spec.tags) {
    const wanted = `tag-${kebabCase(tag.name) || 'untitled'}`;
    let id = wanted;
    for (let n = 2; taken.has(id); n++) id = `${wanted}-${n}`;
    taken.add(id);
    ids.set(tag.name, id);
  }
  return ids;
}

function contactAndLicense(info: NonNullable<ApiSpec['document']['info']>): Partial<ApiOverviewView> {
  const out: Partial<ApiOverviewView> = {};
  const contact = info.contact;
  if (contact && typeof contact === 'object') {
    const email =
      typeof contact.email === 'string' && /^[^\s@<>"]+@[^\s@<>"]+$/.test(contact.email) ? contact.email : undefined;
    const value = {
      ...optionalField('name', typeof contact.name === 'string' ? contact.name : undefined),
      ...optionalField('url', safeUrl(contact.url)),
      ...optionalField('email', email),
    };
    if (Object.keys(value).length) out.contact = value;
  }
  if (info.license && typeof info.license.name === 'string')
    out.license = { name: info.license.name, ...optionalField('url', safeUrl(info.license.url)) };
  const terms = safeUrl(info.termsOfService);
  if (terms) out.termsOfService = terms;
  return out;
}

function sections(view: ApiOverviewView): ApiSectionView[] {
  const out: ApiSectionView[] = [];
  if (view.servers.length) out.push({ id: 'servers', text: 'Servers', depth: 2 });
  if (view.securitySchemes.length)
    out.push(
      { id: 'authentication', text: 'Authentication methods', depth: 2 },
      ...view.securitySchemes.map((s) => ({ id: s.id, text: s.name, depth: 3 as const })),
    );
  out.push({ id: 'download', text: 'Download the description', depth: 2 });
  if (view.contact || view.license || view.termsOfService)
    out.push({ id: 'contact-and-license', text: 'Contact and license', depth: 2 });
  out.push(
    { id: 'endpoints', text: 'Endpoints', depth: 2 },
    ...view.tags.map((t) => ({ id: t.id, text: t.name, depth: 3 as const })),
  );
  if (view.untagged.length) out.push({ id: 'other-endpoints', text: 'Other endpoints', depth: 3 });
  if (view.webhooks) out.push({ id: 'webhooks', text: 'Webhooks', depth: 3 });
  return out;
}
