import type { Page } from '../model.js';

/** What the meta index and search say about one API operation. */
export interface OperationSummary {
  id: string;
  method: string;
  path: string;
  route: string;
  summary: string;
  tag?: string;
  deprecated?: boolean;
}

export function summarizeOperations(pages: readonly Page[]): OperationSummary[] {
  return pages.flatMap((page) => {
    // Webhooks are listed apart (buildMetaIndex): their `path` is a name, not a URL path.
    if (page.body.type !== 'api-operation' || page.body.operation.webhook) return [];
    const op = page.body.operation;
    return [
      {
        id: page.id,
        method: op.method.toUpperCase(),
        path: op.path,
        route: page.route,
        summary: page.title,
        tag: op.tags[0],
        deprecated: op.deprecated || undefined,
      },
    ];
  });
}
