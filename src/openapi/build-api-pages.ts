import kebabCase from 'lodash/kebabCase.js';
import { snippetz } from '@scalar/snippetz';
import type { Snippets } from './code-samples.js';
import type { BrokenLinkSeverity } from '../config/schema.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { NavItem, Page } from '../model.js';
import type { Highlighter } from '../content/highlighter.js';
import { createMarkdownProcessor } from '../content/markdown-processor.js';
import { isOperationId, isOverviewId, overviewAnchors } from './api-anchors.js';
import type { ApiSpec } from './api-spec.js';
import type { ApiOverviewView } from '../api-view.js';
import { buildOperationView } from './build-operation-view.js';
import { buildSchemaPages } from './build-schema-pages.js';
import { schemaPageRoutes } from './schema-pages.js';
import { joinBase } from '../shared/url.js';
import { buildOverviewView, tagSectionIds } from './build-overview-view.js';
import { assignOperationSlugs } from './operation-slugs.js';
import { createRedocAnchorResolver } from './redoc-anchors.js';
import { renderDescription, type RenderDescriptionOptions, type RenderedDescription } from './render-description.js';
import { createPageCollector, type BuildContext, type OperationTarget, type PageCollector } from './view-context.js';
import { operationPage, pageDefaults, plainText, unique } from './operation-page.js';
import { buildWebhookPages, webhookLinks, webhookRoutes } from './build-webhook-pages.js';
import { readTagGroups, type TagGroups } from './tag-groups.js';
import { shortDescription } from '../shared/short-description.js';

export interface BuildApiPagesOptions {
  /** Route prefix of the reference, e.g. '/api/reference'. */
  routePrefix: string;
  productSlug: string;
  baseUrl: string;
  highlighter: Highlighter;
  /** Code-sample languages, in tab order. */
  languages: readonly string[];
  visibleTabs: number;
  /** One page per `components/schemas` entry (config `api.schemaPages`, default true). */
  schemaPages?: boolean;
  /** How a response link to no operation is reported (config `api.onBrokenLinks`, default 'warn'). */
  onBrokenLinks?: BrokenLinkSeverity;
}

export interface ApiPages {
  pages: Page[];
  sidebar: NavItem[];
  diagnostics: Diagnostic[];
}

/**
 * What every operation page shares, worked out from the description alone (so a worker that
 * builds a share of the operation pages works it out the same way): slugs, routes and the context.
 */
export interface ApiPagesPlan {
  overviewSlug: string;
  overviewRoute: string;
  names: { slug: string; title: string }[];
  routes: string[];
  schemaRoutes: Map<string, string>;
  tagGroups: ReturnType<typeof readTagGroups>;
  /** The webhook pages' slugs, titles and routes (their slugs' problems are in `diagnostics`). */
  webhooks: ReturnType<typeof webhookRoutes>;
  /** Slug and tag-group problems, reported before the pages'. */
  diagnostics: Diagnostic[];
  base: BuildContext;
  snippets: Snippets;
}

/** One operation's page and the problems building it found (in the order they were found). */
export interface OperationPageResult {
  page: Page;
  diagnostics: Diagnostic[];
}

export function planApiPages(spec: ApiSpec, options: BuildApiPagesOptions): ApiPagesPlan {
  const overviewSlug = overviewSlugOf(spec);
  const overviewRoute = `${options.routePrefix}/${overviewSlug}`;
  const { names, diagnostics } = assignOperationSlugs(spec.operations, { file: spec.file, reserved: [overviewSlug] });
  const tagGroups = readTagGroups(spec);
  diagnostics.push(...(tagGroups?.diagnostics ?? []));
  const routes = names.map((n) => `${options.routePrefix}/${n.slug}`);
  const schemaRoutes =
    options.schemaPages === false ? new Map<string, string>() : schemaPageRoutes(spec.document, options.routePrefix);
  const schemaRoute = (name: string) => schemaRoutes.get(name);
  const webhookPlaces = webhookRoutes(spec, options.routePrefix);
  diagnostics.push(...webhookPlaces.diagnostics);
  const resolveFragment = createRedocAnchorResolver({
    spec,
    routes,
    overviewRoute,
    tagIds: tagSectionIds(spec),
    schemaRoute,
    webhookRoutes: webhookPlaces.routes,
  });
  const base: BuildContext = {
    ...buildContext(spec, options, resolveFragment),
    schemaHref: (name) => (schemaRoutes.has(name) ? joinBase(options.baseUrl, schemaRoutes.get(name)!) : undefined),
    overviewHref: joinBase(options.baseUrl, overviewRoute),
    ...operationTargets(
      spec,
      names.map((n, i) => ({ title: n.title, href: joinBase(options.baseUrl, routes[i]) })),
    ),
    onBrokenLinks: options.onBrokenLinks ?? 'warn',
  };
  return {
    overviewSlug,
    overviewRoute,
    names,
    routes,
    schemaRoutes,
    tagGroups,
    webhooks: webhookPlaces,
    diagnostics,
    base,
    snippets: snippetz(),
  };
}

