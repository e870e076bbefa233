import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { bundleApiSpecJson } from '../../src/openapi/bundle-api-spec-json.js';
import { buildPages, getOperation, loadFixture, minimalDocument, renderPageBody } from './helpers.js';

/** A description split over three YAML files, with a schema that contains itself. */
const multiFile = {
  'api/openapi.yaml': {
    openapi: '3.0.3',
    info: { title: 'Tree API', version: '2.0.0' },
    servers: [{ url: 'https://trees.test' }],
    paths: {
      '/trees/{id}': {
        get: {
          summary: 'Get a tree',
          parameters: [{ $ref: './components/parameters.yaml#/TreeId' }],
          responses: {
            '200': {
              description: 'The tree',
              content: { 'application/json': { schema: { $ref: './components/schemas.yaml#/Tree' } } },
            },
          },
        },
      },
    },
  },
  'api/components/parameters.yaml': {
    TreeId: { name: 'id', in: 'path', required: true, schema: { type: 'string', example: 'oak-1' } },
  },
  'api/components/schemas.yaml': {
    Tree: {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string' },
        parent: { allOf: [{ $ref: '#/Tree' }], nullable: true, description: 'The tree this one grew from.' },
        children: { type: 'array', items: { $ref: '#/Tree' } },
      },
    },
  },
};

test('a multi-file YAML description with relative and circular $refs loads, bundles and renders', async () => {
  const { spec, diagnostics, files, root } = await loadFixture(multiFile);
  assert.deepEqual(diagnostics, []);
  assert.ok(spec, 'spec');
  assert.deepEqual(
    [...files].sort(),
    ['api/components/parameters.yaml', 'api/components/schemas.yaml', 'api/openapi.yaml'].map((f) => join(root, f)),
  );
  const bundled = JSON.parse(bundleApiSpecJson(spec));
  assert.ok(!JSON.stringify(bundled).includes('.yaml'), 'external files are inlined');
  assert.equal(bundleApiSpecJson(spec), bundleApiSpecJson(spec));
  const { pages } = buildPages(spec);
  const operation = pages[1];
  assert.equal(operation.route, '/api/reference/get-a-tree');
  assert.ok(operation.body.type === 'api-operation', "operation.body.type === 'api-operation'");
  const schema = operation.body.operation.responses[0].content?.schema;
  const children = schema?.properties?.find((p) => p.name === 'children');
  assert.equal(children?.items?.circular, 'Tree');
  const parent = schema?.properties?.find((p) => p.name === 'parent');
  assert.equal(parent?.circular, 'Tree');
  const html = renderPageBody(operation);
  assert.match(html, /circular reference to Tree/);
  assert.match(html, /\/trees\/oak-1/, 'the code samples use the example path value');
  assert.ok(JSON.stringify(operation).length < 200_000, 'JSON.stringify(operation).length < 200_000');
});

test('a Swagger 2.0 file gets a clear DG301 error', async () => {
  const { spec, diagnostics } = await loadFixture({
    'swagger.yaml': { swagger: '2.0', info: { title: 'Old', version: '1' }, paths: {} },
  });
  assert.equal(spec, undefined);
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0].code, 'DG301');
  assert.equal(diagnostics[0].file, 'swagger.yaml');
  assert.match(diagnostics[0].message, /Swagger 2\.0/);
  assert.match(diagnostics[0].hint ?? '', /Convert it to OpenAPI 3/);
});

test('an unsupported OpenAPI version is DG301; unparsable text is DG302', async () => {
  const old = await loadFixture({ 'api.yaml': { openapi: '4.0.0', info: { title: 'X', version: '1' }, paths: {} } });
  assert.equal(old.diagnostics[0].code, 'DG301');
  const broken = await loadFixture({ 'api.yaml': 'openapi: 3.1.0\ninfo: [unclosed\n' });
  assert.equal(broken.spec, undefined);
  assert.equal(broken.diagnostics[0].code, 'DG302');
  const missing = await loadFixture({ 'other.yaml': 'a: 1' }, 'nope.yaml');
  assert.equal(missing.diagnostics[0].code, 'DG302');
});

test('JSON or YAML is read whatever the extension', async () => {
  const json = await loadFixture({
    'api.description': JSON.stringify(minimalDocument({ '/a': { get: getOperation() } })),
  });
  assert.ok(json.spec, JSON.stringify(json.diagnostics));
  const yaml = await loadFixture({
    'api.txt':
      'openapi: 3.0.0\ninfo: {title: Y, version: "1"}\npaths:\n  /a:\n    get:\n      responses: {"200": {description: ok}}\n',
  });
  assert.ok(yaml.spec, JSON.stringify(yaml.diagnostics));
  assert.equal(yaml.spec.version, '3.0');
});

