import { isUtf8 } from 'node:buffer';
import { errorDiagnostic, warningDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';

/** How much of a file is looked at to tell text from binary (git looks at the first 8,000 bytes for a NUL). */
const SNIFF_BYTES = 8000;
/** C0 control characters other than tab, line feed, form feed and carriage return: never in Markdown. */
// eslint-disable-next-line no-control-regex
const STRAY_CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const utf8Lenient = new TextDecoder('utf-8');
/** WHATWG's "latin1" is Windows-1252: Latin-1 plus the printable characters Windows puts at 0x80–0x9F. */
const latin1 = new TextDecoder('windows-1252');

/** Line (1-based) of a byte offset. */
function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset; index += 1) if (bytes[index] === 0x0a) line += 1;
  return line;
}

/** Byte offset of the first sequence that is not valid UTF-8, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let index = 0; index < bytes.length;) {
    const byte = bytes[index];
    const length =
      byte < 0x80
        ? 1
        : byte >= 0xc2 && byte <= 0xdf
          ? 2
          : byte >= 0xe0 && byte <= 0xef
            ? 3
            : byte >= 0xf0 && byte <= 0xf4
              ? 4
              : 0;
    if (length === 0 || index + length > bytes.length) return index;
    try {
      utf8.decode(bytes.subarray(index, index + length));
    } catch {
      return index;
    }
    index += length;
  }
  return -1;
}

/** A file that is not text: a NUL byte, or more than 5% stray control characters, at its start. */
function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head.includes(0)) return true;
  let controls = 0;
  for (const byte of head)
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f)
      controls += 1;
  return controls > head.length * 0.05;
}

/**
 * The text of a Markdown file, never silently wrong: a binary file is an error (nothing is
 * published); UTF-8 is expected; a file that decodes as Latin-1 (Windows-1252) without control
 * characters is read as such with a warning; other invalid UTF-8 is a warning naming its line
 * (those bytes become U+FFFD); stray control characters are a warning naming their line and are
 * dropped (they are invalid in HTML and XML).
 */
export function decodeSourceText(bytes: Uint8Array, file: string): { text?: string; diagnostics: Diagnostic[] } {
  if (looksBinary(bytes))
    return {
      diagnostics: [
        errorDiagnostic(
          'DG223',
          `"${file}" is not a text file (it holds binary data, e.g. NUL bytes), so it cannot be a Markdown page`,
          {
            file,
            hint: 'Rename it if it is an image or download (only .md and .mdx files are pages), or save the page again as UTF-8 text.',
          },
        ),
      ],
    };
  const diagnostics: Diagnostic[] = [];
  let text: string;
  // Node's native check first: the scan below costs ~1 ms a page, which a build or a dev save of
  // thousands of files felt; it only runs to find where a file that is not UTF-8 goes wrong.
  const invalid = isUtf8(bytes) ? -1 : firstInvalidUtf8(bytes);
  if (invalid < 0) text = utf8Lenient.decode(bytes);
  else {
    const asLatin1 = latin1.decode(bytes);
    const line = lineAt(bytes, invalid);
    // Windows-1252 leaves five bytes undefined (shown as C1 controls): text with them is not Latin-1.
    if (!/[\u0080-\u009f]/.test(asLatin1) && !STRAY_CONTROL.test(asLatin1)) {
      text = asLatin1;
      diagnostics.push(
        warningDiagnostic(
          'DG225',
          `"${file}" is not UTF-8; it was read as Latin-1 (Windows-1252), first at line ${line}`,
          {
            file,
            line,
            hint: 'Save the file as UTF-8 (e.g. `iconv -f latin1 -t utf-8`), which is what Markdown tools expect.',
          },
        ),
      );
    } else {
      text = utf8Lenient.decode(bytes);
      diagnostics.push(
        warningDiagnostic(
          'DG224',
          `Invalid UTF-8 in "${file}" at line ${line}: the bytes that do not decode are shown as "\uFFFD"`,
          { file, line, hint: 'Fix or retype the characters on that line and save the file as UTF-8.' },
        ),
      );
    }
  }
  const control = STRAY_CONTROL.exec(text);
  if (control) {
    const line = text.slice(0, control.index).split('\n').length;
    const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    diagnostics.push(
      warningDiagnostic(
        'DG224',
        `Control character U+${code} in "${file}" at line ${line}; it is left out of the page`,
        { file, line, hint: 'Delete the invisible character (often pasted from a terminal or a PDF).' },
      ),
    );
    text = text.replace(new RegExp(STRAY_CONTROL.source, 'g'), '');
  }
  return { text, diagnostics };
}
