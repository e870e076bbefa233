import kebabCase from 'lodash/kebabCase.js';
import { warningDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ApiOperationEntry } from './api-spec.js';

export interface OperationName {
  slug: string;
  /** The page title: summary, else operationId, else 'GET /path'. */
  title: string;
}

const VALID_SLUG = /^[a-z0-9][a-z0-9-]*$/;

/**
 * Page slugs, in document order: `x-slug`, else kebabCase of the summary, else of the
 * operationId, else of method and path. A slug already taken (or `reserved`) gets -2, -3 …
 * with a warning that names both operations.
 */
export function assignOperationSlugs(
  operations: readonly ApiOperationEntry[],
  options: { file: string; reserved: readonly string[] },
): { names: OperationName[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const owners = new Map<string, string>(options.reserved.map((slug) => [slug, 'the overview page']));
  const names = operations.map((entry) => {
    const label = `${entry.method.toUpperCase()} ${entry.path}`;
    const { slug: wanted, problem } = preferredSlug(entry);
    if (problem)
      diagnostics.push(warningDiagnostic('DG305', problem, { file: options.file, pointer: `${entry.pointer}/x-slug` }));
    let slug = wanted;
    for (let n = 2; owners.has(slug); n++) slug = `${wanted}-${n}`;
    if (slug !== wanted) {
      diagnostics.push(
        warningDiagnostic(
          'DG305',
          `${label} and ${owners.get(wanted)} both get the page slug "${wanted}"; ${label} is at "${slug}"`,
          {
            file: options.file,
            pointer: entry.pointer,
            hint: 'Give one of them a different summary, or set `x-slug` on the operation.',
          },
        ),
      );
    }
    owners.set(slug, label);
    return { slug, title: titleOf(entry) };
  });
  return { names, diagnostics };
}

function titleOf(entry: ApiOperationEntry): string {
  const { summary, operationId } = entry.operation;
  if (typeof summary === 'string' && summary.trim()) return summary.trim();
  if (typeof operationId === 'string' && operationId.trim()) return operationId.trim();
  return `${entry.method.toUpperCase()} ${entry.path}`;
}

function preferredSlug(entry: ApiOperationEntry): { slug: string; problem?: string } {
  const { summary, operationId } = entry.operation;
  const custom = entry.operation['x-slug'];
  const fallback =
    [summary, operationId].map((v) => (typeof v === 'string' ? kebabCase(v) : '')).find(Boolean) ||
    kebabCase(`${entry.method} ${entry.path}`) ||
    entry.method;
  if (custom === undefined) return { slug: fallback };
  if (typeof custom === 'string' && VALID_SLUG.test(custom)) return { slug: custom };
  const cleaned = typeof custom === 'string' ? kebabCase(custom) : '';
  return {
    slug: cleaned || fallback,
    problem: `x-slug ${JSON.stringify(custom)} is not a slug (lowercase letters, digits and hyphens); using "${cleaned || fallback}"`,
  };
}
