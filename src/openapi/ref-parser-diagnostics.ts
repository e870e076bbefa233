import { errorDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { toPointer } from './json-pointer.js';

interface RefParserError {
  name?: string;
  message?: string;
  source?: string;
  path?: (string | number)[];
  targetRef?: string;
  /** Set by ApiSourceSyntaxError: the file, and where the JSON or YAML parser stopped in it. */
  file?: string;
  line?: number;
  column?: number;
  hint?: string;
}

/**
 * Turns a json-schema-ref-parser failure (one error, or a group when `continueOnError` is on)
 * into diagnostics that name the file and the JSON pointer of the broken `$ref`.
 */
export function refParserDiagnostics(
  error: unknown,
  display: (path: string) => string,
  rootFile: string,
): Diagnostic[] {
  const group = (error as { errors?: RefParserError[] }).errors;
  const errors: RefParserError[] = Array.isArray(group) && group.length ? group : [error as RefParserError];
  return errors.map((e) => toDiagnostic(e, display, rootFile));
}

function toDiagnostic(e: RefParserError, display: (path: string) => string, rootFile: string): Diagnostic {
  const file = display(e.file ?? (e.source ? e.source.replace(/#.*$/, '') : rootFile));
  const pointer = Array.isArray(e.path) ? toPointer(e.path) : undefined;
  const message = (e.message ?? String(e)).replace(/\s+/g, ' ').trim();
  if (e.name === 'ParserError' || e.name === 'UnmatchedParserError') {
    return errorDiagnostic('DG302', `Cannot parse the API description: ${message}`, {
      file,
      line: e.line,
      column: e.column,
      hint: e.hint ?? 'Fix the YAML/JSON syntax at the position given.',
    });
  }
  if (pointer === undefined || pointer === '#') {
    return errorDiagnostic('DG302', `Cannot read the API description: ${message}`, {
      file,
      hint: 'Check the `openapi` path in site.config.ts (or the --openapi option).',
    });
  }
  const ref = e.targetRef ? ` "${e.targetRef}"` : '';
  return errorDiagnostic('DG303', `Broken $ref${ref}: ${message}`, {
    file,
    pointer,
    hint: 'Point the $ref at an existing file and JSON pointer (relative files only; HTTP references are not fetched).',
  });
}