test('a broken internal $ref fails with the file and the pointer of the reference', async () => {
  const document = minimalDocument({
    '/gateways': { get: getOperation({ responses: { '200': { $ref: '#/components/responses/Missing' } } }) },
  });
  const { spec, diagnostics } = await loadFixture({ 'openapi.json': document });
  assert.equal(spec, undefined);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.file, d.pointer]),
    [['DG303', 'error', 'openapi.json', '#/paths/~1gateways/get/responses/200']],
  );
  assert.match(diagnostics[0].message, /#\/components\/responses\/Missing/);
});

test('a broken external $ref fails with the file and pointer where it is written', async () => {
  const files = structuredClone(multiFile) as Record<string, Record<string, unknown>>;
  (files['api/components/schemas.yaml'].Tree as { properties: Record<string, unknown> }).properties.bark = {
    $ref: './missing.yaml#/Bark',
  };
  (files['api/components/schemas.yaml'].Tree as { properties: Record<string, unknown> }).properties.leaf = {
    $ref: '#/Leaf',
  };
  const { spec, diagnostics } = await loadFixture(files);
  assert.equal(spec, undefined);
  const found = diagnostics.map((d) => [d.code, d.file, d.pointer]).sort();
  assert.deepEqual(found, [
    ['DG303', 'api/components/schemas.yaml', '#/Tree/properties/bark'],
    ['DG303', 'api/components/schemas.yaml', '#/Tree/properties/leaf'],
  ]);
});

test('HTTP $refs are never fetched', async () => {
  const document = minimalDocument({
    '/a': { get: getOperation({ responses: { '200': { $ref: 'https://example.com/responses.yaml#/Ok' } } }) },
  });
  const { spec, diagnostics } = await loadFixture({ 'openapi.json': document });
  assert.equal(spec, undefined);
  assert.equal(diagnostics[0].code, 'DG303');
  assert.equal(diagnostics[0].pointer, '#/paths/~1a/get/responses/200');
});

test('structural problems are reported with JSON pointers', async () => {
  const document = {
    openapi: '3.0.3',
    info: { version: '1' },
    paths: {
      '/gateways/{address}': {
        get: {
          parameters: [
            { in: 'path', schema: { type: 'string' } },
            { name: 'limit', in: 'body' },
          ],
        },
      },
    },
  };
  const { spec, diagnostics } = await loadFixture({ 'openapi.json': document });
  assert.equal(spec, undefined);
  const pointers = diagnostics.map((d) => `${d.severity} ${d.pointer}`);
  assert.deepEqual(pointers.sort(), [
    'error #/info/title',
    'error #/paths/~1gateways~1{address}/get/parameters/0',
    'error #/paths/~1gateways~1{address}/get/parameters/1/in',
    'error #/paths/~1gateways~1{address}/get/responses',
    'warning #/paths/~1gateways~1{address}/get/parameters',
  ]);
  assert.ok(
    diagnostics.every((d) => d.code === 'DG304' && d.file === 'openapi.json'),
    "diagnostics.every((d) => d.code === 'DG304' && d.file === 'openapi.json')",
  );
});

test('tags follow the top-level tags array, then first use; operations keep document order', async () => {
  const document = minimalDocument(
    {
      '/b': { get: getOperation({ summary: 'B', tags: ['Second'] }) },
      '/c': {
        get: getOperation({ summary: 'C', tags: ['Undeclared'] }),
        post: getOperation({ summary: 'C post', tags: ['First'] }),
      },
      '/a': { get: getOperation({ summary: 'A', tags: ['First'] }) },
      '/d': { get: getOperation({ summary: 'D' }) },
    },
    { tags: [{ name: 'First' }, { name: 'Unused' }, { name: 'Second' }] },
  );
  const { spec } = await loadFixture({ 'openapi.json': document });
  assert.ok(spec, 'spec');
  assert.deepEqual(
    spec.tags.map((t) => [t.name, t.operations.map((i) => spec.operations[i].operation.summary)]),
    [
      ['First', ['C post', 'A']],
      ['Second', ['B']],
      ['Undeclared', ['C']],
    ],
  );
  const { sidebar } = buildPages(spec);
  assert.deepEqual(
    sidebar.map((item) => item.label),
    ['Acme API', 'First', 'Second', 'Undeclared', 'D'],
  );
  assert.deepEqual(sidebar[1], {
    type: 'category',
    label: 'First',
    collapsed: false,
    collapsible: true,
    items: [
      { type: 'link', label: 'C post', route: '/api/reference/c-post', docId: 'api/c-post', badge: 'POST' },
      { type: 'link', label: 'A', route: '/api/reference/a', docId: 'api/a', badge: 'GET' },
    ],
  });
});
