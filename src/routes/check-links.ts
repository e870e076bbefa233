import { errorDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { RouteTable } from './build-route-table.js';

/**
 * Fails the build on in-site links to a missing page or a missing heading (Docusaurus'
 * onBrokenLinks: 'throw', extended to anchors). `extraRoutes` are generated files such as the
 * downloadable API description and static files.
 */
export function checkLinks(table: RouteTable, extraRoutes: ReadonlySet<string>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (route: string) => {
    let set = anchorsOf.get(route);
    if (!set) anchorsOf.set(route, (set = new Set(table.byRoute.get(route)?.anchors ?? [])));
    return set;
  };
  for (const page of table.pages) {
    for (const link of page.links) {
      const route = link.route || page.route;
      const where = { file: page.sourcePath ?? page.route, line: link.line, column: link.column };
      if (!table.byRoute.has(route)) {
        if (extraRoutes.has(route)) continue;
        diagnostics.push(
          errorDiagnostic('DG402', `Broken link "${link.raw}": no page at ${route}`, {
            ...where,
            hint: suggest(route, table),
          }),
        );
        continue;
      }
      if (link.hash && !anchors(route).has(link.hash)) {
        diagnostics.push(
          errorDiagnostic(
            'DG405',
            `Broken anchor "${link.raw}": ${route} has no heading or element with id "${link.hash}"`,
            { ...where, hint: 'Anchors are GitHub-style slugs of headings, e.g. "## Rate limits" → #rate-limits.' },
          ),
        );
      }
    }
  }
  return diagnostics;
}

function suggest(route: string, table: RouteTable): string | undefined {
  const last = route.split('/').pop() ?? '';
  const match =
    table.pages.find((page) => page.route.endsWith(`/${last}`)) ??
    table.pages.find((page) => last && page.route.includes(last.slice(0, 4)));
  return match ? `Did you mean "${match.route}"?` : undefined;
}

/** Docs features (like `::doc-card-list`) need the page to be in a sidebar. */
export function checkDocsFeatures(table: RouteTable): Diagnostic[] {
  return table.pages.flatMap((page) =>
    page.docsFeatures.length && !table.sidebarOf.has(page.route)
      ? page.docsFeatures.map((feature) =>
          errorDiagnostic(
            'DG406',
            `No active docs plugin found for the path "${page.route}": "::${feature.name}" is a docs feature and only works on a docs page (a page listed in a sidebar).`,
            {
              file: page.sourcePath,
              line: feature.line,
              hint: 'Add the page to a sidebar in site.config.ts or remove the directive.',
            },
          ),
        )
      : [],
  );
}
