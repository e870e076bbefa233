import { visit } from 'unist-util-visit';
import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { contextOf } from '../markdown-context.js';
import { headingAnchors } from './rehype-heading-anchors.js';
import { rewriteLink } from './rehype-links.js';
import { labelTaskCheckbox } from './rehype-task-list-labels.js';
import { codeBlockStep } from './rehype-code-blocks.js';

/**
 * `rehypeHeadingAnchors`, `rehypeLinks`, `rehypeCodeBlocks` and `rehypeTaskListLabels` in one walk
 * of the tree instead of four: unist-util-visit's bookkeeping for every node was a large part of
 * what they cost on a large site. Each element gets the four steps in the plugins' order, before its
 * children are walked, so each step sees what it saw in its own walk: a heading's text before the
 * links add their "(opens in new tab)", the hash link a heading gets is then rewritten as a link,
 * and a code block's `pre` is replaced, children and all, once the others have looked at it. The
 * code blocks' notices follow the links' diagnostics, as with the four walks.
 */
export function rehypeDocsgenElements() {
  return (tree: Root, file: VFile) => {
    const context = contextOf(file);
    const anchorElement = headingAnchors(context);
    const notices: Diagnostic[] = [];
    const codeBlock = codeBlockStep(context, notices);
    visit(tree, 'element', (node: Element, index, parent) => {
      anchorElement(node, parent);
      rewriteLink(node, context);
      labelTaskCheckbox(node);
      return codeBlock(node, index, parent);
    });
    context.diagnostics.push(...notices);
  };
}
