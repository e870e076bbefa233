import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { NavItem } from '../../src/model.js';
import { operationMarkdown } from '../../src/output/markdown/operation-markdown.js';
import { buildPages, loadFixture, renderPageBody } from './helpers.js';
import { seededRandom } from '../helpers/seeded-random.js';

/**
 * Property: whatever a description contains (random schemas, odd values where strings are
 * expected, missing fields, weird names, NaN and infinities from YAML), every operation gets a
 * page and no page, Markdown twin, title or sidebar label shows `undefined`, `[object Object]` or
 * `NaN`. The schemas include tuples (`prefixItems` and a rest), arrays of plain values with rules on
 * their items, and 3.1's nullable X (`oneOf: [X, {type: 'null'}]`) with rules beside the `oneOf`.
 */

const random = seededRandom;
type Rand = ReturnType<typeof seededRandom>;

const NAMES = [
  'id',
  'name',
  'constructor',
  'toString',
  'hasOwnProperty',
  'a.b',
  'a/b',
  '~0',
  ' ',
  'é漢字',
  '😀',
  '0',
  '$ref',
  'enum',
  'items',
  'type',
  '<b>',
  'x-y_z',
  'ünïcode',
];
const ODD = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  ' ',
  'text',
  '<script>x</script>',
  '{id}',
  '%',
  {},
  [],
  { a: { b: [1, { c: null }] } },
  [null, {}],
];
const TYPES = [
  'string',
  'integer',
  'number',
  'boolean',
  'object',
  'array',
  'null',
  ['string', 'null'],
  ['integer', 'object'],
  7,
  'strange',
  undefined,
  {},
];
const FORMATS = ['date-time', 'uuid', 'int64', 'binary', 'email', 12, {}, undefined];
const STATUSES = ['200', '201', '204', '2XX', '301', '400', '404', '500', 'default', '999', 'abc', ''];
const MEDIA = [
  'application/json',
  'text/plain',
  '*/*',
  'application/vnd.acme+json',
  'application/xml',
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  '',
];

const odd = (r: Rand) => r.pick(ODD);
const maybe = (r: Rand, value: () => unknown, p = 0.5) => (r.chance(p) ? value() : undefined);
const text = (r: Rand) =>
  r.chance(0.6)
    ? r.pick([
        'A *short* description.',
        'Uses `code` and [a link](https://example.com).',
        '# Heading\n\n- one\n- two',
        'plain words',
      ])
    : odd(r);

function schema(r: Rand, depth: number, refs: readonly string[]): unknown {
  if (refs.length && r.chance(0.15)) return { $ref: `#/components/schemas/${r.pick(refs)}` };
  if (r.chance(0.05)) return odd(r);
  const out: Record<string, unknown> = {
    type: r.pick(TYPES),
    format: r.pick(FORMATS),
    description: maybe(r, () => text(r)),
  };
  for (const key of [
    'enum',
    'const',
    'default',
    'example',
    'minimum',
    'maximum',
    'pattern',
    'maxLength',
    'title',
    'discriminator',
    'x-enumDescriptions',
  ]) {
    if (r.chance(0.12)) out[key] = key === 'enum' ? [odd(r), odd(r), 'ok'] : odd(r);
  }
  for (const flag of ['nullable', 'readOnly', 'writeOnly', 'deprecated'])
    if (r.chance(0.1)) out[flag] = r.chance(0.8) ? true : odd(r);
  if (depth < 3) {
    if (r.chance(0.5))
      out.properties = Object.fromEntries(
        Array.from({ length: 1 + Math.floor(r.next() * 4) }, () => [r.pick(NAMES), schema(r, depth + 1, refs)]),
      );
    if (r.chance(0.3)) out.required = r.chance(0.7) ? [r.pick(NAMES)] : odd(r);
    if (r.chance(0.3)) out.items = schema(r, depth + 1, refs);
    if (r.chance(0.2)) out.additionalProperties = r.chance(0.5) ? schema(r, depth + 1, refs) : odd(r);
    const kind = r.pick(['oneOf', 'anyOf', 'allOf', undefined, undefined, undefined]);
    if (kind) out[kind] = r.chance(0.9) ? [schema(r, depth + 1, refs), schema(r, depth + 1, refs)] : odd(r);
    if (r.chance(0.15)) Object.assign(out, tuple(r, depth, refs));
    if (r.chance(0.15)) out.items = primitiveItems(r);
    if (r.chance(0.15)) return nullableForm(r, depth, refs);
  }
  return out;
}

/** A 2020-12 tuple: `prefixItems` positions and (or not) a schema, `false` or something odd for the rest. */
function tuple(r: Rand, depth: number, refs: readonly string[]): Record<string, unknown> {
  const positions = r.chance(0.9) ? [schema(r, depth + 1, refs), primitiveItems(r)] : odd(r);
  const rest = r.pick([() => schema(r, depth + 1, refs), () => primitiveItems(r), () => false, () => odd(r)])();
  return { type: 'array', prefixItems: positions, ...(r.chance(0.8) ? { items: rest } : {}) };
}

