/**
 * Plain text out of HTML syntax trees (hast): the text of a page, of an API description and of a
 * page's search sections. The trees are the pipeline's own or, for HTML that only exists as a
 * string (an MDX page rendered by React, a body read back from a scratch file), parsed once with
 * parse5 (`htmlTree`). Text nodes are already decoded: no character references to undo.
 */
import type { Element, Nodes, Root } from 'hast';
import { htmlTreeWithoutPositions } from './html-tree.js';
import { decodeEntities } from './html-text.js';

/**
 * What an element gives the text: `skip` nothing (a space stands in), `drop` nothing at all,
 * `block` its text between spaces, `inline` its text as is; a string is its text instead.
 */
type Part = 'skip' | 'drop' | 'block' | 'inline' | { text: string };
type ElementRule = (element: Element) => Part;

const classesOf = (element: Element): readonly unknown[] => {
  const className = element.properties.className;
  return Array.isArray(className) ? className : [];
};

/** The parse of an HTML fragment (the body of a page or of a description), without source positions (html-tree.ts). */
export const htmlTree = htmlTreeWithoutPositions;

/** Emits the text of `node` as `rule` says, in document order; raw HTML nodes (a page's inline HTML) are parsed first. */
function emitText(node: Nodes, rule: ElementRule, emit: (text: string) => void): void {
  if (node.type === 'text') emit(node.value);
  else if (node.type === 'raw') {
    // Inline HTML of a trusted page, one tag per node at times (`<kbd>`, then `</kbd>`, which parses
    // to nothing): like any element in the page text, it is a word boundary.
    emit(' ');
    const simple = rule === pageTextRule ? simpleMarkupText(node.value) : undefined;
    if (simple) for (const part of simple) emit(part);
    else emitText(htmlTree(node.value), rule, emit);
    emit(' ');
  } else if (node.type === 'root') for (const child of node.children) emitText(child, rule, emit);
  else if (node.type === 'element') {
    const part = rule(node);
    if (typeof part === 'object') emit(part.text);
    else if (part === 'skip') emit(' ');
    else if (part !== 'drop') {
      if (part === 'block') emit(' ');
      for (const child of node.children) emitText(child, rule, emit);
      if (part === 'block') emit(' ');
    }
  }
}

