import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { NavItem, Page } from '../model.js';
import type { OperationLinkView } from '../api-view.js';
import { joinBase } from '../shared/url.js';
import type { ApiSpec } from './api-spec.js';
import { isOperationId } from './api-anchors.js';
import { buildOperationView } from './build-operation-view.js';
import type { Snippets } from './code-samples.js';
import { assignOperationSlugs, type OperationName } from './operation-slugs.js';
import { operationPage } from './operation-page.js';
import { createPageCollector, type BuildContext } from './view-context.js';

export interface WebhookPagesInput {
  spec: ApiSpec;
  ctx: BuildContext;
  /** Route prefix of the reference: webhooks are under `{routePrefix}/webhooks/`. */
  routePrefix: string;
  languages: readonly string[];
  visibleTabs: number;
  snippets: Snippets;
  /** The pages' slugs and routes (webhookRoutes). */
  names: readonly OperationName[];
  routes: readonly string[];
}

export interface WebhookPages {
  pages: Page[];
  /** The "Webhooks" category of the API sidebar (empty when there are none). */
  sidebar: NavItem[];
  diagnostics: Diagnostic[];
}

/**
 * One page per webhook operation (OpenAPI 3.1 `webhooks`) at `{routePrefix}/webhooks/{slug}`:
 * a folder of their own, so no webhook can take an operation's route whatever the two are
 * called. Slugs are chosen like operations' (summary, operationId, method and name).
 */
export function buildWebhookPages(input: WebhookPagesInput): WebhookPages {
  const index = input.spec.webhooks;
  if (!index?.operations.length) return { pages: [], sidebar: [], diagnostics: [] };
  const { names, routes } = input;
  const diagnostics: Diagnostic[] = [];
  const pages = index.operations.map((entry, i) => {
    const collector = createPageCollector();
    const view = buildOperationView({
      entry,
      slug: names[i].slug,
      title: names[i].title,
      ctx: { ...input.ctx, page: collector, isReservedId: isOperationId },
      languages: input.languages,
      visibleTabs: input.visibleTabs,
      snippets: input.snippets,
    });
    diagnostics.push(...collector.diagnostics);
    const where = { id: `api/webhooks/${names[i].slug}`, route: routes[i] };
    return operationPage(view, collector, { ...where, file: input.spec.file });
  });
  const link = (i: number): NavItem => ({
    type: 'link',
    label: pages[i].title,
    route: pages[i].route,
    docId: pages[i].id,
    badge: index.operations[i].method.toUpperCase(),
  });
  const items: NavItem[] = [
    ...index.tags.map((tag): NavItem => ({
      type: 'category',
      label: tag.name,
      items: tag.operations.map(link),
      collapsed: false,
      collapsible: true,
    })),
    ...index.untagged.map(link),
  ];
  const sidebar: NavItem[] = [{ type: 'category', label: 'Webhooks', items, collapsed: false, collapsible: true }];
  return { pages, sidebar, diagnostics };
}

/** Where the webhook pages go: their slugs and titles (chosen like operations'), routes, and the slugs' diagnostics. */
export function webhookRoutes(
  spec: ApiSpec,
  routePrefix: string,
): { names: OperationName[]; routes: string[]; titles: string[]; diagnostics: Diagnostic[] } {
  const operations = spec.webhooks?.operations ?? [];
  if (!operations.length) return { names: [], routes: [], titles: [], diagnostics: [] };
  const { names, diagnostics } = assignOperationSlugs(operations, { file: spec.file, reserved: [] });
  const routes = names.map((name) => `${routePrefix}/webhooks/${name.slug}`);
  return { names, routes, titles: names.map((name) => name.title), diagnostics };
}

/** The webhook pages as links (the overview lists them). */
export function webhookLinks(pages: readonly Page[], baseUrl: string): OperationLinkView[] {
  return pages.flatMap((page) =>
    page.body.type === 'api-operation'
      ? [
          {
            method: page.body.operation.method,
            path: page.body.operation.path,
            summary: page.title,
            href: joinBase(baseUrl, page.route),
            deprecated: page.body.operation.deprecated,
          },
        ]
      : [],
  );
}