/** The pages of operations `start` to `end` (exclusive), in order. */
export function buildOperationPages(
  spec: ApiSpec,
  plan: ApiPagesPlan,
  options: BuildApiPagesOptions,
  { start, end }: { start: number; end: number },
): OperationPageResult[] {
  return spec.operations.slice(start, end).map((entry, i) => {
    const index = start + i;
    const page = createPageCollector();
    const view = buildOperationView({
      entry,
      slug: plan.names[index].slug,
      title: plan.names[index].title,
      ctx: { ...plan.base, page, isReservedId: isOperationId },
      languages: options.languages,
      visibleTabs: options.visibleTabs,
      snippets: plan.snippets,
    });
    const where = { id: `api/${view.slug}`, route: plan.routes[index], file: spec.file };
    return { page: operationPage(view, page, where), diagnostics: page.diagnostics };
  });
}

/**
 * The API reference: an overview page and one page per operation, built from the operation
 * index (each page carries only the schemas it uses), and the sidebar grouped by tag.
 */
export function buildApiPages(spec: ApiSpec, options: BuildApiPagesOptions): ApiPages {
  const plan = planApiPages(spec, options);
  const operations = buildOperationPages(spec, plan, options, { start: 0, end: spec.operations.length });
  return finishApiPages(spec, plan, options, operations);
}

/** The webhooks, overview and schema pages and the sidebar, around the operation pages built already. */
export function finishApiPages(
  spec: ApiSpec,
  plan: ApiPagesPlan,
  options: BuildApiPagesOptions,
  operations: readonly OperationPageResult[],
): ApiPages {
  const { base, names, routes, overviewRoute, overviewSlug, tagGroups } = plan;
  const diagnostics = [...plan.diagnostics, ...operations.flatMap((result) => result.diagnostics)];
  const webhooks = buildWebhookPages({ spec, ctx: base, ...options, snippets: plan.snippets, ...plan.webhooks });
  diagnostics.push(...webhooks.diagnostics);
  const overviewCollector = createPageCollector();
  const titles = names.map((n) => n.title);
  const overview = buildOverviewView({
    spec,
    ctx: { ...base, page: overviewCollector, isReservedId: isOverviewId },
    routes,
    titles,
    baseUrl: options.baseUrl,
    productSlug: options.productSlug,
    tagGroups: tagGroups?.groups,
    webhooks: webhookLinks(webhooks.pages, options.baseUrl),
  });
  diagnostics.push(...overviewCollector.diagnostics);
  const schemas = buildSchemaPages({
    spec,
    ctx: base,
    schemaRoutes: plan.schemaRoutes,
    routes,
    titles,
    webhooks: plan.webhooks,
  });
  diagnostics.push(...schemas.diagnostics);
  const pages = [
    overviewPage(overview, overviewCollector, { route: overviewRoute, file: spec.file, slug: overviewSlug }),
    ...operations.map((result) => result.page),
    ...webhooks.pages,
    ...schemas.pages,
  ];
  return {
    pages,
    sidebar: [
      ...buildSidebar(spec, { overview, overviewRoute, overviewSlug, names, routes, tagGroups }),
      ...webhooks.sidebar,
      ...schemas.sidebar,
    ],
    diagnostics,
  };
}

