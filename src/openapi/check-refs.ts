import { basename, dirname, extname, resolve } from 'node:path';
import { errorDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { getAtPointer, pointerName, toPointer } from './json-pointer.js';

/** Where a `$ref` of the description points: a file and a pointer in it, and a readable name. */
export interface RefTarget {
  file: string;
  pointer: string;
  /** 'Tree' for `schemas.yaml#/Tree`, 'Tree' for `./Tree.yaml`. */
  name: string;
}

/** Values that are data, not schema: `$ref` keys inside them are not references. */
const DATA_KEYS = new Set(['example', 'examples', 'const', 'default', 'enum']);

/**
 * Every `$ref` in every file of the description (absolute path → parsed content) must point at
 * something: a broken one is reported in the file that contains it, at its own pointer. One walk
 * per file. A `$ref` to a file in `refused` (outside the site root, never read) says so.
 */
export function checkRefs(
  files: Readonly<Record<string, unknown>>,
  display: (path: string) => string,
  refused: ReadonlySet<string> = new Set(),
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const [file, content] of Object.entries(files)) {
    walkRefs(content, (ref, path) => {
      const target = targetOf(file, ref);
      if (target && refused.has(target.file)) {
        diagnostics.push(refusedRef(ref, target.file, { file: display(file), pointer: toPointer(path) }));
        return;
      }
      const found =
        target && files[target.file] !== undefined ? getAtPointer(files[target.file], target.pointer) : undefined;
      if (target && found !== undefined) return;
      const why = /^[a-z][a-z0-9+.-]*:/i.test(ref)
        ? 'only local files are read'
        : target && files[target.file] === undefined
          ? 'the file could not be read'
          : 'nothing at that pointer';
      diagnostics.push(
        errorDiagnostic('DG303', `Broken $ref "${ref}": ${why}`, {
          file: display(file),
          pointer: toPointer(path),
          hint: 'Point the $ref at an existing file and JSON pointer, e.g. "#/components/schemas/Gateway" or "./schemas.yaml#/Gateway".',
        }),
      );
    });
  }
  return diagnostics;
}

function refusedRef(ref: string, target: string, where: { file: string; pointer: string }): Diagnostic {
  return errorDiagnostic('DG307', `$ref "${ref}" points outside the site root, to ${target}: it is not read`, {
    ...where,
    hint: 'Nothing outside the folder of site.config.ts is read into the site unless listed: copy the file into the site, or add its folder to `allowedPaths` in site.config.ts if it is meant to be public.',
  });
}

/** The file, pointer and name a `$ref` written in `file` points at; undefined for a URL. */
export function targetOf(file: string, ref: string): RefTarget | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) return undefined;
  const hashAt = ref.indexOf('#');
  const filePart = hashAt === -1 ? ref : ref.slice(0, hashAt);
  const pointer = hashAt === -1 ? '#' : ref.slice(hashAt) || '#';
  const targetFile = filePart ? resolve(dirname(file), decodePath(filePart)) : file;
  const name = pointer === '#' ? basename(targetFile, extname(targetFile)) : pointerName(pointer);
  return { file: targetFile, pointer, name };
}

/** `%20` → space; a lone `%` (not an escape) stays as written instead of throwing. */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Calls `visit` for every `$ref` string, with the path of the object that holds it. */
export function walkRefs(content: unknown, visit: (ref: string, path: (string | number)[]) => void): void {
  const path: (string | number)[] = [];
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') visit(ref, [...path]);
    for (const [key, value] of Object.entries(node)) {
      // `default` under `responses` is the catch-all response, not a schema's default value.
      const data = DATA_KEYS.has(key) && !(key === 'default' && path.at(-1) === 'responses');
      if (data || value === null || typeof value !== 'object') continue;
      path.push(Array.isArray(node) ? Number(key) : key);
      walk(value);
      path.pop();
    }
  };
  walk(content);
}