/** The items of an array of plain values, with the rules each one must follow (some odd). */
function primitiveItems(r: Rand): Record<string, unknown> {
  const item: Record<string, unknown> = { type: r.pick(['string', 'integer', 'number', ['string', 'null']]) };
  for (const [key, value] of [
    ['pattern', () => r.pick(['^[a-z]+$', '\\d{4}', odd(r)])],
    ['maxLength', () => r.pick([32, 0, odd(r)])],
    ['minimum', () => r.pick([0, -1.5, odd(r)])],
    ['enum', () => (r.chance(0.8) ? ['a', 'b', odd(r)] : odd(r))],
    ['format', () => r.pick(FORMATS)],
    ['description', () => text(r)],
    ['x-enumDescriptions', () => (r.chance(0.6) ? { a: text(r), b: odd(r) } : odd(r))],
  ] as const)
    if (r.chance(0.4)) item[key] = value();
  return item;
}

/** 3.1's nullable X (`oneOf`/`anyOf: [X, {type: 'null'}]`) with rules beside the alternatives. */
function nullableForm(r: Rand, depth: number, refs: readonly string[]): Record<string, unknown> {
  const inner = schema(r, depth + 1, refs);
  const variants = r.chance(0.5) ? [inner, { type: 'null' }] : [{ type: 'null' }, inner];
  const out: Record<string, unknown> = { [r.pick(['oneOf', 'anyOf'])]: variants, description: maybe(r, () => text(r)) };
  for (const key of ['not', 'if', 'then', 'else'])
    if (r.chance(0.4)) out[key] = r.chance(0.85) ? schema(r, depth + 1, refs) : odd(r);
  for (const key of ['deprecated', 'default', 'title', 'maxLength'])
    if (r.chance(0.2)) out[key] = r.chance(0.7) ? r.pick([true, null, 'x', 3]) : odd(r);
  return out;
}

function media(r: Rand, refs: readonly string[]): unknown {
  const entry: Record<string, unknown> = { schema: maybe(r, () => schema(r, 0, refs), 0.9) };
  if (r.chance(0.2)) entry.example = odd(r);
  if (r.chance(0.2))
    entry.examples = r.chance(0.8)
      ? { first: { summary: odd(r), value: odd(r) }, second: { value: odd(r), description: text(r) } }
      : odd(r);
  return Object.fromEntries(
    Array.from({ length: 1 + Math.floor(r.next() * 2) }, () => [r.pick(MEDIA), r.chance(0.95) ? entry : odd(r)]),
  );
}

function operation(r: Rand, refs: readonly string[]): Record<string, unknown> {
  const parameter = () =>
    r.chance(0.995)
      ? {
          name: r.chance(0.995) ? r.pick(NAMES) : odd(r),
          in: r.chance(0.995) ? r.pick(['query', 'header', 'cookie']) : r.pick(['body', 5]),
          required: r.chance(0.5) ? true : odd(r),
          description: text(r),
          schema: maybe(r, () => schema(r, 1, refs), 0.9),
          example: maybe(r, () => odd(r), 0.2),
          deprecated: maybe(r, () => true, 0.1),
        }
      : odd(r);
  const responses = r.chance(0.995)
    ? Object.fromEntries(
        Array.from({ length: 1 + Math.floor(r.next() * 3) }, () => [
          r.pick(STATUSES),
          r.chance(0.995)
            ? {
                description: text(r),
                content: maybe(r, () => media(r, refs), 0.7),
                headers: maybe(
                  r,
                  () => ({ 'X-Rate': { schema: schema(r, 1, refs), description: text(r) }, Odd: odd(r) }),
                  0.2,
                ),
              }
            : odd(r),
        ]),
      )
    : odd(r);
  return {
    summary: r.chance(0.7) ? r.pick(['List widgets', 'Get a widget', 'Café & crème', '  ', 'x'.repeat(200)]) : odd(r),
    operationId: r.chance(0.7) ? `op${Math.floor(r.next() * 1e6)}` : odd(r),
    description: maybe(r, () => text(r)),
    tags: r.chance(0.995) ? [r.pick(['Widgets', 'Gadgets', 'Ünïcode tag', 'Widgets'])] : odd(r),
    deprecated: maybe(r, () => (r.chance(0.8) ? true : odd(r)), 0.1),
    parameters: r.chance(0.995) ? Array.from({ length: Math.floor(r.next() * 4) }, parameter) : odd(r),
    requestBody: maybe(
      r,
      () => (r.chance(0.9) ? { required: r.chance(0.5), description: text(r), content: media(r, refs) } : odd(r)),
      0.4,
    ),
    responses,
    security: maybe(r, () => (r.chance(0.8) ? [{ key: [] }, {}] : odd(r)), 0.3),
    'x-codeSamples': maybe(
      r,
      () =>
        r.chance(0.6)
          ? [
              {
                lang: r.pick(['curl', 'Python', 5]),
                source: r.chance(0.8) ? 'curl https://x' : odd(r),
                label: maybe(r, () => odd(r)),
              },
            ]
          : odd(r),
      0.2,
    ),
  };
}

