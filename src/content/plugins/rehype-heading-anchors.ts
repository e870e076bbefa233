import GithubSlugger from 'github-slugger';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import type { Root, Element, Parent } from 'hast';
import type { VFile } from 'vfile';
import { contextOf, type MarkdownContext } from '../markdown-context.js';
import { takeCustomHeadingId } from '../docusaurus/custom-heading-id.js';

const HEADING = /^h[1-6]$/;

/**
 * Gives every heading a unique GitHub-style id (or its Docusaurus `{#custom-id}`, used as written)
 * and a 'Direct link to {heading}' hash link, collects h2–h6 for the table of contents (pages keep
 * the levels they show), the first top-level h1 as the content title, and records every id on the
 * page for anchor checks. Ids the surrounding page reserves (`isReservedId`) get a suffix.
 */
export function rehypeHeadingAnchors() {
  return (tree: Root, file: VFile) => {
    const anchorElement = headingAnchors(contextOf(file));
    visit(tree, 'element', (node: Element, _index, parent) => anchorElement(node, parent));
  };
}

/** The per-element step of `rehypeHeadingAnchors` for one document, in document order (see rehype-docsgen-elements.ts). */
export function headingAnchors(context: MarkdownContext): (node: Element, parent: Parent | undefined) => void {
  const slugger = new GithubSlugger();
  return (node, parent) => {
    if (HEADING.test(node.tagName)) {
      const customId = takeCustomHeadingId(node);
      const text = toString(node).trim();
      let id =
        customId ??
        (typeof node.properties.id === 'string' ? slugger.slug(node.properties.id, true) : slugger.slug(text));
      // A custom id is kept as written; its slug is still reserved so a later heading does not repeat it.
      if (customId) slugger.slug(customId);
      // The slugger's next suffix for the id is free in this document: take it until one is not reserved.
      while (context.isReservedId?.(id)) id = slugger.slug(id, true);
      node.properties.id = id;
      node.children.push({
        type: 'element',
        tagName: 'a',
        properties: {
          className: ['hash-link'],
          href: `#${id}`,
          ariaLabel: `Direct link to ${text}`,
          title: `Direct link to ${text}`,
        },
        children: [{ type: 'text', value: '#' }],
      });
      const depth = Number(node.tagName[1]);
      const hidden = ((node.properties.className as string[] | undefined) ?? []).includes('sr-only');
      if (depth >= 2 && !hidden) context.toc.push({ depth, id, text });
      // As Docusaurus: a top-level h1 in the body is the page's title (nested ones, in an admonition, are not).
      if (depth === 1 && parent?.type === 'root') context.contentTitle ??= text;
    }
    if (typeof node.properties.id === 'string') context.anchors.push(node.properties.id);
  };
}
