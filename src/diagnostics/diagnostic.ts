/**
 * A problem found by a build stage. Stages return diagnostics as data; only the CLI decides
 * how to print them and whether the build fails (see docs/errors.md for every code).
 *
 * Codes: DG1xx config, DG2xx content, DG3xx OpenAPI, DG4xx routes and links, DG5xx render, DG6xx output.
 */
export interface Diagnostic {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  /** Path relative to the site root (or absolute when outside it). */
  file?: string;
  line?: number;
  column?: number;
  /** JSON pointer into a JSON/YAML document, e.g. `#/paths/~1gateways/get`. */
  pointer?: string;
  /** Config key path, e.g. `navbar.items[2].type`. */
  key?: string;
  hint?: string;
  /** The exception behind the problem (a template or plugin that threw): `--debug` prints its stack. */
  cause?: DiagnosticCause;
}

/** An exception as plain data, so that it crosses worker threads and the build cache unchanged. */
export interface DiagnosticCause {
  message: string;
  /** The stack, followed by the stacks of its own causes (`error.cause`), outermost first. */
  stack?: string;
}

/** The cause of a diagnostic from a caught exception (anything may be thrown, not only errors). */
export function causeOf(error: unknown): DiagnosticCause {
  const stacks: string[] = [];
  const seen = new Set<unknown>();
  for (let current = error; current !== undefined && !seen.has(current); current = (current as Error).cause) {
    seen.add(current);
    stacks.push(current instanceof Error ? (current.stack ?? String(current)) : String(current));
    if (!(current instanceof Error)) break;
  }
  return {
    message: error instanceof Error ? error.message : String(error),
    stack: stacks.join('\nCaused by: '),
  };
}

export interface Position {
  file?: string;
  line?: number;
  column?: number;
}

export function errorDiagnostic(
  code: string,
  message: string,
  extra: Omit<Partial<Diagnostic>, 'code' | 'message' | 'severity'> = {},
): Diagnostic {
  return { code, severity: 'error', message, ...extra };
}

export function warningDiagnostic(
  code: string,
  message: string,
  extra: Omit<Partial<Diagnostic>, 'code' | 'message' | 'severity'> = {},
): Diagnostic {
  return { code, severity: 'warning', message, ...extra };
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Thrown by the pipeline when a stage cannot go on; carries every diagnostic found so far. */
export class DocsgenError extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[], options?: { cause?: unknown }) {
    super(diagnostics.map((d) => d.message).join('\n'), options);
    this.name = 'DocsgenError';
    this.diagnostics = diagnostics;
  }
}
