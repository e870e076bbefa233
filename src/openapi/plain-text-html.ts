/** Characters with no Markdown meaning in the middle of a line (`:` is checked separately). */
const PLAIN_LINE = /^[\p{L}\p{N}\p{M} \t.,;:'"()/?%+=\-–—‘’“”…°×]*$/u;
/** Line starts that open a block: lists, headings, quotes, tables, directives, setext underlines. */
const BLOCK_START = /^(\d+[.)]|[-+=*>#|:])/;
/** Autolink literals (GFM) and text directives (remark-directive). */
const INLINE_SYNTAX = /:\/\/|www\.|(^|[^\p{L}\p{N}]):\p{L}/u;

/**
 * The HTML that the Markdown pipeline would produce for text without any Markdown syntax —
 * `<p>` per paragraph — or undefined when the text might use some. A large description has
 * thousands of one-line descriptions; this skips the parser for them.
 */
export function plainTextHtml(markdown: string): string | undefined {
  // Leading spaces could open an indented code block: leave those to the parser.
  const trimmed = markdown.replace(/^(\s*\n)+/, '').trimEnd();
  if (!trimmed || /^\s/.test(trimmed) || INLINE_SYNTAX.test(trimmed)) return undefined;
  const paragraphs = trimmed.split(/\n[ \t]*\n/);
  const html: string[] = [];
  for (const paragraph of paragraphs) {
    const lines = paragraph.split('\n');
    if (lines.some((line) => !line || line !== line.trim() || !PLAIN_LINE.test(line) || BLOCK_START.test(line)))
      return undefined;
    html.push(`<p>${lines.join('\n')}</p>`);
  }
  return html.join('\n');
}
