import type { SiteConfig } from '../config/resolve-config.js';
import type { RouteTable } from '../routes/build-route-table.js';
import { joinBase } from '../shared/url.js';
import { markdownPathForRoute } from '../shared/markdown-twin.js';
import type { OperationSummary } from './operation-summary.js';
import type { ApiSpecFile } from './plan-output.js';

/** Version of the /meta/index.json format; bump on breaking changes (documented in README). */
export const META_INDEX_VERSION = 1;

/**
 * /meta/index.json: a machine-readable map of the site for tools and LLM agents — site facts,
 * every doc (id, path, title, description, sidebar), every API operation (method, path, route) and
 * every webhook (name, method, route) and every schema page (name, route).
 */
export function buildMetaIndex(
  config: SiteConfig,
  table: RouteTable,
  operations: readonly OperationSummary[],
  apis: readonly Pick<ApiSpecFile, 'id' | 'label'>[],
): string {
  const specUrl = (id: string) => joinBase(config.baseUrl, `/openapi/${id}.json`);
  const twin = (route: string) => joinBase(config.baseUrl, `/${markdownPathForRoute(route)}`);
  const docs = table.pages
    .filter((page) => (page.kind === 'doc' || page.kind === 'home') && !page.docMeta?.unlisted)
    .map((page) => ({
      id: page.id,
      path: joinBase(config.baseUrl, page.route),
      markdown: twin(page.route),
      title: page.title,
      description: page.description,
      sidebar: table.sidebarOf.get(page.route) ?? null,
      tags: page.tags,
      source: page.sourcePath ?? null,
    }));
  const index = {
    version: META_INDEX_VERSION,
    site: {
      title: config.title,
      tagline: config.tagline,
      url: config.url + config.baseUrl,
      product: { name: config.product.name, slug: config.product.slug, website: config.product.website },
      locale: config.i18n.defaultLocale,
      docsVersion: config.docsVersions.find((one) => one.isLast)?.label ?? 'Next',
      // The first API's description ('apis' lists every one); null for a site without an API.
      openapi: apis.length ? specUrl(apis[0].id) : null,
      apis: apis.map((api) => ({ id: api.id, label: api.label, openapi: specUrl(api.id) })),
      sitemap: joinBase(config.baseUrl, '/sitemap.xml'),
      // For agents: the llms.txt convention's index, and every page's Markdown in one file.
      llms: joinBase(config.baseUrl, '/llms.txt'),
      llmsFull: joinBase(config.baseUrl, '/llms-full.txt'),
      sidebars: Object.keys(table.sidebars),
    },
    docs,
    operations: operations.map((op) => ({
      ...op,
      route: joinBase(config.baseUrl, op.route),
      markdown: twin(op.route),
    })),
    ...webhooksOf(table, config.baseUrl),
    schemas: table.pages
      .filter((page) => page.kind === 'api-schema')
      .map((page) => ({
        id: page.id,
        name: page.title,
        route: joinBase(config.baseUrl, page.route),
        markdown: twin(page.route),
        description: page.description,
      })),
  };
  return `${JSON.stringify(index, null, 2)}\n`;
}

/** The `webhooks` entry: one per webhook page (OpenAPI 3.1), left out when the site has none. */
function webhooksOf(table: RouteTable, baseUrl: string) {
  const webhooks = table.pages.flatMap((page) => {
    if (page.body.type !== 'api-operation' || !page.body.operation.webhook) return [];
    const view = page.body.operation;
    return [
      {
        id: page.id,
        name: view.path,
        method: view.method.toUpperCase(),
        route: joinBase(baseUrl, page.route),
        markdown: joinBase(baseUrl, `/${markdownPathForRoute(page.route)}`),
        summary: page.title,
        tag: view.tags[0],
        deprecated: view.deprecated || undefined,
      },
    ];
  });
  return webhooks.length ? { webhooks } : {};
}
