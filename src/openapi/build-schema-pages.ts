import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { NavItem, Page } from '../model.js';
import { joinBase } from '../shared/url.js';
import type { ApiSpec } from './api-spec.js';
import type { ApiSchemaView, ApiSectionView, OperationLinkView } from '../api-view.js';
import { sampleSchema } from './example-value.js';
import { escapePointerToken } from './json-pointer.js';
import { exampleHtml } from './media-to-view.js';
import { schemaToView } from './schema-to-view.js';
import { schemaUsage, type SchemaUsage } from './schema-pages.js';
import { createPageCollector, type BuildContext, type PageCollector } from './view-context.js';
import { shortDescription } from '../shared/short-description.js';

export interface SchemaPagesInput {
  spec: ApiSpec;
  ctx: BuildContext;
  /** Page route of each component schema (see schemaPageRoutes). */
  schemaRoutes: ReadonlyMap<string, string>;
  /** Route and title of each operation's page, by index. */
  routes: readonly string[];
  titles: readonly string[];
  /** Route and title of each webhook's page, by index in `spec.webhooks.operations`. */
  webhooks?: { routes: readonly string[]; titles: readonly string[] };
}

const SECTION_IDS = new Set(['schema', 'example', 'used-by', 'referenced-by']);
const isSectionId = (id: string) => SECTION_IDS.has(id);

/**
 * One page per `components/schemas` entry: its description, the schema tree, an example, the
 * operations that use it and the schemas that refer to it; and their sidebar items.
 */
export function buildSchemaPages(input: SchemaPagesInput): {
  pages: Page[];
  sidebar: NavItem[];
  diagnostics: Diagnostic[];
} {
  const usage = schemaUsage(input.spec);
  const schemas = input.spec.document.components?.schemas ?? {};
  const diagnostics: Diagnostic[] = [];
  const pages = [...input.schemaRoutes].map(([name, route]) => {
    const collector = createPageCollector();
    const ctx = { ...input.ctx, page: collector, isReservedId: isSectionId };
    const pointer = `#/components/schemas/${escapePointerToken(name)}`;
    const used = usage.get(name) ?? { operations: [], callbacks: [], webhooks: [], schemas: [] };
    const value = schemas[name];
    const example = sampleSchema(value, input.spec.document, 'response');
    const view: ApiSchemaView = {
      name,
      schema: schemaToView(value, ctx, { pointer }),
      usedBy: usedByLinks(input, used),
      referencedBy: used.schemas.flatMap((other) => {
        const href = input.ctx.schemaHref?.(other);
        return href ? [{ name: other, href }] : [];
      }),
      sections: [],
    };
    if (example !== undefined) view.exampleHtml = exampleHtml('application/json', example, ctx);
    view.sections = sections(view);
    diagnostics.push(...collector.diagnostics);
    return schemaPage(view, collector, { route, file: input.spec.file });
  });
  const sidebar: NavItem[] = pages.length
    ? [
        {
          type: 'category',
          label: 'Schemas',
          items: pages.map((page) => ({ type: 'link', label: page.title, route: page.route, docId: page.id })),
          collapsed: true,
          collapsible: true,
        },
      ]
    : [];
  return { pages, sidebar, diagnostics };
}

/** The operations, then the callback requests, then the webhooks that use the schema, each linked to where it is. */
function usedByLinks(input: SchemaPagesInput, used: SchemaUsage): OperationLinkView[] {
  const webhooks = input.spec.webhooks?.operations ?? [];
  return [
    ...used.operations.map((index) => operationLink(input, index)),
    ...used.callbacks.map((use): OperationLinkView => ({
      method: use.method,
      path: use.expression,
      summary: `${use.callback}, a callback of ${input.titles[use.operation]}`,
      href: `${joinBase(input.ctx.baseUrl, input.routes[use.operation])}#${use.id}`,
      deprecated: use.deprecated,
      kind: 'callback',
    })),
    ...used.webhooks.flatMap((index): OperationLinkView[] => {
      const route = input.webhooks?.routes[index];
      if (route === undefined) return [];
      const entry = webhooks[index];
      return [
        {
          method: entry.method,
          path: entry.path,
          summary: input.webhooks?.titles[index] ?? entry.path,
          href: joinBase(input.ctx.baseUrl, route),
          deprecated: entry.operation.deprecated === true,
          kind: 'webhook',
        },
      ];
    }),
  ];
}

function operationLink(input: SchemaPagesInput, index: number): OperationLinkView {
  const entry = input.spec.operations[index];
  return {
    method: entry.method,
    path: entry.path,
    summary: input.titles[index],
    href: joinBase(input.ctx.baseUrl, input.routes[index]),
    deprecated: entry.operation.deprecated === true,
  };
}

function sections(view: ApiSchemaView): ApiSectionView[] {
  const out: ApiSectionView[] = [{ id: 'schema', text: 'Schema', depth: 2 }];
  if (view.exampleHtml) out.push({ id: 'example', text: 'Example', depth: 2 });
  out.push({ id: 'used-by', text: 'Used by', depth: 2 });
  if (view.referencedBy.length) out.push({ id: 'referenced-by', text: 'Referenced by', depth: 2 });
  return out;
}

function schemaPage(view: ApiSchemaView, collector: PageCollector, where: { route: string; file: string }): Page {
  // The tree's root shows the schema's description; its text is the first the tree recorded.
  const own = view.schema.descriptionHtml && collector.text[0] ? collector.text[0].replace(/\s+/g, ' ').trim() : '';
  const description = shortDescription(own) || `The ${view.name} schema of the API.`;
  // Search finds a schema by its name and description: its properties are searchable on the
  // operation pages that show them (repeating them here would outweigh the guides' words).
  const text = [view.name, own].join(' ').trim();
  return {
    id: `api/schemas/${where.route.split('/').pop()}`,
    route: where.route,
    kind: 'api-schema',
    title: view.name,
    description,
    tags: [],
    hideTableOfContents: false,
    sourcePath: where.file,
    docsFeatures: [],
    toc: view.sections.map(({ depth, id, text: heading }) => ({ depth, id, text: heading })),
    anchors: [...new Set([...view.sections.map((s) => s.id), ...collector.anchors])],
    links: collector.links,
    body: { type: 'api-schema', schema: view },
    text,
  };
}
