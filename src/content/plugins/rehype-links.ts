import { visit } from 'unist-util-visit';
import { dirname, resolve } from 'node:path';
import type { Root, Element } from 'hast';
import type { VFile } from 'vfile';
import { contextOf, type MarkdownContext } from '../markdown-context.js';
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
    visit(tree, 'element', (node: Element) => {
      if (node.tagName === 'a' && typeof node.properties.href === 'string') rewriteAnchor(node, context);
      if (node.tagName === 'img' && typeof node.properties.src === 'string') rewriteImage(node, context);
    });
  };
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
    const target = resolve(dirname(context.absolutePath), decodeURIComponent(pathPart));
    route = context.docRoutes.get(target);
    if (route === undefined) {
      context.diagnostics.push({
        code: 'DG401',
        severity: 'error',
        message: `Broken link "${href}": no Markdown page at ${pathPart}`,
        file: context.sourcePath,
        ...line(node, context),
      });
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
