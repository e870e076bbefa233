import { dirname, join, relative, sep } from 'node:path';
import type { DocRoutes } from '../doc-routes.js';

/** Where a page's Markdown links to other Markdown files are looked for. */
export interface MarkdownLinkBase {
  /** Absolute path of the page's file. */
  absolutePath: string;
  /** Absolute path of its docs version's folder (the docs folder, or versioned_docs/version-{name}). */
  contentRoot?: string;
  /** Absolute path of the site root (for `@site/` and as Docusaurus' last resort). */
  siteRoot?: string;
}

/**
 * The files a link to a Markdown file may mean, in the order Docusaurus tries them
 * (resolveMarkdownLinkPathname): `./x.md` and `../x.md` from the page's folder; `/x.md` from the
 * folder of the page's docs version, then the site root; a bare `x.md` from the page's folder,
 * then its version's folder, then the site root; `@site/x.md` from the site root. So a link in
 * versioned_docs/version-1.0/ stays in version 1.0.
 */
export function markdownLinkCandidates(pathPart: string, base: MarkdownLinkBase): string[] {
  const path = decodeURIComponent(pathPart);
  const here = dirname(base.absolutePath);
  const roots = [base.contentRoot, base.siteRoot].filter((root): root is string => root !== undefined);
  if (path.startsWith('@site/')) return base.siteRoot ? [join(base.siteRoot, path.slice('@site/'.length))] : [];
  if (path.startsWith('/')) return roots.map((root) => join(root, path));
  if (path.startsWith('./') || path.startsWith('../')) return [join(here, path)];
  return [join(here, path), ...roots.map((root) => join(root, path))];
}

/** The route of the first candidate that is a page, or undefined. */
export function resolveMarkdownLink(
  pathPart: string,
  base: MarkdownLinkBase,
  docRoutes: DocRoutes,
): string | undefined {
  for (const candidate of markdownLinkCandidates(pathPart, base)) {
    const route = docRoutes.routeOf(candidate);
    if (route !== undefined) return route;
  }
  return undefined;
}

/**
 * Pages of other docs versions at the same place inside their version as the file a broken link
 * meant (`getting-started/auth.md` of 2.1 for a link in 1.0), for the hint: the doc was added
 * after the version was cut, or removed before.
 */
export function sameDocElsewhere(pathPart: string, base: MarkdownLinkBase, docRoutes: DocRoutes): string[] {
  if (!base.contentRoot) return [];
  const meant = markdownLinkCandidates(pathPart, base)[0];
  const inside = meant && relative(base.contentRoot, meant);
  if (!inside || inside.startsWith('..')) return [];
  return docRoutes.routesEndingWith(`${sep}${inside}`);
}
