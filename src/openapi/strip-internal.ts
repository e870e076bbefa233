import { warningDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { toPointer } from './json-pointer.js';
import type { OpenApiDocument } from './openapi-types.js';

type Tokens = readonly string[];

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The description without what is marked `x-internal: true` (Redoc's extension): operations,
 * webhooks, path items, parameters, schema properties, `components` entries, anything that is
 * an object. It is removed before anything reads the document, so no page, sidebar, search entry,
 * meta index, llms.txt or the published /openapi/{id}.json can show it. A `$ref` to something
 * internal goes with it (a property or parameter typed by an internal schema is internal too);
 * where that leaves a public object without what it pointed to, a warning (DG311) says so.
 * A removed property also leaves its schema's `required` list.
 */
export function stripInternal(
  document: OpenApiDocument,
  file: string,
): { document: OpenApiDocument; diagnostics: Diagnostic[] } {
  const internal = internalPointers(document);
  if (internal.size === 0) return { document, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const isInternalRef = (ref: string) =>
    [...internal].some((pointer) => ref === pointer || ref.startsWith(`${pointer}/`));
  const dropped = (value: unknown, tokens: Tokens): boolean => {
    if (!isObject(value)) return false;
    if (value['x-internal'] === true) return true;
    const ref = value.$ref;
    if (typeof ref !== 'string' || !isInternalRef(decodeRef(ref))) return false;
    if (!QUIETLY_DROPPED.has(tokens.at(-2) ?? '') && !/^\d+$/.test(tokens.at(-1) ?? ''))
      diagnostics.push(
        warningDiagnostic('DG311', `${toPointer(tokens)} refers to ${ref}, which is x-internal: left out`, {
          file,
          pointer: toPointer(tokens),
          hint: 'Mark the referring object x-internal too, or point it at a public definition.',
        }),
      );
    return true;
  };
  const copy = (value: unknown, tokens: Tokens, ancestors: Set<unknown>): unknown => {
    if (value === null || typeof value !== 'object' || ancestors.has(value)) return value;
    ancestors.add(value);
    let out: unknown;
    if (Array.isArray(value)) {
      out = value.flatMap((item, i) =>
        dropped(item, [...tokens, String(i)]) ? [] : [copy(item, [...tokens, String(i)], ancestors)],
      );
    } else {
      const entries = Object.entries(value).filter(([key, child]) => !dropped(child, [...tokens, key]));
      const object = Object.fromEntries(entries.map(([key, child]) => [key, copy(child, [...tokens, key], ancestors)]));
      out = withoutRemovedRequired(value as Record<string, unknown>, object);
    }
    ancestors.delete(value);
    return out;
  };
  const stripped = copy(document, [], new Set()) as OpenApiDocument;
  return { document: withoutEmptiedPathItems(document, stripped), diagnostics };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const hasOperations = (item: unknown) => isObject(item) && Object.keys(item).some((key) => METHODS.has(key));

/** A path or webhook whose operations were all internal goes too: its name alone would tell. */
function withoutEmptiedPathItems(original: OpenApiDocument, stripped: OpenApiDocument): OpenApiDocument {
  const out: OpenApiDocument = { ...stripped };
  for (const section of ['paths', 'webhooks'] as const) {
    const before = original[section];
    const after = stripped[section];
    if (!isObject(before) || !isObject(after)) continue;
    const kept = Object.entries(after).filter(([name, item]) => hasOperations(item) || !hasOperations(before[name]));
    (out as Record<string, unknown>)[section] = Object.fromEntries(kept);
  }
  return out;
}

/** Members whose value is usually a `$ref` to an internal definition when it is internal itself. */
const QUIETLY_DROPPED = new Set(['properties', 'schemas', 'parameters', 'paths', 'webhooks', 'callbacks']);

/** `required` without the properties that were removed. */
function withoutRemovedRequired(
  original: Record<string, unknown>,
  object: Record<string, unknown>,
): Record<string, unknown> {
  if (!Array.isArray(object.required) || !isObject(original.properties) || !isObject(object.properties)) return object;
  const gone = new Set(Object.keys(original.properties).filter((name) => !(name in (object.properties as object))));
  return gone.size ? { ...object, required: object.required.filter((name) => !gone.has(name as string)) } : object;
}

/** Pointers ('#/paths/~1a/get') of every object marked `x-internal: true`. */
function internalPointers(document: OpenApiDocument): Set<string> {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (value: unknown, tokens: string[]) => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (isObject(value) && value['x-internal'] === true && tokens.length) {
      found.add(toPointer(tokens));
      return;
    }
    for (const [key, child] of Object.entries(value)) visit(child, [...tokens, key]);
  };
  visit(document, []);
  return found;
}

function decodeRef(ref: string): string {
  try {
    return decodeURIComponent(ref);
  } catch {
    return ref;
  }
}
