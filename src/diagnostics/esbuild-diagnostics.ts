import { errorDiagnostic, type Diagnostic } from './diagnostic.js';

interface EsbuildMessage {
  text: string;
  location?: { file: string; line: number; column: number } | null;
}

/**
 * Diagnostics for an esbuild failure (config, client bundle, dev templates): one per esbuild
 * error, at its file, line and 1-based column; the error's own message when esbuild gave none.
 */
export function esbuildDiagnostics(
  error: unknown,
  { code, prefix, file }: { code: string; prefix: string; file?: string },
): Diagnostic[] {
  const errors = (error as { errors?: EsbuildMessage[] }).errors ?? [];
  if (errors.length === 0)
    return [errorDiagnostic(code, `${prefix}: ${(error as Error)?.message ?? String(error)}`, { file })];
  return errors.map((e) =>
    errorDiagnostic(code, `${prefix}: ${e.text}`, {
      file: e.location?.file ?? file,
      line: e.location?.line,
      column: e.location ? e.location.column + 1 : undefined,
    }),
  );
}
