import { ParserError } from '@apidevtools/json-schema-ref-parser';
// The ES module build: the package's main (UMD) loads its parts with a require() that bundling breaks.
import { parse as locateJsonErrors, type ParseError } from 'jsonc-parser/lib/esm/main.js';
import { parseDocument } from 'yaml';

/** A file of the description that is not valid JSON or YAML, with the parser's 1-based position. */
export class ApiSourceSyntaxError extends ParserError {
  readonly line?: number;
  readonly column?: number;
  readonly hint: string;
  /** The file that does not parse (json-schema-ref-parser later sets `source` to the file that refers to it). */
  readonly file: string;
  constructor(reason: string, source: string, position: { line?: number; column?: number; hint: string }) {
    super(reason, source);
    this.file = decodeURI(source);
    // ParserError prefixes the absolute path; the diagnostic names the file on its own.
    Object.defineProperty(this, 'message', { value: reason });
    this.line = position.line;
    this.column = position.column;
    this.hint = position.hint;
  }
}

const JSON_HINT =
  'JSON allows no trailing or doubled commas, comments or single quotes: fix the character at this position.';
const YAML_HINT = 'Check the indentation and the quoting at this position (YAML is indentation-sensitive).';

/**
 * json-schema-ref-parser's parser for every file of the description, in place of its own JSON
 * and YAML parsers: those report neither line nor column, and a JSON file that JSON.parse
 * refuses is then parsed as YAML, which turns `[1 2]` into the string "1 2" without a word.
 * A file whose text starts with `{` or `[` is JSON, strictly; anything else is YAML.
 */
export const apiSourceParser = {
  name: 'docsgen-api-source',
  order: 1,
  allowEmpty: true,
  canParse: true,
  parse(file: { url: string; data: unknown }): unknown {
    const raw = Buffer.isBuffer(file.data) ? file.data.toString('utf8') : String(file.data);
    const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    if (!text.trim()) {
      throw new ApiSourceSyntaxError('the file is empty', file.url, { hint: 'Write the OpenAPI description into it.' });
    }
    return /^\s*[[{]/.test(text) ? parseJson(text, file.url) : parseYaml(text, file.url);
  },
};

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = (error as Error).message;
    const stated = /at position (\d+)/.exec(reason);
    const offset = stated ? Number(stated[1]) : firstJsonErrorOffset(text);
    // V8's wording without its offset or its quote of the text: the position is given as line and column.
    const words = reason.replace(/ in JSON at position \d+.*$/s, '').replace(/, (\.\.\.)?".*$/s, '');
    throw new ApiSourceSyntaxError(`invalid JSON: ${words}`, source, { ...lineColumn(text, offset), hint: JSON_HINT });
  }
}

/** Where a JSON syntax error is, when JSON.parse's message does not say (a second, position-keeping scanner). */
function firstJsonErrorOffset(text: string): number {
  const errors: ParseError[] = [];
  locateJsonErrors(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  return errors[0]?.offset ?? text.length;
}

function parseYaml(text: string, source: string): unknown {
  const document = parseDocument(text, { schema: 'core', merge: true, prettyErrors: true });
  const error = document.errors[0];
  if (error) {
    const words = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    const position = error.linePos?.[0];
    throw new ApiSourceSyntaxError(`invalid YAML: ${words}`, source, {
      line: position?.line,
      column: position?.col,
      hint: YAML_HINT,
    });
  }
  try {
    return document.toJS({ maxAliasCount: 10_000 }) as unknown;
  } catch (cause) {
    throw new ApiSourceSyntaxError(`invalid YAML: ${(cause as Error).message}`, source, { hint: YAML_HINT });
  }
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
