import { visit } from 'unist-util-visit';
import { dirname, resolve } from 'node:path';
import type { Root, Element } from 'hast';
import type { VFile } from 'vfile';
import { contextOf, type MarkdownContext } from '../markdown-context.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { resolveMarkdownLink, sameDocElsewhere, type MarkdownLinkBase } from './resolve-markdown-link.js';
import { joinBase } from '../../shared/url.js';

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Rewrites links: external ones open in a new tab with a visually hidden '(opens in new tab)';
 * links to .md files become routes; in-site routes get the baseUrl. In-site links are recorded
 * (with their line) so the link checker can fail the build on a missing page or anchor.
 */
export function rehypeLinks() {
  return (tree: Root, file: VFile) => {
    const context = contextOf(file);
    visit(tree, 'element', (node: Element) => rewriteLink(node, context));
  };
}

/** The per-element step of `rehypeLinks` (see rehype-docsgen-elements.ts). */
export function rewriteLink(node: Element, context: MarkdownContext): void {
  if (node.tagName === 'a' && typeof node.properties.href === 'string') rewriteAnchor(node, context);
  if (node.tagName === 'img' && typeof node.properties.src === 'string') rewriteImage(node, context);
}

function line(node: Element, context: MarkdownContext): { line?: number; column?: number } {
  const start = node.position?.start;
  return start ? { line: start.line + context.lineOffset, column: start.column } : {};
}

function rewriteAnchor(node: Element, context: MarkdownContext): void {
  const href = node.properties.href as string;
  if (/^https?:\/\//i.test(href)) {
    node.properties.target = '_blank';
    node.properties.rel = ['noopener', 'noreferrer'];
    node.children.push({
      type: 'element',
      tagName: 'span',
      properties: { className: ['sr-only'] },
      children: [{ type: 'text', value: ' (opens in new tab)' }],
    });
    return;
  }
  if (EXTERNAL.test(href)) return; // mailto:, tel: …
  const [pathPart, hash] = splitHash(href);
  const elsewhere = !pathPart && hash ? context.resolveFragment?.(hash) : undefined;
  if (elsewhere) {
    context.links.push({ ...elsewhere, raw: href, ...line(node, context) });
    node.properties.href = joinBase(context.baseUrl, elsewhere.route) + (elsewhere.hash ? `#${elsewhere.hash}` : '');
    return;
  }
  if (!pathPart) {
    context.links.push({ route: '', hash, raw: href, ...line(node, context) });
    return;
  }
  let route: string | undefined;
  if (/\.mdx?$/.test(pathPart)) {
    if (!context.absolutePath) return;
    const base = { absolutePath: context.absolutePath, contentRoot: context.contentRoot, siteRoot: context.siteRoot };
    route = resolveMarkdownLink(pathPart, base, context.docRoutes);
    if (route === undefined) {
      context.diagnostics.push(brokenMarkdownLink(href, pathPart, { node, context, base }));
      return;
    }
  } else if (pathPart.startsWith('/')) {
    route = pathPart.replace(/\/+$/, '') || '/';
  } else {
    return; // a relative link to a non-Markdown file is left alone
  }
  context.links.push({ route, hash, raw: href, ...line(node, context) });
  node.properties.href = joinBase(context.baseUrl, route) + (hash ? `#${hash}` : '');
}

/**
 * DG401: a link to a Markdown file no page comes from. Its severity is the config's onBrokenLinks
 * (applied by the build). In a docs version, the hint names that doc in the other versions: a link
 * never silently leaves the page's version.
 */
function brokenMarkdownLink(
  href: string,
  pathPart: string,
  { node, context, base }: { node: Element; context: MarkdownContext; base: MarkdownLinkBase },
): Diagnostic {
  const elsewhere = sameDocElsewhere(pathPart, base, context.docRoutes);
  return {
    code: 'DG401',
    severity: 'error',
    message: `Broken link "${href}": no Markdown page at ${pathPart}`,
    file: context.sourcePath,
    ...line(node, context),
    hint: elsewhere.length
      ? `This docs version has no such doc; other versions have it at ${elsewhere.join(', ')}. Link one of those URLs if you mean another version, or remove the link.`
      : "Relative paths start at the page's folder; paths starting with / at the docs folder of the page's version.",
  };
}

function rewriteImage(node: Element, context: MarkdownContext): void {
  const src = node.properties.src as string;
  if (EXTERNAL.test(src) || src.startsWith('//') || src.startsWith('data:')) return;
  if (src.startsWith('/')) {
    node.properties.src = joinBase(context.baseUrl, src); // a file of static/, copied as is
    return;
  }
  if (!context.absolutePath) return;
  const source = resolve(dirname(context.absolutePath), decodeURIComponent(src));
  context.assets.push({ source, ...line(node, context) });
  node.properties.src = context.assetUrl(source);
  node.properties.loading = 'lazy';
  node.properties.decoding = 'async';
}

function splitHash(href: string): [string, string | undefined] {
  const index = href.indexOf('#');
  if (index === -1) return [href, undefined];
  return [href.slice(0, index), decodeURIComponent(href.slice(index + 1)) || undefined];
}
