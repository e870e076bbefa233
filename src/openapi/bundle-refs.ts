import { targetOf } from './check-refs.js';
import { escapePointerToken, getAtPointer } from './json-pointer.js';
import type { OpenApiDocument } from './openapi-types.js';

export interface BundledRefs {
  /** One document: every external `$ref` inlined where it is first met, later ones point there. */
  document: OpenApiDocument;
  /** The name each inlined target has in its own file ('Tree'), by its pointer in `document`. */
  refNames: Record<string, string>;
}

/** Values that are data, not schema: a `$ref` key inside them is not a reference. */
const DATA_KEYS = new Set(['example', 'const', 'default', 'enum']);

/**
 * Bundles a multi-file description (`files`: absolute path → parsed content, every `$ref`
 * already checked) into one document, as json-schema-ref-parser's `bundle` does, in one linear
 * walk: the first `$ref` to a target of another file is replaced by a copy of the target (its
 * own `$ref`s followed relative to its file), every later one by a local `$ref` to that place.
 * `components` are walked first, so shared schemas land there when the root lists them. The
 * parsed files are never modified. (ref-parser's bundle compares every `$ref` with the whole
 * document: 3 s of a 2,900-file description on this machine.)
 */
export function bundleRefs(rootFile: string, files: Readonly<Record<string, unknown>>): BundledRefs {
  const placed = new Map<string, string>();
  const refNames: Record<string, string> = {};
  const root = files[rootFile] as Record<string, unknown>;

  const reference = (node: Record<string, unknown>, file: string, path: string): unknown => {
    const { $ref, ...siblings } = node;
    const target = targetOf(file, $ref as string);
    const rest = copyObject(siblings, file, path);
    if (!target) return { $ref, ...rest };
    if (target.file === rootFile) return { $ref: target.pointer, ...rest };
    const existing = placedAt(placed, target.file, target.pointer);
    if (existing) return { $ref: existing, ...rest };
    placed.set(`${target.file}\u0000${target.pointer}`, `#${path}`);
    refNames[`#${path}`] = target.name;
    const value = copy(getAtPointer(files[target.file], target.pointer), target.file, path);
    return value && typeof value === 'object' && !Array.isArray(value) ? { ...value, ...rest } : value;
  };

  const copyObject = (node: Record<string, unknown>, file: string, path: string): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      const data = isData(key, value, path);
      out[key] = data ? value : copy(value, file, `${path}/${escapePointerToken(key)}`);
    }
    return out;
  };

  const copy = (node: unknown, file: string, path: string): unknown => {
    if (node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map((item, i) => copy(item, file, `${path}/${i}`));
    const record = node as Record<string, unknown>;
    return typeof record.$ref === 'string' ? reference(record, file, path) : copyObject(record, file, path);
  };

  // Components first (shared schemas belong there), then everything else, in the root's key order.
  const copied = new Map<string, unknown>();
  const keys = Object.keys(root);
  for (const key of [...keys.filter((k) => k === 'components'), ...keys.filter((k) => k !== 'components')]) {
    const value = root[key];
    copied.set(key, copy(value, rootFile, `/${escapePointerToken(key)}`));
  }
  return { document: Object.fromEntries(keys.map((key) => [key, copied.get(key)])) as OpenApiDocument, refNames };
}

/** `default` is data in a schema but the catch-all response under `responses`; schema `examples` is an array. */
function isData(key: string, value: unknown, path: string): boolean {
  if (key === 'default') return !path.endsWith('/responses');
  return DATA_KEYS.has(key) || (key === 'examples' && Array.isArray(value));
}

/** Where a target (or the object holding it) was inlined: '#/a/b' for `file#/X` placed at '#/a', for a pointer '#/X/b'. */
function placedAt(placed: ReadonlyMap<string, string>, file: string, pointer: string): string | undefined {
  const tokens = pointer === '#' ? [] : pointer.slice(2).split('/');
  for (let n = tokens.length; n >= 0; n--) {
    const prefix = n === 0 ? '#' : `#/${tokens.slice(0, n).join('/')}`;
    const at = placed.get(`${file}\u0000${prefix}`);
    if (at) return n === tokens.length ? at : `${at}/${tokens.slice(n).join('/')}`;
  }
  return undefined;
}
