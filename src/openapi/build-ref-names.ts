import { getAtPointer } from './json-pointer.js';
import type { RefTarget } from './check-refs.js';
import { walkRefs } from './check-refs.js';

/**
 * Bundling moves schemas of other files to where they are first used, so a `$ref` may read
 * `#/paths/~1trees/get/…/schema`. This maps such pointers back to the name the schema has in its
 * own file ('Tree'), for the schema viewer. `files` are the contents after bundling: the bundled
 * document shares their objects.
 */
export function buildRefNames(document: unknown, files: Readonly<Record<string, unknown>>, targets: readonly RefTarget[]): Record<string, string> {
  const names = new Map<unknown, string>();
  for (const target of targets) {
    const value = files[target.file] === undefined ? undefined : getAtPointer(files[target.file], target.pointer);
    if (value && typeof value === 'object' && !names.has(value)) names.set(value, target.name);
  }
  const refNames: Record<string, string> = {};
  walkRefs(document, (ref) => {
    if (ref in refNames) return;
    const name = names.get(getAtPointer(document, ref));
    if (name) refNames[ref] = name;
  });
  return refNames;
}
