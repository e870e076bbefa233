import { errorDiagnostic, warningDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { localId } from './build-version-nav.js';
import type { BrokenLinkSeverity } from '../config/schema.js';
import type { LinkRef, Page } from '../model.js';
import type { RouteTable } from './build-route-table.js';

/** What a broken link and a broken anchor do, for the site's Markdown and for API descriptions. */
export interface LinkPolicy {
  site: { onBrokenLinks: BrokenLinkSeverity; onBrokenAnchors: BrokenLinkSeverity };
  api: { onBrokenLinks: BrokenLinkSeverity; onBrokenAnchors: BrokenLinkSeverity };
}

/** The defaults: the site's own Markdown fails the build, an API description only warns. */
export const DEFAULT_LINK_POLICY: LinkPolicy = {
  site: { onBrokenLinks: 'throw', onBrokenAnchors: 'throw' },
  api: { onBrokenLinks: 'warn', onBrokenAnchors: 'warn' },
};

const REDOC_HINT =
  "Redoc-style anchors (#tag/…, #operation/{operationId}, #section/…, #schema/…) are resolved to the tag's section of the overview, the operation's page or the schema's page: check the name.";

/**
 * Checks in-site links against the routes and the ids each page has (Docusaurus' onBrokenLinks
 * and onBrokenAnchors). Links in API descriptions follow `policy.api` and are reported at their
 * JSON pointer. `extraRoutes` are generated files such as the downloadable API description.
 * Links under `unbuiltPrefixes` (the API reference when its description did not load; the route
 * of a page left out for a clash, whose anchors belong to another page) are not checked: that
 * error is reported once, by the stage that found it.
 */
export function checkLinks(
  table: RouteTable,
  extraRoutes: ReadonlySet<string>,
  policy: LinkPolicy = DEFAULT_LINK_POLICY,
  unbuiltPrefixes: readonly string[] = [],
): Diagnostic[] {
  const unbuilt = (route: string) =>
    unbuiltPrefixes.some((prefix) => route === prefix || route.startsWith(`${prefix}/`));
  const diagnostics: Diagnostic[] = [];
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (route: string) => {
    let set = anchorsOf.get(route);
    if (!set) anchorsOf.set(route, (set = new Set(table.byRoute.get(route)?.anchors ?? [])));
    return set;
  };
  for (const page of table.pages) {
    const api = page.kind.startsWith('api-');
    const { onBrokenLinks, onBrokenAnchors } = api ? policy.api : policy.site;
    for (const link of page.links) {
      const route = link.route || page.route;
      if (!table.byRoute.has(route)) {
        if (!extraRoutes.has(route) && !unbuilt(route))
          push(diagnostics, onBrokenLinks, brokenLink(page, link, route, table));
      } else if (link.hash && !unbuilt(route) && !anchors(route).has(link.hash)) {
        push(diagnostics, onBrokenAnchors, brokenAnchor(page, link, route));
      }
    }
  }
  return diagnostics;
}

/**
 * Links to Markdown files are resolved, and DG401 reported, while pages are parsed (with no
 * config at hand): here they take the site's onBrokenLinks like every other broken link.
 */
export function applyMarkdownLinkPolicy(
  diagnostics: readonly Diagnostic[],
  severity: BrokenLinkSeverity,
): Diagnostic[] {
  if (severity === 'throw') return [...diagnostics];
  return diagnostics.flatMap((diagnostic) =>
    diagnostic.code !== 'DG401'
      ? [diagnostic]
      : severity === 'ignore'
        ? []
        : [{ ...diagnostic, severity: 'warning' as const }],
  );
}

function push(diagnostics: Diagnostic[], severity: BrokenLinkSeverity, diagnostic: Omit<Diagnostic, 'severity'>): void {
  if (severity !== 'ignore') diagnostics.push({ ...diagnostic, severity: severity === 'throw' ? 'error' : 'warning' });
}

function where(page: Page, link: LinkRef): Pick<Diagnostic, 'file' | 'line' | 'column' | 'pointer'> {
  const at = { file: link.file ?? page.sourcePath ?? page.route, line: link.line, column: link.column };
  return link.pointer ? { ...at, pointer: link.pointer } : at;
}

function brokenLink(page: Page, link: LinkRef, route: string, table: RouteTable): Omit<Diagnostic, 'severity'> {
  const hint = suggest(route, table);
  return {
    code: 'DG402',
    message: `Broken link "${link.raw}": no page at ${route}`,
    ...where(page, link),
    ...(hint ? { hint } : {}),
  };
}

function brokenAnchor(page: Page, link: LinkRef, route: string): Omit<Diagnostic, 'severity'> {
  const redoc = /^(tag|operation|section|schema|model)\//.test(link.hash ?? '');
  return {
    code: 'DG405',
    message: `Broken anchor "${link.raw}": ${route} has no heading or element with id "${link.hash}"`,
    ...where(page, link),
    hint: redoc ? REDOC_HINT : 'Anchors are GitHub-style slugs of headings, e.g. "## Rate limits" → #rate-limits.',
  };
}

function suggest(route: string, table: RouteTable): string | undefined {
  const last = route.split('/').pop() ?? '';
  const match =
    table.pages.find((page) => page.route.endsWith(`/${last}`)) ??
    table.pages.find((page) => last && page.route.includes(last.slice(0, 4)));
  return match ? `Did you mean "${match.route}"?` : undefined;
}

/**
 * A URL link (`/docs/x`) in a doc that lands on another docs version's page while the doc's own
 * version has that doc too (DG412, warning). Docusaurus leaves such links as written, and so does
 * docsgen, but they are how versioned docs silently send readers of 1.0 to 2.x: written when the
 * doc was current, they kept pointing at whatever is now the last version. A link to a doc the
 * page's version lacks is deliberate (there is nowhere else to go) and is not reported.
 */
export function checkCrossVersionLinks(table: RouteTable): Diagnostic[] {
  const versionOf = (page: Page) => page.version ?? 'current';
  const inVersion = new Map<string, Map<string, Page>>();
  for (const page of table.pages)
    if (page.docMeta) {
      const own = inVersion.get(versionOf(page)) ?? new Map<string, Page>();
      inVersion.set(versionOf(page), own.set(localId(page), page));
    }
  if (inVersion.size < 2) return [];
  return table.pages.flatMap((page) =>
    !page.docMeta
      ? []
      : page.links.flatMap((link) => {
          const target = link.raw.startsWith('/') ? table.byRoute.get(link.route) : undefined;
          if (!target?.docMeta || versionOf(target) === versionOf(page)) return [];
          const own = inVersion.get(versionOf(page))?.get(localId(target));
          if (!own) return [];
          return [
            warningDiagnostic(
              'DG412',
              `Link "${link.raw}" in a doc of docs version "${versionOf(page)}" goes to the page of version "${versionOf(target)}"; this version's page is ${own.route}`,
              {
                ...where(page, link),
                hint: `Link the Markdown file (a relative path to ${localId(target)}.md) so that the link follows the version, or ${own.route} for this version's page.`,
              },
            ),
          ];
        }),
  );
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

/** `pagination_prev`/`pagination_next` front matter that names a doc id no page has. */
export function checkPagination(pages: readonly Page[]): Diagnostic[] {
  const ids = new Set(pages.filter((page) => page.docMeta).map((page) => page.id));
  const diagnostics: Diagnostic[] = [];
  for (const page of pages) {
    for (const [key, id] of [
      ['pagination_prev', page.docMeta?.paginationPrev],
      ['pagination_next', page.docMeta?.paginationNext],
    ] as const) {
      if (typeof id !== 'string' || ids.has(id)) continue;
      // A versioned doc's ids are its version's (stored as `version-1.0/…`): say them as written.
      const prefix = page.version ? `version-${page.version}/` : '';
      const written = id.slice(prefix.length);
      const inVersion = page.version ? ` in docs version "${page.version}"` : '';
      const tail = id.split('/').pop();
      const near = pages
        .find((other) => other.docMeta && other.version === page.version && other.id.split('/').pop() === tail)
        ?.id.slice(prefix.length);
      diagnostics.push(
        errorDiagnostic('DG411', `Front matter ${key} names the doc "${written}", which does not exist${inVersion}`, {
          file: page.sourcePath ?? page.route,
          line: 1,
          hint: near ? `Did you mean "${near}"?` : 'Doc ids are paths under the content folder without extension.',
        }),
      );
    }
  }
  return diagnostics;
}
