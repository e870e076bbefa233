import { visit, SKIP } from 'unist-util-visit';
import type { Root, PhrasingContent } from 'mdast';
import type { VFile } from 'vfile';
import { contextOf } from '../markdown-context.js';
import { ADMONITION_TYPES, isAdmonitionType } from '../docusaurus/admonition-types.js';

/** Docs features: directives that only make sense on a page that belongs to a sidebar. */
export const DOC_CARD_LIST = 'doc-card-list';
export const DOC_CARD_LIST_PLACEHOLDER = '<docsgen-doc-card-list></docsgen-doc-card-list>';

type Position = { start: { line: number; column: number; offset?: number }; end: { offset?: number } };

/** The `{…}` attributes of a directive as written (remark-directive parses them into an object). */
function writtenAttributes(node: { position?: Position }, source: string): string {
  const { start, end } = node.position ?? {};
  if (start?.offset === undefined || end?.offset === undefined) return '';
  return /\{[^{}]*\}$/.exec(source.slice(start.offset, end.offset))?.[0] ?? '';
}

/** A `::leaf` or labelled `:text[…]{…}` directive docsgen does not know: shown as written, with a warning. */
function unknownDirective(
  name: string,
  position: Position | undefined,
  context: { sourcePath?: string; lineOffset: number },
) {
  return {
    code: 'DG212',
    severity: 'warning' as const,
    message: `Unknown directive "${name}": shown as its text`,
    file: context.sourcePath,
    line: position ? position.start.line + context.lineOffset : undefined,
    column: position?.start.column,
    hint: `docsgen knows the admonitions (${ADMONITION_TYPES.map((type) => `:::${type}`).join(', ')}) and ::doc-card-list. If it is text, put a backslash before each of its colons (\\:); for an embed or an abbreviation, use a component in an .mdx page.`,
  };
}

/**
 * `::doc-card-list` renders cards for the other items of the page's sidebar category (filled in
 * at render time, when sidebars are known). Every other directive that docsgen does not know is
 * turned back into its text as written, so prose like "ratio 3:1" or "see :foo" is never swallowed;
 * one with a label or attributes, or on a line of its own (`::youtube{#id}`), is DG212 too, as
 * Docusaurus warns of unused directives.
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
        const attributes = writtenAttributes(node, String(file.value));
        const replacement: PhrasingContent[] = [{ type: 'text', value: `${prefix}${node.name}` }];
        if (children.length) replacement.push({ type: 'text', value: '[' }, ...children, { type: 'text', value: ']' });
        if (attributes) replacement.push({ type: 'text', value: attributes });
        // `see :foo` is prose (Docusaurus restores it silently too); anything more was meant as a directive.
        if (node.type === 'leafDirective' || children.length || attributes)
          context.diagnostics.push(unknownDirective(`${prefix}${node.name}`, node.position, context));
        // A leaf becomes one paragraph; a text directive, its pieces of text. The visit goes on after them.
        const inserted = node.type === 'leafDirective' ? [{ type: 'paragraph', children: replacement }] : replacement;
        parent.children.splice(index, 1, ...(inserted as never[]));
        return [SKIP, index + inserted.length];
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
