import { warningDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { toPointer } from './json-pointer.js';
import type { OpenApiDocument, SchemaObject } from './openapi-types.js';
import { resolveRef } from './resolve-ref.js';
import { mappingOf, sameTarget, targetPointer } from './schema-alternatives.js';
import { keyOf } from './enum-descriptions.js';

type Tokens = readonly (string | number)[];
type Report = (code: string, tokens: Tokens, message: string, hint: string) => void;

/** Keys whose values are data, not schemas: a `discriminator` inside an example is just a value. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const', 'x-codeSamples', 'x-code-samples']);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Schema constructs the pages show but cannot show right when they are written wrong, each a
 * warning with its JSON pointer (the page then shows what can be shown): a `discriminator`
 * without `propertyName`, or whose `mapping` names a schema that does not exist or is none of
 * the alternatives (DG308); `x-enumDescriptions` that is not a map or list, or describes values
 * the `enum` does not have (DG309). One pass over the bundled document, so each problem is
 * reported once however many pages show the schema.
 */
export function checkSchemaConstructs(
  document: OpenApiDocument,
  file: string,
  refNames: Readonly<Record<string, string>> = {},
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const report: Report = (code, tokens, message, hint) =>
    diagnostics.push(warningDiagnostic(code, message, { file, pointer: toPointer(tokens), hint }));
  const visit = (node: unknown, tokens: Tokens) => {
    if (Array.isArray(node)) return node.forEach((child, i) => visit(child, [...tokens, i]));
    if (!isObject(node)) return;
    if ('discriminator' in node) checkDiscriminator(node as SchemaObject, tokens, { document, refNames, report });
    if ('x-enumDescriptions' in node) checkEnumDescriptions(node as SchemaObject, tokens, report);
    for (const [key, child] of Object.entries(node)) if (!DATA_KEYS.has(key)) visit(child, [...tokens, key]);
  };
  visit(document, []);
  return diagnostics;
}

interface Context {
  document: OpenApiDocument;
  refNames: Readonly<Record<string, string>>;
  report: Report;
}

function checkDiscriminator(schema: SchemaObject, tokens: Tokens, { document, refNames, report }: Context): void {
  const at = [...tokens, 'discriminator'];
  const discriminator = schema.discriminator as unknown;
  if (!isObject(discriminator) || typeof discriminator.propertyName !== 'string' || !discriminator.propertyName) {
    report(
      'DG308',
      at,
      'This `discriminator` has no `propertyName`: the alternatives are shown without saying which property selects them',
      'Set `discriminator.propertyName` to the property whose value says which schema applies (e.g. `kind`).',
    );
    if (!isObject(discriminator)) return;
  }
  const variants = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  const refs = (variants ?? []).flatMap((v) => (isObject(v) && typeof v.$ref === 'string' ? [v.$ref] : []));
  for (const [key, target] of mappingOf(schema)) {
    const where = [...at, 'mapping', key];
    if (
      resolveRef(document, { $ref: targetPointer(target) }).value === undefined &&
      !refs.some((r) => sameTarget(target, r, refNames))
    )
      report(
        'DG308',
        where,
        `discriminator mapping "${key}" names "${target}", which does not exist`,
        'Map the value to a `#/components/schemas/…` reference or a schema name that exists.',
      );
    else if (variants && !refs.some((ref) => sameTarget(target, ref, refNames)))
      report(
        'DG308',
        where,
        `discriminator mapping "${key}" names "${target}", which is none of this schema's ${Array.isArray(schema.oneOf) ? 'oneOf' : 'anyOf'} alternatives: it has no tab`,
        'Add the schema to the alternatives, or map the value to one of them.',
      );
  }
}

function checkEnumDescriptions(schema: SchemaObject, tokens: Tokens, report: Report): void {
  const at = [...tokens, 'x-enumDescriptions'];
  const raw = schema['x-enumDescriptions'];
  const values = Array.isArray(schema.enum) ? schema.enum : schema.const !== undefined ? [schema.const] : undefined;
  const hint =
    'Write a map from each `enum` value to its description (`x-enumDescriptions: { LIVE: The project is live. }`).';
  if (!values) return report('DG309', at, '`x-enumDescriptions` on a schema without `enum`: nothing shows it', hint);
  if (Array.isArray(raw)) {
    if (raw.length > values.length)
      report(
        'DG309',
        at,
        `\`x-enumDescriptions\` lists ${raw.length} descriptions for ${values.length} enum values: the extra ones are not shown`,
        hint,
      );
    return;
  }
  if (!isObject(raw))
    return report(
      'DG309',
      at,
      '`x-enumDescriptions` must be a map from value to description (or a list in `enum` order)',
      hint,
    );
  const known = new Set(values.map(keyOf));
  const unknown = Object.keys(raw).filter((key) => !known.has(key));
  if (unknown.length)
    report(
      'DG309',
      at,
      `\`x-enumDescriptions\` describes ${unknown.map((k) => `"${k}"`).join(', ')}, which ${unknown.length > 1 ? 'are' : 'is'} not in \`enum\`: not shown`,
      hint,
    );
}
