import type { Root } from 'hast';
import { fromParse5 } from 'hast-util-from-parse5';
import { parseFragment } from 'parse5';

/**
 * The parse of an HTML fragment (a page body made into its Markdown twin or its search sections): the tree
 * `fromHtml(html, { fragment: true })` gives, parsed with the same parse5 options, without source
 * positions. Nothing that reads these trees asks where a node was, and parse5's location tracking
 * with a position object on every node (cloned again by hast-util-to-mdast) was half the time of the parse.
 */
export const htmlTreeWithoutPositions = (html: string): Root =>
  fromParse5(parseFragment(html, { scriptingEnabled: false })) as Root;
