/**
 * A description's Markdown as written, with its link and image destinations rewritten the way the
 * HTML of the same description rewrites them (rehype-links): a Redoc-style fragment (`#tag/…`,
 * `#operation/…`) or a site path (`/guides/usage#x`) becomes the baseUrl-joined URL the page links
 * to, a `/img/…` image gets the baseUrl. Everything else stays byte for byte: the Markdown twin of
 * an operation carries this instead of its HTML converted back to Markdown (which was most of the
 * twins' time on large APIs), and its links lead where the page's do.
 */
import type { Definition, Image, Link, Root } from 'mdast';
import { normalizeUri } from 'micromark-util-sanitize-uri';
import { visit } from 'unist-util-visit';
import type { LinkRef } from '../model.js';
import { joinBase } from '../shared/url.js';

type Destination = Link | Image | Definition;

interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * `markdown` with the destinations rewritten; `tree` is its mdast as parsed (with positions) and
 * `links` the in-site links the HTML rendering recorded (`raw` as the HTML had it before rewriting).
 */
export function descriptionMarkdown(markdown: string, tree: Root, links: readonly LinkRef[], baseUrl: string): string {
  const targets = new Map(
    links
      .filter((link) => link.route !== '')
      .map((link) => [link.raw, joinBase(baseUrl, link.route) + (link.hash ? `#${link.hash}` : '')]),
  );
  const edits: Edit[] = [];
  visit(tree, (node) => {
    if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return;
    const destination = node as Destination;
    const target = targetOf(destination, targets, baseUrl);
    const edit = target === undefined ? undefined : destinationEdit(markdown, destination, target);
    if (edit) edits.push(edit);
  });
  if (edits.length === 0) return markdown;
  edits.sort((a, b) => b.start - a.start);
  let out = markdown;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/** Where the HTML sends this link or image, when that differs from what is written. */
function targetOf(node: Destination, targets: ReadonlyMap<string, string>, baseUrl: string): string | undefined {
  // The HTML's href is the URL as mdast-util-to-hast writes it: the links were recorded under it.
  const href = normalizeUri(node.url);
  const target = node.type === 'image' ? undefined : targets.get(href);
  if (target !== undefined) return target === href ? undefined : target;
  // Images (and a definition only an image may use) of `static/`: the baseUrl in front.
  if (node.type !== 'link' && href.startsWith('/') && !href.startsWith('//')) {
    const joined = joinBase(baseUrl, href);
    return joined === href ? undefined : joined;
  }
  return undefined;
}

/** The edit that puts `target` in place of the destination written in the node's source. */
function destinationEdit(markdown: string, node: Destination, target: string): Edit | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  const source = markdown.slice(start, end);
  const at = node.type === 'definition' ? definitionDestination(source) : resourceDestination(source);
  if (at === undefined) return undefined;
  return { start: start + at.start, end: start + at.end, text: formatDestination(target) };
}

/** `[label]: destination "title"`: where the destination is. */
function definitionDestination(source: string): { start: number; end: number } | undefined {
  const match = /^\[(?:[^\]\\]|\\.)*\]:[ \t]*(?:\r?\n[ \t]*)?/.exec(source);
  return match ? destinationAt(source, match[0].length) : undefined;
}

/**
 * `[text](destination "title")` or `![alt](destination)`: the resource is the last `](` of the
 * node (link text may hold images, never links); a reference link (`[text][id]`) has none here.
 */
function resourceDestination(source: string): { start: number; end: number } | undefined {
  const open = source.lastIndexOf('](');
  if (open === -1 || !source.endsWith(')')) return undefined;
  let from = open + 2;
  while (source[from] === ' ' || source[from] === '\t' || source[from] === '\n') from++;
  return destinationAt(source, from);
}

/** The destination starting at `from`: `<…>` as a whole, or a run without spaces and unbalanced `)`. */
function destinationAt(source: string, from: number): { start: number; end: number } | undefined {
  if (source[from] === '<') {
    const close = source.indexOf('>', from);
    return close === -1 ? undefined : { start: from, end: close + 1 };
  }
  let depth = 0;
  let end = from;
  for (; end < source.length; end++) {
    const char = source[end];
    if (char === '\\') end++;
    else if (/\s/.test(char)) break;
    else if (char === '(') depth++;
    else if (char === ')' && depth-- === 0) break;
  }
  return end > from ? { start: from, end } : undefined;
}

/** A destination as Markdown reads it back: in `<…>` when it holds spaces, `<`, `>` or unbalanced parentheses. */
function formatDestination(url: string): string {
  let depth = 0;
  for (const char of url) {
    if (char === '(') depth++;
    else if (char === ')' && --depth < 0) break;
  }
  const bare = depth === 0 && !/[\s<>]/.test(url);
  return bare ? url : `<${url.replace(/[<>]/g, encodeURIComponent)}>`;
}
