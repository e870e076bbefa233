import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleRefs } from '../../src/openapi/bundle-refs.js';
import { walkRefs } from '../../src/openapi/check-refs.js';
import { getAtPointer } from '../../src/openapi/json-pointer.js';
import { loadApiSpec } from '../../src/openapi/load-api-spec.js';
// @ts-expect-error: a plain .mjs script without types
import { generateMultiFileApi } from '../../scripts/bench/generate-multifile-api.mjs';

const files = {
  '/api/openapi.yaml': {
    openapi: '3.0.3',
    paths: { '/pets': { $ref: 'paths/pets.yaml' } },
    components: { schemas: { Pet: { $ref: 'schemas/pet/Pet.yaml' }, Error: { type: 'object' } } },
  },
  '/api/paths/pets.yaml': {
    get: {
      responses: {
        '200': {
          description: 'Pets',
          content: {
            'application/json': {
              schema: { type: 'array', items: { $ref: '../schemas/pet/Pet.yaml' } },
              example: { $ref: 'not a reference' },
            },
          },
        },
        default: {
          description: 'Error',
          content: { 'application/json': { schema: { $ref: '../openapi.yaml#/components/schemas/Error' } } },
        },
      },
    },
  },
  '/api/schemas/pet/Pet.yaml': {
    type: 'object',
    properties: {
      owner: { $ref: '../people/Person.yaml' },
      tag: { $ref: '../shared.yaml#/Tag' },
      label: { $ref: '../shared.yaml#/Tag/properties/label' },
    },
  },
  '/api/schemas/people/Person.yaml': {
    type: 'object',
    properties: { pets: { type: 'array', items: { $ref: '../pet/Pet.yaml' } } },
  },
  '/api/schemas/shared.yaml': { Tag: { type: 'object', properties: { label: { type: 'string' } } } },
};

test('bundling inlines each target once (components first) and points every later $ref there, cycles included', () => {
  const before = JSON.stringify(files);
  const { document, refNames } = bundleRefs('/api/openapi.yaml', files);
  const doc = document as unknown as Record<string, unknown>;
  assert.equal(JSON.stringify(files), before, 'the parsed files are not modified');
  assert.deepEqual(getAtPointer(doc, '#/paths/~1pets/get/responses/200/content/application~1json/schema/items'), {
    $ref: '#/components/schemas/Pet',
  });
  assert.deepEqual(getAtPointer(doc, '#/components/schemas/Pet/properties/owner/properties/pets/items'), {
    $ref: '#/components/schemas/Pet',
  });
  assert.deepEqual(getAtPointer(doc, '#/components/schemas/Pet/properties/label'), {
    $ref: '#/components/schemas/Pet/properties/tag/properties/label',
  });
  assert.deepEqual(getAtPointer(doc, '#/paths/~1pets/get/responses/default/content/application~1json/schema'), {
    $ref: '#/components/schemas/Error',
  });
  assert.deepEqual(
    getAtPointer(doc, '#/paths/~1pets/get/responses/200/content/application~1json/example'),
    { $ref: 'not a reference' },
    'examples are data',
  );
  assert.equal(refNames['#/components/schemas/Pet/properties/owner'], 'Person');
  assert.equal(refNames['#/components/schemas/Pet/properties/tag'], 'Tag');
});

test('a generated 2,900-file description bundles into one document whose every $ref resolves inside it', async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-multifile-'));
  const { files: count } = generateMultiFileApi(join(root, 'openapi'));
  assert.ok(count > 2800, `${count} files`);
  const { spec, diagnostics } = await loadApiSpec('openapi/openapi.yaml', { root });
  assert.deepEqual(diagnostics, []);
  assert.equal(spec?.operations.length, 660);
  let refs = 0;
  walkRefs(spec!.document, (ref, path) => {
    refs++;
    assert.ok(ref.startsWith('#/'), `${ref} at ${path.join('/')} is local`);
    assert.notEqual(getAtPointer(spec!.document, ref), undefined, `${ref} resolves`);
  });
  assert.ok(refs > 1000, 'refs > 1000');
});

test('a broken $ref of a `default` response is reported (it is a response, not a default value)', async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-default-'));
  const { writeFileSync } = await import('node:fs');
  writeFileSync(
    join(root, 'openapi.yaml'),
    'openapi: 3.0.3\ninfo: { title: T, version: "1" }\npaths:\n  /a:\n    get:\n      responses:\n        default:\n          $ref: "#/components/responses/Missing"\n',
  );
  const { diagnostics } = await loadApiSpec('openapi.yaml', { root });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.pointer]),
    [['DG303', '#/paths/~1a/get/responses/default']],
  );
});
