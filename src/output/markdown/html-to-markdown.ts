/**
 * The Markdown of a page's rendered HTML body, for the `.md` twins agents read: parsed with parse5
 * (hast-util-from-html), turned into mdast (hast-util-to-mdast) and written with GFM tables, task
 * lists and strikethrough (mdast-util-to-markdown). Only the page chrome our own pipeline adds is
 * taken out first: heading hash links, copy buttons and the doc-card placeholder; admonitions
 * become block quotes with their title in bold. Links stay as rendered (baseUrl-joined routes).
 */
import { fromHtml } from 'hast-util-from-html';
import { toMdast } from 'hast-util-to-mdast';
import { toMarkdown, type Options as ToMarkdownOptions } from 'mdast-util-to-markdown';
import { gfmToMarkdown } from 'mdast-util-gfm';
import type { Element, Root, RootContent } from 'hast';
import { decodeEntities } from '../../shared/html-text.js';

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

const MARKDOWN_OPTIONS: ToMarkdownOptions = { extensions: [gfmToMarkdown()], bullet: '-', fences: true };

/**
 * A lone code block exactly as `renderCodeBlockHtml` writes it (no title, notice or line numbers):
 * the language and the highlighted body, whose only tags are highlight.js' spans.
 */
const LONE_CODE_BLOCK =
  /^<div class="code-block" data-language="([\w+#.-]+)"><div class="code-scroll"><pre tabindex="0"><code class="hljs language-\1">([^]*)<\/code><\/pre><button type="button" class="copy-button" data-copy aria-label="Copy code to clipboard" title="Copy">Copy<\/button><\/div><\/div>$/;
const OTHER_TAG = /<(?!span class="[\w -]*">|\/span>)/;
/** Characters an HTML parser passes through unchanged (no CR, NUL, controls or lone surrogates). */
const PLAIN_TEXT = /^(?:[\t\n\x20-\x7e\xa0-\ud7ff\ue000-\ufdcf\ufdf0-\ufffd]|[\ud800-\udbff][\udc00-\udfff])*$/;

/**
 * The code of a lone highlighted code block, read straight from its markup: an API operation's
 * example and curl sample are such blocks, and parsing their thousands of spans with parse5 and
 * hast-util-to-mdast was most of the time of the operation twins (12 of 21 s on 660 operations).
 * Anything else (or text an HTML parser would change) takes the general path.
 */
export function loneCodeBlockMarkdown(html: string): string | undefined {
  const match = LONE_CODE_BLOCK.exec(html);
  if (!match || OTHER_TAG.test(match[2])) return undefined;
  const value = decodeEntities(match[2].replace(/<[^>]*>/g, ''));
  if (!PLAIN_TEXT.test(value)) return undefined;
  return toMarkdown(
    { type: 'code', lang: match[1], meta: null, value: value.replace(/\n+$/, '') },
    MARKDOWN_OPTIONS,
  ).trim();
}

export function htmlToMarkdown(html: string): string {
  return loneCodeBlockMarkdown(html) ?? parsedHtmlToMarkdown(html);
}

/** The general path: parse5, hast-util-to-mdast, mdast-util-to-markdown. */
export function parsedHtmlToMarkdown(html: string): string {
  const tree = fromHtml(html, { fragment: true });
  cleanUp(tree);
  return toMarkdown(toMdast(tree), MARKDOWN_OPTIONS).trim();
}