function buildContext(
  spec: ApiSpec,
  options: BuildApiPagesOptions,
  resolveFragment: RenderDescriptionOptions['resolveFragment'],
): BuildContext {
  const processor = createMarkdownProcessor({ trusted: false });
  // One cache per set of reserved ids (a page kind's predicate), each by description text.
  const caches = new Map<((id: string) => boolean) | undefined, Map<string, RenderedDescription>>();
  const renderOptions = {
    processor,
    highlighter: options.highlighter,
    baseUrl: options.baseUrl,
    sourcePath: spec.file,
    resolveFragment,
  };
  const renderMarkdown = (markdown: string, isReservedId?: (id: string) => boolean) => {
    let cache = caches.get(isReservedId);
    if (!cache) caches.set(isReservedId, (cache = new Map()));
    let hit = cache.get(markdown);
    if (!hit) cache.set(markdown, (hit = renderDescription(markdown, { ...renderOptions, isReservedId })));
    return hit;
  };
  return {
    document: spec.document,
    refNames: spec.refNames,
    file: spec.file,
    baseUrl: options.baseUrl,
    highlighter: options.highlighter,
    renderMarkdown,
    sampleTemplates: new Map(),
    memo: new Map(),
  };
}

/**
 * How response links find their target: by operationId, or by an `operationRef` that is a pointer
 * into this description ('#/paths/~1orders~1{id}/get', braces also percent-encoded).
 */
function operationTargets(
  spec: ApiSpec,
  targets: OperationTarget[],
): Pick<BuildContext, 'operationById' | 'operationByRef'> {
  const byId = new Map<string, OperationTarget>();
  const byPointer = new Map<string, OperationTarget>();
  spec.operations.forEach((entry, i) => {
    const id = entry.operation.operationId;
    if (typeof id === 'string' && !byId.has(id)) byId.set(id, targets[i]);
    byPointer.set(entry.pointer, targets[i]);
  });
  const decoded = (ref: string) => {
    try {
      return decodeURIComponent(ref);
    } catch {
      return ref;
    }
  };
  return {
    operationById: (operationId) => byId.get(operationId),
    operationByRef: (ref) => (ref.startsWith('#') ? (byPointer.get(ref) ?? byPointer.get(decoded(ref))) : undefined),
  };
}

/** `info.x-slug`, else kebabCase of the title ('HeliumGeek API' → 'helium-geek-api'). */
function overviewSlugOf(spec: ApiSpec): string {
  const custom = spec.document.info?.['x-slug'];
  if (typeof custom === 'string' && /^[a-z0-9][a-z0-9-]*$/.test(custom)) return custom;
  return kebabCase(String(spec.document.info?.title ?? '')) || 'api';
}

function overviewPage(
  view: ApiOverviewView,
  collector: PageCollector,
  where: { route: string; file: string; slug: string },
): Page {
  const text = plainText(
    [
      view.title,
      view.version ?? '',
      view.summary ?? '',
      ...collector.text,
      ...view.tags.flatMap((t) => [t.name, ...t.operations.map((o) => o.summary)]),
    ].join(' '),
  );
  return {
    ...pageDefaults(`api/${where.slug}`, where),
    kind: 'api-overview',
    title: view.title,
    description: shortDescription(plainText(view.summary ?? collector.text[0] ?? view.title)),
    toc: view.sections.map(({ depth, id, text: heading }) => ({ depth, id, text: heading })),
    anchors: unique([...overviewAnchors(view), ...collector.anchors]),
    links: collector.links,
    body: { type: 'api-overview', overview: view },
    text,
  };
}

interface SidebarInput {
  tagGroups?: TagGroups;
  overview: ApiOverviewView;
  overviewRoute: string;
  overviewSlug: string;
  names: { slug: string; title: string }[];
  routes: string[];
}

function buildSidebar(spec: ApiSpec, input: SidebarInput): NavItem[] {
  const link = (index: number): NavItem => ({
    type: 'link',
    label: input.names[index].title,
    route: input.routes[index],
    docId: `api/${input.names[index].slug}`,
    badge: spec.operations[index].method.toUpperCase(),
  });
  const category = (label: string, items: NavItem[]): NavItem => ({
    type: 'category',
    label,
    items,
    collapsed: false,
    collapsible: true,
  });
  const byName = new Map(spec.tags.map((tag) => [tag.name, tag]));
  const tagCategory = (name: string) => category(name, byName.get(name)!.operations.map(link));
  // With x-tagGroups, the groups (in their order) hold the tags; a tag in no group is left out, as in Redoc.
  const tags = input.tagGroups
    ? input.tagGroups.groups.map((group) => category(group.name, group.tags.map(tagCategory)))
    : spec.tags.map((tag) => tagCategory(tag.name));
  return [
    { type: 'link', label: input.overview.title, route: input.overviewRoute, docId: `api/${input.overviewSlug}` },
    ...tags,
    ...spec.untagged.map(link),
  ];
}
