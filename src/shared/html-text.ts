/** Plain text out of the HTML our own pipeline renders (well-formed, sanitised). */
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

const BLOCK =
  /<\/?(p|div|li|ul|ol|tr|td|th|table|thead|tbody|h[1-6]|pre|blockquote|br|hr|dt|dd|dl|section|details|summary|figure|figcaption)\b[^>]*>/gi;

/** Text of an HTML fragment: tags removed (blocks become spaces), entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  const withoutHashLinks = html.replace(/<a\b[^>]*class="hash-link"[^>]*>.*?<\/a>/gs, '');
  const text = withoutHashLinks
    .replace(/<(script|style|svg|button)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(BLOCK, ' ')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

export interface HtmlSection {
  /** Heading text ('' for the part before the first heading). */
  heading: string;
  /** Element id of the heading ('' for the intro). */
  anchor: string;
  html: string;
}

const HEADING = /<h([23])\b[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/gi;

/** Splits a page body at its h2 and h3 headings (the levels the table of contents covers). */
export function splitHtmlSections(html: string): HtmlSection[] {
  const sections: HtmlSection[] = [];
  let current: HtmlSection = { heading: '', anchor: '', html: '' };
  let last = 0;
  for (const match of html.matchAll(HEADING)) {
    current.html = html.slice(last, match.index);
    sections.push(current);
    current = { heading: htmlToText(match[3]), anchor: decodeEntities(match[2]), html: '' };
    last = match.index! + match[0].length;
  }
  current.html = html.slice(last);
  sections.push(current);
  return sections.filter((section, index) => index > 0 || htmlToText(section.html) !== '');
}
