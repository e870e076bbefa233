import { visit, SKIP } from 'unist-util-visit';
import type { Root, PhrasingContent } from 'mdast';
import type { VFile } from 'vfile';
import { contextOf } from '../markdown-context.js';
import { ADMONITION_TYPES, isAdmonitionType } from '../docusaurus/admonition-types.js';

/** Docs features: directives that only make sense on a page that belongs to a sidebar. */
export const DOC_CARD_LIST = 'doc-card-list';
export const DOC_CARD_LIST_PLACEHOLDER = '<docsgen-doc-card-list></docsgen-doc-card-list>';

/**
 * `::doc-card-list` renders cards for the other items of the page's sidebar category (filled in
 * at render time, when sidebars are known). Every other directive that docsgen does not know is
 * turned back into its text, so prose like "ratio 3:1" or "see :foo" is never swallowed.
 */
export function remarkDocsFeatures() {
  return (tree: Root, file: VFile) => {
    const context = contextOf(file);
    visit(tree, (node, index, parent) => {
      if (node.type === 'leafDirective' && node.name === DOC_CARD_LIST) {
        context.docsFeatures.push({ name: DOC_CARD_LIST, line: node.position?.start.line });
        const html = node as unknown as { type: string; value: string };
        html.type = 'html';
        html.value = DOC_CARD_LIST_PLACEHOLDER;
        return SKIP;
      }
      if ((node.type === 'textDirective' || node.type === 'leafDirective') && parent && index !== undefined) {
        const prefix = node.type === 'textDirective' ? ':' : '::';
        const children = node.children as PhrasingContent[];
        const replacement: PhrasingContent[] = [{ type: 'text', value: `${prefix}${node.name}` }];
        if (children.length) replacement.push({ type: 'text', value: '[' }, ...children, { type: 'text', value: ']' });
        if (node.type === 'leafDirective')
          parent.children.splice(index, 1, { type: 'paragraph', children: replacement } as never);
        else parent.children.splice(index, 1, ...(replacement as never[]));
        return [SKIP, index + replacement.length];
      }
      if (node.type === 'containerDirective' && !isAdmonitionType(node.name)) {
        context.diagnostics.push({
          code: 'DG203',
          severity: 'error',
          message: `Unknown block directive ":::${node.name}"`,
          file: context.sourcePath,
          line: node.position ? node.position.start.line + context.lineOffset : undefined,
          column: node.position?.start.column,
          hint: `Admonitions are ${ADMONITION_TYPES.join(', ')}.`,
        });
      }
      return undefined;
    });
  };
}