/** A random description and the number of operations it declares. */
function description(seed: number): { document: Record<string, unknown>; operations: number } {
  const r = random(seed);
  const refs = ['Widget', 'Gadget', 'Node'];
  const schemas = Object.fromEntries(refs.map((name) => [name, schema(r, 0, refs)]));
  const paths: Record<string, unknown> = {};
  let operations = 0;
  for (let i = 0; i < 1 + Math.floor(r.next() * 5); i++) {
    const path =
      r.pick(['/widgets', '/widgets/{id}', '/a/{b}/c/{d}', '/ünïcode', '/x.json', '/', '/{id}']) + (i ? `/${i}` : '');
    const methods = ['get', 'post', 'put', 'delete', 'patch', 'head', 'options', 'trace'].filter(() => r.chance(0.35));
    if (methods.length === 0) methods.push('get');
    operations += methods.length;
    paths[path] = Object.fromEntries(methods.map((m) => [m, operation(r, refs)]));
  }
  const document = {
    openapi: r.pick(['3.0.3', '3.1.0', '3.0.0', '3.1.1']),
    info: {
      title: r.chance(0.995) ? 'Random API' : odd(r),
      version: r.chance(0.8) ? '1.0' : odd(r),
      description: maybe(r, () => text(r)),
      contact: maybe(r, () => odd(r), 0.2),
      license: maybe(r, () => (r.chance(0.5) ? { name: odd(r) } : odd(r)), 0.2),
    },
    servers: r.chance(0.8)
      ? [
          {
            url: r.pick(['https://api.test/v1', '/v2', '{scheme}://x.test', '']),
            description: text(r),
            variables: maybe(r, () => ({ scheme: { default: odd(r) } }), 0.3),
          },
        ]
      : odd(r),
    tags: maybe(
      r,
      () => [
        { name: 'Widgets', description: text(r) },
        { name: 'Gadgets', description: odd(r) },
        ...(r.chance(0.05) ? [odd(r)] : []),
      ],
      0.5,
    ),
    security: maybe(r, () => [{ key: [] }], 0.5),
    paths,
    components: {
      schemas,
      securitySchemes: {
        key: r.chance(0.8)
          ? {
              type: r.pick(['apiKey', 'http', 'oauth2', 'openIdConnect', 'weird']),
              in: 'header',
              name: 'x-key',
              scheme: odd(r),
              flows: odd(r),
            }
          : odd(r),
      },
    },
  };
  return { document, operations };
}

const SHOWN_WRONG = /\bundefined\b|\[object Object\]|\bNaN\b/;

function labels(items: readonly NavItem[]): string[] {
  return items.flatMap((item) => [item.label, ...(item.type === 'category' ? labels(item.items) : [])]);
}

test('random descriptions: every operation has a page, and no page shows undefined, [object Object] or NaN', async () => {
  let built = 0;
  const seeds = Number(process.env.RANDOM_DESCRIPTIONS ?? 60);
  for (let seed = 1; seed <= seeds; seed++) {
    const { document, operations } = description(seed);
    const { spec, diagnostics } = await loadFixture({ 'openapi.yaml': document });
    if (!spec) {
      assert.ok(
        diagnostics.length > 0 && diagnostics.every((d) => /^DG3\d\d$/.test(d.code)),
        `seed ${seed}: ${JSON.stringify(diagnostics)}`,
      );
      continue;
    }
    built++;
    const { pages, sidebar } = buildPages(spec);
    const operationPages = pages.filter((p) => p.kind === 'api-operation');
    assert.equal(operationPages.length, operations, `seed ${seed}: one page per operation`);
    assert.equal(new Set(pages.map((p) => p.route)).size, pages.length, `seed ${seed}: routes are unique`);
    for (const page of pages) {
      const twin = page.body.type === 'api-operation' ? operationMarkdown(page.body.operation) : '';
      const shown = [page.title, page.description, renderPageBody(page), twin].join('\n');
      const match = SHOWN_WRONG.exec(shown);
      assert.ok(
        !match,
        `seed ${seed} ${page.route}: "${match?.[0]}" in …${shown.slice(Math.max(0, (match?.index ?? 0) - 120), (match?.index ?? 0) + 40)}…`,
      );
    }
    for (const label of labels(sidebar)) assert.doesNotMatch(label, SHOWN_WRONG, `seed ${seed}: sidebar label`);
  }
  assert.ok(built >= seeds * 0.66, `most random descriptions build (${built} of ${seeds})`);
});
