import type { Element, Text } from 'hast';

/** `## Heading {#custom-id}`: Docusaurus' explicit heading id, at the very end of the heading. */
const CUSTOM_ID = /\s*\{#([^{}\s]+)\}\s*$/;

/**
 * Removes a trailing `{#custom-id}` from a heading's last text node and returns the id (used as
 * written, as Docusaurus does), or undefined when the heading has none.
 */
export function takeCustomHeadingId(heading: Element): string | undefined {
  const last = heading.children[heading.children.length - 1];
  if (!last || last.type !== 'text') return undefined;
  const match = CUSTOM_ID.exec((last as Text).value);
  if (!match) return undefined;
  const rest = (last as Text).value.slice(0, match.index);
  if (rest) (last as Text).value = rest;
  else heading.children.pop();
  return match[1];
}
