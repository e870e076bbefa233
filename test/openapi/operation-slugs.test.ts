import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildFromDocument, getOperation, minimalDocument } from './helpers.js';

test('slugs fall back from summary to operationId to method and path; duplicates get -2; x-slug overrides', async () => {
  const { pages, diagnostics, sidebar } = await buildFromDocument(
    minimalDocument({
      '/gateways': {
        get: getOperation({ summary: 'List gateways' }),
        post: getOperation({ operationId: 'createGateway' }),
      },
      '/gateways/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: getOperation(),
        delete: getOperation({ summary: 'List gateways' }),
        put: getOperation({ summary: 'List gateways', 'x-slug': 'replace-gateway' }),
        patch: getOperation({ summary: 'Acme API' }),
      },
    }),
  );
  assert.deepEqual(
    pages.map((p) => [p.route, p.title, p.badge]),
    [
      ['/api/reference/acme-api', 'Acme API', undefined],
      ['/api/reference/list-gateways', 'List gateways', 'GET'],
      ['/api/reference/create-gateway', 'createGateway', 'POST'],
      ['/api/reference/get-gateways-id', 'GET /gateways/{id}', 'GET'],
      ['/api/reference/list-gateways-2', 'List gateways', 'DELETE'],
      ['/api/reference/replace-gateway', 'List gateways', 'PUT'],
      ['/api/reference/acme-api-2', 'Acme API', 'PATCH'],
    ],
  );
  assert.deepEqual(pages.map((p) => p.id).slice(0, 2), ['api/acme-api', 'api/list-gateways']);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.pointer]),
    [
      ['DG305', 'warning', '#/paths/~1gateways~1{id}/delete'],
      ['DG305', 'warning', '#/paths/~1gateways~1{id}/patch'],
    ],
  );
  assert.match(
    diagnostics[0].message,
    /DELETE \/gateways\/\{id\} and GET \/gateways both get the page slug "list-gateways"/,
  );
  assert.match(diagnostics[1].message, /the overview page/);
  assert.equal(sidebar.length, 1 + 6, 'untagged operations follow the overview link');
});

test('an invalid x-slug is cleaned up with a warning', async () => {
  const { pages, diagnostics } = await buildFromDocument(
    minimalDocument({ '/a': { get: getOperation({ summary: 'A', 'x-slug': 'Not A Slug!' }) } }),
  );
  assert.equal(pages[1].route, '/api/reference/not-a-slug');
  assert.equal(diagnostics[0].code, 'DG305');
  assert.equal(diagnostics[0].pointer, '#/paths/~1a/get/x-slug');
});

test('the overview slug comes from info.x-slug, else from the title', async () => {
  const titled = await buildFromDocument({
    ...minimalDocument({}),
    info: { title: 'HeliumGeek API for Helium Network', version: '1' },
  });
  assert.equal(titled.pages[0].route, '/api/reference/helium-geek-api-for-helium-network');
  const custom = await buildFromDocument({
    ...minimalDocument({}),
    info: { title: 'HeliumGeek API', version: '1', 'x-slug': 'heliumgeek-api' },
  });
  assert.equal(custom.pages[0].route, '/api/reference/heliumgeek-api');
});
