import { warningDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { toPointer } from './json-pointer.js';
import { safeUrl } from './safe-url.js';

type Tokens = readonly (string | number)[];

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Keywords the schema viewer and the Markdown twin show (see schema-to-view.ts and schema-constraints.ts). */
const SHOWN = new Set([
  '$ref',
  'type',
  'format',
  'title',
  'description',
  'default',
  'example',
  'examples',
  'enum',
  'const',
  'nullable',
  'readOnly',
  'writeOnly',
  'deprecated',
  'discriminator',
  'required',
  'properties',
  'additionalProperties',
  'items',
  'allOf',
  'oneOf',
  'anyOf',
  'prefixItems',
  'multipleOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  // Shown by schema-keywords-to-view.ts: labelled sub-schemas, facts and constraint lines.
  'patternProperties',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'minContains',
  'maxContains',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
  'externalDocs',
]);

/**
 * Keywords that say nothing to a reader of the page on their own (identifiers, comments, XML names, and
 * definitions, which are shown where a `$ref` uses them): left out on purpose.
 */
const NOT_FOR_READERS = new Set([
  '$schema',
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$comment',
  '$vocabulary',
  '$defs',
  'definitions',
  'xml',
]);

/**
 * JSON Schema keywords that OpenAPI 3.1 allows and the pages cannot show, with what the reader
 * misses: dynamic references resolve only while validating an instance.
 */
const NOT_SHOWN: Readonly<Record<string, string>> = {
  $dynamicRef: 'the dynamic reference is not followed',
  $recursiveRef: 'the recursive reference is not followed',
};

/** Keywords whose value is one schema, a map of schemas, or a list of schemas, that the pages walk into. */
const ONE_SCHEMA = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'contentSchema',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
];
const MAP_OF_SCHEMAS = ['properties', 'patternProperties', 'dependentSchemas', 'dependencies'];
const LIST_OF_SCHEMAS = ['allOf', 'oneOf', 'anyOf', 'prefixItems', 'items'];

/** Keys of the description whose values are data, never schemas or OpenAPI objects. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const', 'x-codeSamples', 'x-code-samples']);

/**
 * Schema keywords the pages do not show (DG325) and keywords that are no JSON Schema or OpenAPI
 * keyword at all (DG326), each a warning at its JSON pointer, once per keyword per schema. The
 * walk goes over the bundled document as written, without following `$ref`s, so a component used
 * by many operations is reported once, at the component.
 */
export function checkSchemaKeywords(document: unknown, file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const schema = (node: unknown, tokens: Tokens) => {
    if (Array.isArray(node) || !isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const at = [...tokens, key];
      if (key.startsWith('x-') || NOT_FOR_READERS.has(key)) continue;
      if (key in NOT_SHOWN) diagnostics.push(notShown(key, at, file));
      else if (!SHOWN.has(key)) diagnostics.push(unknownKeyword(key, at, file));
      else if (key === 'externalDocs' && isObject(value) && !safeUrl(value.url))
        diagnostics.push(unsafeDocsLink(at, file));
      else if (ONE_SCHEMA.includes(key) && !Array.isArray(value)) schema(value, at);
      else if (MAP_OF_SCHEMAS.includes(key) && isObject(value))
        for (const [name, child] of Object.entries(value)) schema(child, [...at, name]);
      else if (LIST_OF_SCHEMAS.includes(key) && Array.isArray(value))
        value.forEach((child, i) => schema(child, [...at, i]));
    }
  };
  const visit = (node: unknown, tokens: Tokens) => {
    if (Array.isArray(node)) return node.forEach((child, i) => visit(child, [...tokens, i]));
    if (!isObject(node)) return;
    for (const [key, child] of Object.entries(node)) {
      if (DATA_KEYS.has(key) || key.startsWith('x-')) continue;
      const inComponents = tokens.length === 2 && tokens[0] === 'components' && tokens[1] === 'schemas';
      if (key === 'schema' && isObject(child)) schema(child, [...tokens, key]);
      else if (inComponents) schema(child, [...tokens, key]);
      else visit(child, [...tokens, key]);
    }
  };
  visit(document, []);
  return diagnostics;
}

function notShown(keyword: string, tokens: Tokens, file: string): Diagnostic {
  return warningDiagnostic(
    'DG325',
    `\`${keyword}\` is a JSON Schema keyword the API pages do not show yet: ${NOT_SHOWN[keyword]}`,
    {
      file,
      pointer: toPointer(tokens),
      hint: `Say in the schema's \`description\` what \`${keyword}\` requires, so readers of the page and its Markdown twin learn it.`,
    },
  );
}

function unsafeDocsLink(tokens: Tokens, file: string): Diagnostic {
  return warningDiagnostic('DG325', '`externalDocs` of a schema is not shown: its `url` is no http(s) or mailto URL', {
    file,
    pointer: toPointer([...tokens, 'url']),
    hint: 'Give `externalDocs.url` as an absolute https:// URL; only such links are published.',
  });
}

function unknownKeyword(keyword: string, tokens: Tokens, file: string): Diagnostic {
  return warningDiagnostic('DG326', `\`${keyword}\` is not a JSON Schema or OpenAPI keyword: the API pages ignore it`, {
    file,
    pointer: toPointer(tokens),
    hint: `Check the spelling against the JSON Schema keywords, or prefix a vendor extension with \`x-\` (\`x-${keyword}\`).`,
  });
}