/** One token of simple markup: a start or end tag with double-quoted attributes, a character reference, or text. */
const MARKUP_TOKEN =
  /<(\/?)([a-z]+)(?:[\t\n\f\r ]+[a-zA-Z][a-zA-Z-]*(?:="[^"<>]*")?)*[\t\n\f\r ]*>|&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot);|[^<&]+/y;
/** Characters parse5 passes through as they are, or changes into other whitespace only (CR). */
const PLAIN_TEXT = /^(?:[\t\n\r\x20-\x7e\xa0-\ud7ff\ue000-\ufdcf\ufdf0-\ufffd]|[\ud800-\udbff][\udc00-\udfff])*$/;
const BLOCK_TAGS = new Set(['div', 'pre', 'p', 'button']);
const INLINE_TAGS = new Set(['code', 'span']);

/** The character a reference in simple markup stands for, if parse5 reads it as that character. */
function referenceText(reference: string): string | undefined {
  const text = decodeEntities(reference);
  return text !== reference && text !== '\r' && PLAIN_TEXT.test(text) ? text : undefined;
}

/**
 * The page-text parts of a raw HTML node made of our own simple markup (a highlighted code block:
 * divs, a pre, code, spans, a button, a notice paragraph, properly nested), read without parsing it:
 * each tag a word boundary, as `pageTextRule` makes every element, and the text with its references
 * decoded. Parsing each code block with parse5 was ~3% of an L parse worker's time. Anything
 * else (another tag, a block inside a span or paragraph, a button in a button, a stray end tag,
 * KaTeX, text parse5 would change) gives undefined, and the node is parsed.
 */
function simpleMarkupText(html: string): string[] | undefined {
  if (html.includes('katex')) return undefined;
  const parts: string[] = [];
  const open: string[] = [];
  MARKUP_TOKEN.lastIndex = 0;
  for (let match; MARKUP_TOKEN.lastIndex < html.length;) {
    if (!(match = MARKUP_TOKEN.exec(html))) return undefined;
    const [token, closing, tag, reference] = match;
    if (tag !== undefined) {
      const block = BLOCK_TAGS.has(tag);
      if (!block && !INLINE_TAGS.has(tag)) return undefined;
      if (closing) {
        if (open.pop() !== tag) return undefined;
      } else {
        // A block only where every open element is a div: parse5 then closes nothing on its own.
        if (block && open.some((name) => name !== 'div')) return undefined;
        open.push(tag);
      }
      parts.push(' ');
    } else if (reference !== undefined) {
      const text = referenceText(token);
      if (text === undefined) return undefined;
      parts.push(text);
    } else if (PLAIN_TEXT.test(token)) parts.push(token);
    else return undefined;
  }
  return open.length === 0 ? parts : undefined;
}

const collapse = (parts: readonly string[]) => parts.join('').replace(/\s+/g, ' ').trim();

/** The TeX KaTeX keeps in its MathML (`<annotation encoding="application/x-tex">`). */
function texOf(node: Nodes): string | undefined {
  if (node.type === 'element' && node.tagName === 'annotation' && node.properties.encoding === 'application/x-tex')
    return collapse(textParts(node, () => 'inline'));
  if (!('children' in node)) return undefined;
  for (const child of node.children) {
    const tex = texOf(child);
    if (tex !== undefined) return tex;
  }
  return undefined;
}

const textParts = (node: Nodes, rule: ElementRule) => {
  const out: string[] = [];
  emitText(node, rule, (text) => out.push(text));
  return out;
};

/**
 * `Page.text`: every element is a word boundary. KaTeX writes each expression three times (MathML,
 * its TeX annotation, the visible HTML); the text keeps the TeX only.
 */
const pageTextRule: ElementRule = (element) => {
  const classes = classesOf(element);
  if (classes.includes('katex-html')) return 'drop';
  if (classes.includes('katex-mathml')) return { text: texOf(element) ?? '' };
  return 'block';
};

/** A page's plain text (`Page.text`) from its body tree: tags out, math as its TeX, spaces collapsed. */
export function pageTextOf(tree: Nodes): string {
  return collapse(textParts(tree, pageTextRule));
}

const BLOCK = new Set(
  'p div li ul ol tr td th table thead tbody h1 h2 h3 h4 h5 h6 pre blockquote br hr dt dd dl section details summary figure figcaption'.split(
    ' ',
  ),
);
const NOT_TEXT = new Set(['script', 'style', 'svg', 'button']);

/** Search and description text: blocks are word boundaries, inline markup is not; no hash links, scripts or buttons. */
const readingTextRule: ElementRule = (element) => {
  if (NOT_TEXT.has(element.tagName)) return 'skip';
  if (element.tagName === 'a' && classesOf(element).includes('hash-link')) return 'drop';
  return BLOCK.has(element.tagName) ? 'block' : 'inline';
};

/** Text of an HTML tree as a reader sees it: blocks become spaces, inline markup joins, spaces collapsed. */
export function treeText(tree: Nodes): string {
  return collapse(textParts(tree, readingTextRule));
}

/** A description's text: as a reader sees it (`readingTextRule`), with math as its TeX (`pageTextRule`). */
const descriptionTextRule: ElementRule = (element) => {
  const classes = classesOf(element);
  if (classes.includes('katex-html')) return 'drop';
  if (classes.includes('katex-mathml')) return { text: texOf(element) ?? '' };
  return readingTextRule(element);
};

/**
 * The text of the page's first paragraph of prose, as Docusaurus makes a page's description when its
 * front matter gives none (the first line of text, not the headings, code, tabs or buttons around it);
 * '' when the page has no paragraph. Admonition titles are labels, not prose.
 */
export function firstParagraphText(tree: Nodes): string {
  if (tree.type !== 'root' && tree.type !== 'element') return '';
  for (const child of tree.children) {
    if (child.type !== 'element' || NOT_TEXT.has(child.tagName)) continue;
    if (child.tagName === 'p' && !classesOf(child).includes('admonition-title')) {
      const text = collapse(textParts(child, descriptionTextRule));
      if (text) return text;
    }
    const inside = firstParagraphText(child);
    if (inside) return inside;
  }
  return '';
}

/**
 * Texts already read, by HTML: an API reference asks for the text of the same shared parameter and
 * property descriptions once per operation, for its search sections and again for its Markdown twin.
 * Only short fragments are kept, and the whole memo is dropped when it fills up, so memory stays bounded.
 */
const textMemo = new Map<string, string>();
const MEMO_MAX_HTML = 16_384;
const MEMO_MAX_ENTRIES = 20_000;

/** The plain text of an HTML fragment (see `treeText`); the same HTML always gives the same text. */
export function htmlToText(html: string): string {
  if (html.length > MEMO_MAX_HTML) return treeText(htmlTree(html));
  let text = textMemo.get(html);
  if (text === undefined) {
    if (textMemo.size >= MEMO_MAX_ENTRIES) textMemo.clear();
    textMemo.set(html, (text = treeText(htmlTree(html))));
  }
  return text;
}

export interface TextSection {
  /** Heading text ('' for the part before the first heading). */
  heading: string;
  /** Element id of the heading ('' for the intro). */
  anchor: string;
  text: string;
}

/** An h2 or h3 with an id: the levels the table of contents covers, where search sections start. */
const isSectionHeading = (node: Nodes): node is Element =>
  node.type === 'element' &&
  (node.tagName === 'h2' || node.tagName === 'h3') &&
  typeof node.properties.id === 'string' &&
  node.properties.id !== '';

/** Splits a page body at its h2 and h3 headings (at any depth), with the text of each part. */
export function textSections(tree: Root): TextSection[] {
  const sections: { heading: string; anchor: string; parts: string[] }[] = [{ heading: '', anchor: '', parts: [] }];
  // A heading starts a new section as the walk meets it; text goes to the newest section.
  const rule: ElementRule = (element) => {
    if (!isSectionHeading(element)) return readingTextRule(element);
    sections.push({ heading: treeText(element), anchor: String(element.properties.id), parts: [] });
    return 'drop';
  };
  emitText(tree, rule, (text) => sections.at(-1)!.parts.push(text));
  return sections
    .map(({ heading, anchor, parts }) => ({ heading, anchor, text: collapse(parts) }))
    .filter((section, index) => index > 0 || section.text !== '');
}
