import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

/**
 * GFM task-list checkboxes are bare `<input type="checkbox" disabled>`: give each an accessible
 * name (as GitHub does), since a form control without one is a critical accessibility violation.
 */
export function rehypeTaskListLabels() {
  return (tree: Root) => {
    visit(tree, 'element', labelTaskCheckbox);
  };
}

/** The per-element step of `rehypeTaskListLabels` (see rehype-docsgen-elements.ts). */
export function labelTaskCheckbox(node: Element): void {
  if (node.tagName !== 'input' || node.properties.type !== 'checkbox' || node.properties.ariaLabel) return;
  node.properties.ariaLabel = node.properties.checked ? 'Completed task' : 'Incomplete task';
}
