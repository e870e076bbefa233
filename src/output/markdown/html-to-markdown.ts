/**
 * The Markdown of a page's rendered HTML body, for the `.md` twins agents read: parsed with parse5
 * (hast-util-from-html), turned into mdast (hast-util-to-mdast) and written with GFM tables, task
 * lists and strikethrough (mdast-util-to-markdown). Only the page chrome our own pipeline adds is
 * taken out first: heading hash links, copy buttons and the doc-card placeholder; admonitions
 * become block quotes with their title in bold. Links stay as rendered (baseUrl-joined routes).
 */
import { fromHtml } from 'hast-util-from-html';
import { toMdast } from 'hast-util-to-mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { gfmToMarkdown } from 'mdast-util-gfm';
import type { Element, Root, RootContent } from 'hast';

const classes = (node: Element): string[] => {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
};

/** Drops page chrome and rewrites admonitions, in place on a freshly parsed tree. */
function cleanUp(parent: Root | Element): void {
  parent.children = parent.children.filter((child: RootContent) => {
    if (child.type !== 'element') return true;
    const names = classes(child);
    if (child.tagName === 'button' || names.includes('hash-link') || child.tagName.startsWith('docsgen-')) return false;
    if (child.tagName === 'aside' && names.includes('admonition')) {
      child.tagName = 'blockquote';
      const title = child.children.find(
        (c): c is Element => c.type === 'element' && classes(c).includes('admonition-title'),
      );
      if (title) title.children = [{ type: 'element', tagName: 'strong', properties: {}, children: title.children }];
    }
    cleanUp(child);
    return true;
  });
}

export function htmlToMarkdown(html: string): string {
  const tree = fromHtml(html, { fragment: true });
  cleanUp(tree);
  return toMarkdown(toMdast(tree), { extensions: [gfmToMarkdown()], bullet: '-', fences: true }).trim();
}
