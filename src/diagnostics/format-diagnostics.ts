import type { Diagnostic } from './diagnostic.js';

function location(d: Diagnostic): string {
  if (d.file && d.line) return `${d.file}:${d.line}${d.column ? `:${d.column}` : ''}`;
  if (d.file && d.pointer) return `${d.file} ${d.pointer}`;
  if (d.file) return d.file;
  if (d.key) return `config ${d.key}`;
  if (d.pointer) return d.pointer;
  return '';
}

function sortKey(d: Diagnostic): string {
  return `${d.severity === 'error' ? 0 : 1}|${d.file ?? ''}|${String(d.line ?? 0).padStart(8, '0')}|${d.pointer ?? d.key ?? ''}|${d.message}`;
}

/** Sorts and deduplicates diagnostics so a report reads the same on every run. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const unique: Diagnostic[] = [];
  for (const d of diagnostics) {
    const key = `${sortKey(d)}|${d.code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(d);
  }
  return unique.sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
}

/**
 * `file:line:col  error  message  CODE` followed by an indented hint, one per diagnostic; with
 * `debug`, the stack of the exception behind a diagnostic follows it, indented.
 */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], { debug = false } = {}): string {
  return sortDiagnostics(diagnostics)
    .map((d) => {
      const where = location(d);
      const lines = [`${where ? `${where}  ` : ''}${d.severity}  ${d.message}  ${d.code}`];
      if (d.hint) lines.push(`    hint: ${d.hint}`);
      if (debug && d.cause?.stack) lines.push(d.cause.stack.replace(/^/gm, '    '));
      return lines.join('\n');
    })
    .join('\n');
}

/** Said after diagnostics printed without `--debug` when one of them has a stack to show. */
export function debugAdvice(diagnostics: readonly Diagnostic[], debug: boolean | undefined): string | undefined {
  return !debug && diagnostics.some((d) => d.cause?.stack)
    ? 'Run again with --debug for the stack of the exceptions behind these problems.'
    : undefined;
}
