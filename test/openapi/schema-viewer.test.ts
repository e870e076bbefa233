import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SchemaView } from '../../src/api-view.js';
import { buildFromDocument, minimalDocument, renderPageBody } from './helpers.js';

const schemas = {
  Pet: {
    oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
    discriminator: { propertyName: 'kind' },
  },
  Base: {
    type: 'object',
    required: ['id'],
    properties: {
      id: { type: 'string', readOnly: true, description: 'Assigned by the server.' },
      secret: { type: 'string', writeOnly: true },
    },
  },
  Cat: {
    allOf: [
      { $ref: '#/components/schemas/Base' },
      {
        type: 'object',
        required: ['kind'],
        properties: {
          kind: { type: 'string', enum: ['cat'] },
          lives: { type: 'integer', minimum: 0, maximum: 9, default: 9 },
        },
      },
    ],
  },
  Dog: {
    type: 'object',
    properties: {
      kind: { const: 'dog' },
      owner: { type: ['string', 'null'], format: 'uuid' },
      legacyOwner: { type: 'string', nullable: true },
      friend: { anyOf: [{ $ref: '#/components/schemas/Dog' }, { type: 'null' }], description: 'Best friend, if any.' },
      tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' }, maxItems: 5, uniqueItems: true },
      scores: { type: 'object', additionalProperties: { type: 'number' } },
      either: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      home: { type: 'object', properties: { geo: { type: 'object', properties: { lat: { type: 'number' } } } } },
    },
  },
};

async function petSchema(): Promise<{ schema: SchemaView; html: string }> {
  const { pages } = await buildFromDocument(
    minimalDocument(
      {
        '/pets/{id}': {
          get: {
            summary: 'Get pet',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              '200': {
                description: 'A pet',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
              },
            },
          },
        },
      },
      { components: { schemas } },
    ),
  );
  const body = pages[1].body;
  assert.ok(body.type === 'api-operation', "body.type === 'api-operation'");
  return { schema: body.operation.responses[0].content!.schema!, html: renderPageBody(pages[1]) };
}

const prop = (node: SchemaView | undefined, name: string) => node?.properties?.find((p) => p.name === name);

test('oneOf variants, merged allOf, enums and read/write-only flags (writeOnly left out of a response)', async () => {
  const { schema } = await petSchema();
  assert.equal(schema.title, 'Pet');
  assert.equal(schema.discriminator, 'kind');
  assert.equal(schema.composition?.kind, 'oneOf');
  const [cat, dog] = schema.composition!.variants;
  assert.deepEqual([cat.title, dog.title], ['Cat', 'Dog']);
  assert.deepEqual(
    cat.properties?.map((p) => [p.name, p.required]),
    [
      ['id', true],
      ['kind', true],
      ['lives', false],
    ],
  );
  assert.equal(prop(cat, 'id')?.readOnly, true);
  assert.equal(prop(cat, 'secret'), undefined, 'a writeOnly property is never in a response');
  assert.deepEqual(prop(cat, 'kind')?.enum, ['"cat"']);
  assert.deepEqual(prop(cat, 'lives')?.constraints, ['>= 0', '<= 9']);
  assert.equal(prop(cat, 'lives')?.default, '9');
  assert.equal(prop(dog, 'kind')?.const, '"dog"');
  assert.equal(prop(dog, 'kind')?.type, 'string');
});

test('nullable in 3.0 and 3.1 styles, arrays, maps, anyOf and circular references', async () => {
  const { schema } = await petSchema();
  const dog = schema.composition!.variants[1];
  assert.deepEqual(
    [prop(dog, 'owner')?.type, prop(dog, 'owner')?.nullable, prop(dog, 'owner')?.format],
    ['string', true, 'uuid'],
  );
  assert.equal(prop(dog, 'legacyOwner')?.nullable, true);
  const friend = prop(dog, 'friend');
  assert.deepEqual([friend?.circular, friend?.nullable, friend?.name], ['Dog', true, 'friend']);
  assert.match(friend?.descriptionHtml ?? '', /Best friend/);
  const tags = prop(dog, 'tags');
  assert.deepEqual(tags?.constraints, ['max items 5', 'unique items']);
  assert.deepEqual(tags?.items?.constraints, ['pattern ^[a-z]+$']);
  assert.equal(prop(dog, 'scores')?.additionalProperties?.type, 'number');
  assert.deepEqual(
    prop(dog, 'either')?.composition?.variants.map((v) => v.type),
    ['string', 'integer'],
  );
});

test('the viewer renders every level as <details>, open for the first two', async () => {
  const { html } = await petSchema();
  const viewer = html.slice(html.indexOf('class="api-schema"'));
  assert.match(viewer, /One of/);
  assert.match(
    viewer,
    /<details class="api-alternative" name="[^"]+" open=""><summary class="api-alternative__label">cat<\/summary>/,
  );
  assert.match(viewer, /circular reference to Dog/);
  assert.match(viewer, /read-only/);
  assert.doesNotMatch(viewer, /write-only/);
  assert.match(viewer, /nullable/);
  assert.match(viewer, /<code>&quot;cat&quot;<\/code>/);
  assert.match(
    viewer,
    /<div class="api-schema__field" id="res-200-home.geo"><span class="api-schema__links"><a class="hash-link" href="#res-200-home.geo" aria-label="Direct link to geo">#<\/a><\/span><details class="api-schema__node"><summary><span class="api-schema__head"><code class="api-schema__name">geo<\/code>/,
    'deeper levels start closed',
  );
});

test('a deep schema stops at the depth limit instead of growing without end', async () => {
  let deep: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < 40; i++) deep = { type: 'object', properties: { [`level${i}`]: deep } };
  const { pages } = await buildFromDocument(
    minimalDocument({
      '/deep': {
        get: {
          summary: 'Deep',
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: deep } } } },
        },
      },
    }),
  );
  const body = pages[1].body;
  assert.ok(body.type === 'api-operation', "body.type === 'api-operation'");
  let node: SchemaView | undefined = body.operation.responses[0].content?.schema;
  let levels = 0;
  while (node?.properties?.[0]) {
    node = node.properties[0];
    levels++;
  }
  assert.equal(levels, 10);
  assert.equal(node?.truncated, true);
});
