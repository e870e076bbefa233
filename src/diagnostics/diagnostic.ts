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
