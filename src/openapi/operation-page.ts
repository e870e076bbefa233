import type { ApiOperationView } from '../api-view.js';
import type { Page } from '../model.js';
import { operationAnchors } from './api-anchors.js';
import type { PageCollector } from './view-context.js';
import { shortDescription } from '../shared/short-description.js';

/** Text on one line, for search text and descriptions. */
export const plainText = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The page of an operation (or a webhook): its view, and what search, the TOC and the link checks need. */
export function operationPage(
  view: ApiOperationView,
  collector: PageCollector,
  where: { id: string; route: string; file: string },
): Page {
  const method = view.method.toUpperCase();
  const text = plainText([view.summary, method, view.path, ...view.tags, ...collector.text].join(' '));
  const firstText = collector.text[0] && view.descriptionHtml ? collector.text[0] : '';
  return {
    ...pageDefaults(where.id, where),
    kind: 'api-operation',
    title: view.summary,
    description:
      shortDescription(plainText(firstText)) ||
      `${view.summary}: ${view.webhook ? 'webhook ' : ''}${method} ${view.path}`,
    toc: view.sections.map(({ depth, id, text: heading }) => ({ depth, id, text: heading })),
    anchors: unique([...operationAnchors(view), ...collector.anchors]),
    links: collector.links,
    body: { type: 'api-operation', operation: view },
    text,
    badge: method,
  };
}

export function pageDefaults(id: string, where: { route: string; file: string }) {
  return { id, route: where.route, tags: [], hideTableOfContents: false, sourcePath: where.file, docsFeatures: [] };
}

export function unique(values: string[]): string[] {
  return [...new Set(values)];
}
