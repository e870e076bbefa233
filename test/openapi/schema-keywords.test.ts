import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkSchemaKeywords } from '../../src/openapi/check-schema-keywords.js';
import type { SchemaView } from '../../src/api-view.js';
import { operationMarkdown } from '../../src/output/markdown/operation-markdown.js';
import { buildPages, loadFixture, renderPageBody } from './helpers.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/constructs/${name}`, import.meta.url), 'utf8');

test('the JSON Schema keywords the pages show are no longer warned; a misspelt keyword still is', async () => {
  const loaded = await loadFixture({ 'openapi.yaml': fixture('stations-3.1.yaml') });
  assert.ok(loaded.spec, `the description loads: ${JSON.stringify(loaded.diagnostics)}`);
  const found = loaded.diagnostics
    .filter((d) => d.code === 'DG325' || d.code === 'DG326')
    .map((d) => [d.code, d.severity, d.pointer]);
  assert.deepEqual(found, [
    ['DG326', 'warning', '#/paths/~1stations~1{id}~1readings/get/parameters/0/schema/maxLenght'],
  ]);
  assert.ok(
    loaded.diagnostics.every((d) => d.hint && d.file === 'openapi.yaml'),
    'each names the file and has a hint',
  );
});

const KNOWN = ['type', 'description', 'minimum', 'pattern', 'title', 'format', 'enum', 'default', 'readOnly'];
const UNSHOWN = ['$dynamicRef', '$recursiveRef'];
/** Keywords holding one schema, a map of schemas, or a list: the check walks into each. */
const ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
const ONE_MORE = ['contentSchema', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems'];
const MAPS = ['properties', 'patternProperties', 'dependentSchemas', 'dependencies'];
const LISTS = ['allOf', 'oneOf', 'anyOf', 'prefixItems'];
const NESTING = [...ONE, ...ONE_MORE, ...MAPS, ...LISTS];

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** A random schema tree; `planted` gets the pointer of every keyword the pages cannot show. */
function randomSchema(next: () => number, at: string, depth: number, planted: Set<string>): Record<string, unknown> {
  const schema: Record<string, unknown> = {};
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  for (let i = 0; i < 1 + Math.floor(next() * 3); i++) schema[pick(KNOWN)] = 'x';
  if (next() < 0.4) {
    const key = pick(UNSHOWN);
    schema[key] = '#meta';
    planted.add(`${at}/${key}`);
  }
  if (next() < 0.2) {
    const key = `made${Math.floor(next() * 1000)}Up`;
    schema[key] = 1;
    planted.add(`${at}/${key}`);
  }
  if (next() < 0.3) schema[`x-vendor-${Math.floor(next() * 10)}`] = { not: 'a schema' };
  if (depth < 4 && next() < 0.7) {
    const key = pick(NESTING);
    const child = (p: string) => randomSchema(next, p, depth + 1, planted);
    if (MAPS.includes(key)) schema[key] = { a: child(`${at}/${key}/a`), '^b': child(`${at}/${key}/^b`) };
    else if (ONE.includes(key) || ONE_MORE.includes(key)) schema[key] = child(`${at}/${key}`);
    else schema[key] = [child(`${at}/${key}/0`), child(`${at}/${key}/1`)];
  }
  return schema;
}

test('no keyword of a generated schema is silently dropped: each one the pages cannot show is warned, nothing else', () => {
  for (let seed = 1; seed <= 200; seed++) {
    const next = random(seed);
    const planted = new Set<string>();
    const document = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/a': {
          post: {
            requestBody: {
              content: {
                'application/json': {
                  schema: randomSchema(
                    next,
                    '#/paths/~1a/post/requestBody/content/application~1json/schema',
                    0,
                    planted,
                  ),
                },
              },
            },
            responses: {
              '200': {
                description: 'OK',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/S' } } },
              },
            },
          },
        },
      },
      components: { schemas: { S: randomSchema(next, '#/components/schemas/S', 0, planted) } },
    };
    const warned = checkSchemaKeywords(document, 'openapi.json').map((d) => d.pointer);
    assert.deepEqual(new Set(warned), planted, `seed ${seed}: every unshown keyword warned, and only those`);
    assert.equal(warned.length, planted.size, `seed ${seed}: each keyword warned once`);
  }
});

test('prefixItems is a tuple of positions [1]..[n], on the page and in its Markdown twin, with `items: false` as no further items', async () => {
  const loaded = await loadFixture({ 'openapi.yaml': fixture('stations-3.1.yaml') });
  assert.ok(loaded.spec, 'the description loads');
  const { pages } = buildPages(loaded.spec);
  const page = pages.find((p) => p.title === 'Register a station');
  assert.ok(page && page.body.type === 'api-operation', 'the operation page');
  const body = page.body.operation.requestBody?.contents[0].schema;
  const position = body?.properties?.find((p: SchemaView) => p.name === 'position');
  assert.equal(position?.composition?.kind, 'tuple');
  assert.deepEqual(position?.composition?.labels, ['[1]', '[2]']);
  assert.equal(position?.composition?.closed, true);
  const html = renderPageBody(page);
  assert.doesNotMatch(html, /All of/, 'a tuple is not labelled as allOf parts');
  assert.match(html, /<p class="api-schema__composition-label">Tuple<\/p>/);
  assert.match(
    html,
    /\[1\].*?number.*?latitude.*?\[2\].*?number.*?longitude/s,
    'positions in order, with their descriptions',
  );
  assert.match(html, /No further items/);
  const twin = operationMarkdown(page.body.operation);
  assert.match(twin, /- tuple \[1\]: number — latitude\n\s*- tuple \[2\]: number — longitude\n\s*- no further items/);
  assert.doesNotMatch(twin, /allOf/, 'the twin does not call the tuple allOf either');
});
