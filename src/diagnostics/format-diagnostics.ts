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

/** `file:line:col  error  message  CODE` followed by an indented hint, one per diagnostic. */
export function formatDiagnostics(diagnostics: readonly Diagnostic[]): string {
  return sortDiagnostics(diagnostics)
    .map((d) => {
      const where = location(d);
      const head = `${where ? `${where}  ` : ''}${d.severity}  ${d.message}  ${d.code}`;
      return d.hint ? `${head}\n    hint: ${d.hint}` : head;
    })
    .join('\n');
}
