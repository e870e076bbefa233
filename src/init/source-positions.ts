/** Where things are written in a file that was evaluated (so has no positions of its own): read from its text. */

export interface TextPosition {
  line: number;
  column: number;
}

/** Line and column (1-based) of an offset in a text. */
export function positionAt(text: string, offset: number): TextPosition {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where a key path such as `themeConfig.navbar.items[3]` is written: each named segment is looked for
 * after the previous one (`navbar:` after `themeConfig:`), index segments are skipped. Undefined
 * when even the first segment is not in the text (a value built by code elsewhere).
 */
export function keyPosition(text: string, path: string, anchor?: string): TextPosition | undefined {
  let offset = -1;
  for (const segment of path.split(/[.[\]]/).filter((part) => part && !/^\d+$/.test(part))) {
    const pattern = new RegExp(`(?<![\\w$])['"]?${escapeRegExp(segment)}['"]?\\s*:`, 'g');
    pattern.lastIndex = Math.max(offset, 0);
    const match = pattern.exec(text);
    if (!match) break;
    offset = match.index;
  }
  if (offset >= 0 && anchor) {
    // An item of a list: its label (or other value) written after the list's key.
    const item = new RegExp(`['"\`]${escapeRegExp(anchor)}['"\`]|(?<![\\w$])${escapeRegExp(anchor)}\\s*:`, 'g');
    item.lastIndex = offset;
    const match = item.exec(text);
    if (match) offset = match.index;
  }
  return offset < 0 ? undefined : positionAt(text, offset);
}

/** Where a string literal (a plugin's name, a theme's) is first written. */
export function literalPosition(text: string, value: string): TextPosition | undefined {
  const match = new RegExp(`['"\`]${escapeRegExp(value)}['"\`]`).exec(text);
  return match ? positionAt(text, match.index) : undefined;
}
