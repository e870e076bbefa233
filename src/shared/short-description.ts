/**
 * Descriptions made from a page's own text (meta and Open Graph descriptions, doc cards) are cut
 * where search engines and link previews cut them, ~160 characters, and at a word, not inside one.
 */
export const DESCRIPTION_MAX = 160;

/** `text` with its spaces collapsed, cut to at most `max` characters at a word boundary, '…' marking the cut. */
export function shortDescription(text: string, max = DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  let room = clean.slice(0, max - 1); // one character is left for the ellipsis
  // Never half of a surrogate pair (an emoji, a CJK extension character).
  if (/[\uD800-\uDBFF]$/.test(room)) room = room.slice(0, -1);
  const space = room.lastIndexOf(' ');
  // A word longer than half the room (a URL, a long identifier) is cut where it must be.
  const cut = space > max / 2 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,;:–—-]+$/u, '')}…`;
}
