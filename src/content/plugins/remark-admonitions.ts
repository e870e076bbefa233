import { visit } from 'unist-util-visit';
import type { Root, Paragraph } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';

export const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger', 'caution'] as const;
const DEFAULT_TITLES: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger', caution: 'Caution' };

/**
 * `:::note[Optional title]` … `:::` → an <aside> with a title, the Docusaurus convention.
 * The label paragraph that remark-directive creates becomes the title.
 */
export function remarkAdmonitions() {
  return (tree: Root) => {
    visit(tree, 'containerDirective', (node: ContainerDirective) => {
      if (!(ADMONITION_TYPES as readonly string[]).includes(node.name)) return;
      const first = node.children[0] as Paragraph | undefined;
      const hasLabel = Boolean(first && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel);
      const titleChildren = hasLabel ? (first as Paragraph).children : [{ type: 'text' as const, value: DEFAULT_TITLES[node.name] }];
      const body = hasLabel ? node.children.slice(1) : node.children;
      node.data = { hName: 'aside', hProperties: { className: ['admonition', `admonition-${node.name}`], 'aria-label': DEFAULT_TITLES[node.name] } };
      node.children = [
        { type: 'paragraph', data: { hName: 'p', hProperties: { className: ['admonition-title'] } }, children: titleChildren },
        ...body,
      ] as ContainerDirective['children'];
    });
  };
}
