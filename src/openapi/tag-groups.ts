import { warningDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ApiSpec } from './api-spec.js';

export interface TagGroup {
  name: string;
  /** Names of the group's tags that have operations, in the group's order. */
  tags: string[];
}

export interface TagGroups {
  groups: TagGroup[];
  /** Tags with operations that no group lists: Redoc leaves them out of the navigation. */
  ungrouped: string[];
  diagnostics: Diagnostic[];
}

/**
 * Redoc's `x-tagGroups`: a list of `{ name, tags }` that groups the tags one level up, in the
 * given order. Undefined when the description has none. As in Redoc, a tag in no group is not in
 * the navigation; docsgen still builds its operations' pages and names such tags in a warning
 * (DG312), as it does for a group it cannot read.
 */
export function readTagGroups(spec: ApiSpec): TagGroups | undefined {
  const raw = spec.document['x-tagGroups'];
  if (raw === undefined) return undefined;
  const diagnostics: Diagnostic[] = [];
  const warn = (message: string, pointer: string, hint: string) =>
    diagnostics.push(warningDiagnostic('DG312', message, { file: spec.file, pointer, hint }));
  if (!Array.isArray(raw)) {
    warn('`x-tagGroups` must be a list of { name, tags }; ignored', '#/x-tagGroups', 'Write it as in Redoc.');
    return undefined;
  }
  const withOperations = new Set(spec.tags.map((tag) => tag.name));
  const groups: TagGroup[] = [];
  raw.forEach((group: unknown, i) => {
    const { name, tags } = (group ?? {}) as { name?: unknown; tags?: unknown };
    if (typeof name !== 'string' || !name.trim() || !Array.isArray(tags)) {
      warn(
        `x-tagGroups entry ${i} needs a \`name\` and a list of \`tags\`; ignored`,
        `#/x-tagGroups/${i}`,
        'Give every group a name and its tags.',
      );
      return;
    }
    const own = tags.filter((tag): tag is string => typeof tag === 'string' && withOperations.has(tag));
    if (own.length) groups.push({ name: name.trim(), tags: [...new Set(own)] });
  });
  const grouped = new Set(groups.flatMap((group) => group.tags));
  const ungrouped = spec.tags.map((tag) => tag.name).filter((name) => !grouped.has(name));
  if (ungrouped.length)
    warn(
      `Tag${ungrouped.length > 1 ? 's' : ''} ${ungrouped.map((t) => `"${t}"`).join(', ')} ${ungrouped.length > 1 ? 'are' : 'is'} in no x-tagGroups group: ${ungrouped.length > 1 ? 'their' : 'its'} operations have pages but are not in the sidebar (as in Redoc)`,
      '#/x-tagGroups',
      'Add every tag to a group, or remove x-tagGroups.',
    );
  return { groups, ungrouped, diagnostics };
}
