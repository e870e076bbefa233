import { visit } from 'unist-util-visit';
import type { Root, Paragraph } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { admonitionStyle, defaultAdmonitionTitle, isAdmonitionType } from '../docusaurus/admonition-types.js';

/**
 * `:::note[Optional title]` … `:::` → an <aside> with a title, the Docusaurus convention; longer
 * fences (`::::tip` … `::::`) nest admonitions. The label paragraph that remark-directive creates
 * becomes the title. Legacy keywords (important, success, secondary) take the class of the type
 * they alias and keep their own default title.
 */
export function remarkAdmonitions() {
  return (tree: Root) => {
    visit(tree, 'containerDirective', (node: ContainerDirective) => {
      if (!isAdmonitionType(node.name)) return;
      const first = node.children[0] as Paragraph | undefined;
      const hasLabel = Boolean(first && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel);
      const defaultTitle = defaultAdmonitionTitle(node.name);
      const titleChildren = hasLabel ? (first as Paragraph).children : [{ type: 'text' as const, value: defaultTitle }];
      const body = hasLabel ? node.children.slice(1) : node.children;
      node.data = {
        hName: 'aside',
        hProperties: {
          className: ['admonition', `admonition-${admonitionStyle(node.name)}`],
          'aria-label': defaultTitle,
        },
      };
      node.children = [
        {
          type: 'paragraph',
          data: { hName: 'p', hProperties: { className: ['admonition-title'] } },
          children: titleChildren,
        },
        ...body,
      ] as ContainerDirective['children'];
    });
  };
}
