/** Character references in HTML text; the text of HTML itself is taken from its tree (hast-text.ts). */
import { decodeNamedCharacterReference } from 'decode-named-character-reference';

/**
 * The one decoder of character references in HTML text (search text, API descriptions, Algolia's
 * highlighted results): numeric ones and every HTML named one (decode-named-character-reference,
 * which uses the DOM in the browser bundle instead of carrying the table).
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return decodeNamedCharacterReference(name) || whole;
  });
}
