/**
 * The Markdown of a page's rendered HTML body, for the `.md` twins agents read: parsed with parse5
 * (`htmlTreeWithoutPositions`), turned into mdast (hast-util-to-mdast) and written with GFM tables, task
 * lists and strikethrough (mdast-util-to-markdown). Only the page chrome our own pipeline adds is
 * taken out first: heading hash links, copy buttons and the doc-card placeholder; admonitions
 * become block quotes with their title in bold. Links stay as rendered (baseUrl-joined routes).
 */
import { toMdast } from 'hast-util-to-mdast';
import { toMarkdown, type Options as ToMarkdownOptions } from 'mdast-util-to-markdown';
import { gfmToMarkdown } from 'mdast-util-gfm';
import type { Element, Root, RootContent } from 'hast';
import type { Code } from 'mdast';
import { visit } from 'unist-util-visit';
import { decodeEntities } from './html-text.js';
import { htmlTreeWithoutPositions } from './html-tree.js';

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
 * The highlighted body of a code block as `renderCodeBlockHtml` writes it: its only tags are
 * highlight.js' spans (and the line spans of numbered or highlighted lines).
 */
const CODE_BODY =
  /(<pre tabindex="0"><code class="hljs language-[\w+#.-]+">)((?:[^<]|<span class="[\w -]*">|<\/span>)*)(<\/code><\/pre>)/g;
const LONE_CODE_BLOCK =
  /^<div class="code-block" data-language="([\w+#.-]+)"><div class="code-scroll"><pre tabindex="0"><code class="hljs language-\1">((?:[^<]|<span class="[\w -]*">|<\/span>)*)<\/code><\/pre><button type="button" class="copy-button" data-copy aria-label="Copy code to clipboard" title="Copy">Copy<\/button><\/div><\/div>$/;
/** Characters an HTML parser passes through unchanged (no CR, NUL, controls or lone surrogates). */
const PLAIN_TEXT = /^(?:[\t\n\x20-\x7e\xa0-\ud7ff\ue000-\ufdcf\ufdf0-\ufffd]|[\ud800-\udbff][\udc00-\udfff])*$/;
/** Stands for the code of block N while the rest of the page is parsed (private-use characters). */
const PLACEHOLDER = /^\uf8ff(\d+)\uf8ff$/;

/** The text of a highlighted code body, when an HTML parser would read the same (else undefined). */
function codeText(body: string): string | undefined {
  const text = decodeEntities(body.replace(/<[^>]*>/g, ''));
  return /\S/.test(text) && PLAIN_TEXT.test(text) ? text : undefined;
}

/** What hast-util-to-mdast makes of a `<pre>`'s text: trailing line endings dropped. */
const codeValue = (text: string) => text.replace(/\n+$/, '');

/**
 * A lone highlighted code block (an API operation's example or curl sample), read straight from
 * its markup without parsing it at all.
 */
export function loneCodeBlockMarkdown(html: string): string | undefined {
  const match = LONE_CODE_BLOCK.exec(html);
  const text = match ? codeText(match[2]) : undefined;
  if (text === undefined) return undefined;
  return toMarkdown({ type: 'code', lang: match![1], meta: null, value: codeValue(text) }, MARKDOWN_OPTIONS).trim();
}

/**
 * Code blocks are where pages have most of their elements (one span per token): parse5,
 * hast-util-to-mdast's clone and whitespace pass over them were most of the time of the twins
 * (12 of 21 s on the 660-operation multi-file bench). Their text is read from the markup instead
 * and the page is parsed with a placeholder in each, swapped for the text in the mdast. A body
 * an HTML parser would read differently (CR, NUL, controls) is left in place and parsed.
 */
export function htmlToMarkdown(html: string): string {
  const lone = loneCodeBlockMarkdown(html);
  if (lone !== undefined) return lone;
  if (html.includes('\uf8ff')) return parsedHtmlToMarkdown(html);
  const codes: string[] = [];
  const light = html.replace(CODE_BODY, (whole, open: string, body: string, close: string) => {
    const text = codeText(body);
    if (text === undefined) return whole;
    codes.push(text);
    return `${open}\uf8ff${codes.length - 1}\uf8ff${close}`;
  });
  const markdown = treeToMarkdown(light, (code) => {
    const placeholder = PLACEHOLDER.exec(code.value);
    if (placeholder) code.value = codeValue(codes[Number(placeholder[1])]);
  });
  // A block the conversion did not keep as a code block (inside a table cell, say) is parsed whole.
  return markdown.includes('\uf8ff') ? parsedHtmlToMarkdown(html) : markdown;
}

/** The general path alone: parse5, hast-util-to-mdast, mdast-util-to-markdown. */
export function parsedHtmlToMarkdown(html: string): string {
  return treeToMarkdown(html);
}

function treeToMarkdown(html: string, eachCode?: (code: Code) => void): string {
  const tree = htmlTreeWithoutPositions(html);
  cleanUp(tree);
  const mdast = toMdast(tree);
  if (eachCode) visit(mdast, 'code', eachCode);
  return toMarkdown(mdast, MARKDOWN_OPTIONS).trim();
}
