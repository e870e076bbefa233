import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildFromDocument, getOperation, minimalDocument, renderPageBody } from './helpers.js';

test('a 3.1 description with webhooks only (no paths) builds the overview and the webhook pages', async () => {
  const { pages, sidebar } = await buildFromDocument({
    openapi: '3.1.0',
    info: { title: 'Hooks', version: '1' },
    webhooks: { ping: { post: getOperation() } },
  });
  assert.deepEqual(
    pages.map((p) => [p.kind, p.route]),
    [
      ['api-overview', '/api/reference/hooks'],
      ['api-operation', '/api/reference/webhooks/post-ping'],
    ],
  );
  assert.deepEqual(
    sidebar.map((item) => item.label),
    ['Hooks', 'Webhooks'],
  );
  assert.ok(renderPageBody(pages[0]).includes('Hooks'), "renderPageBody(pages[0]).includes('Hooks')");
});

test('unusual but valid shapes render: content parameters, shared request bodies, odd schemas, no servers', async () => {
  const document = {
    openapi: '3.0.3',
    info: { title: 'Odd', version: '1' },
    security: [{ basic: [] }, {}],
    components: {
      securitySchemes: {
        basic: { type: 'http', scheme: 'basic' },
        oauth: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: 'https://auth.test/token', scopes: { read: 'Read' } } },
        },
      },
      requestBodies: {
        Thing: { required: true, content: { 'text/plain': { schema: { type: 'string' }, example: 'hello' } } },
      },
      schemas: {
        Anything: {},
        Weird: {
          type: 'object',
          properties: {
            nothing: null,
            flag: false,
            list: { type: 'array', items: false },
            obj: { enum: [{ a: 1 }, null] },
          },
        },
      },
    },
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          security: [{ oauth: ['read'] }],
          parameters: [
            {
              name: 'filter',
              in: 'query',
              required: true,
              content: { 'application/json': { schema: { type: 'object', properties: { q: { type: 'string' } } } } },
            },
          ],
          requestBody: { $ref: '#/components/requestBodies/Thing' },
          responses: {
            '2XX': {
              description: 'Done',
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/Weird' } },
                'application/xml': { schema: { $ref: '#/components/schemas/Anything' } },
              },
            },
            default: { description: 'Error' },
          },
        },
        get: getOperation({ security: [] }),
      },
    },
  };
  const { pages, diagnostics } = await buildFromDocument(document);
  assert.deepEqual(diagnostics, []);
  const post = pages[1].body;
  assert.ok(post.type === 'api-operation', "post.type === 'api-operation'");
  const view = post.operation;
  assert.equal(view.summary, 'createThing');
  assert.deepEqual(view.security, [
    'OAuth 2.0 access token in header Authorization (clientCredentials) with scopes read',
  ]);
  assert.equal(view.parameterGroups[0].parameters[0].type, 'object');
  assert.ok(
    view.parameterGroups[0].parameters[0].schema?.properties?.some((p) => p.name === 'q'),
    "view.parameterGroups[0].parameters[0].schema?.properties?.some((p) => p.name === 'q')",
  );
  assert.equal(view.requestBody?.required, true);
  assert.deepEqual(
    view.responses.map((r) => r.id),
    ['response-2xx-application-json', 'response-2xx-application-xml', 'response-default'],
  );
  assert.match(view.codeSamples[0].html, /Bearer YOUR_TOKEN/);
  assert.match(view.codeSamples[0].html, /hello/);
  const html = renderPageBody(pages[1]);
  assert.match(html, /2XX application\/xml/);
  const get = pages[2].body;
  assert.ok(get.type === 'api-operation', "get.type === 'api-operation'");
  assert.deepEqual(get.operation.security, []);
  assert.doesNotMatch(get.operation.codeSamples[0].html, /Authorization/);
  assert.deepEqual(JSON.parse(JSON.stringify(pages)), pages);
});

test('no servers: samples use a placeholder host, the page shows none', async () => {
  const { pages } = await buildFromDocument({
    openapi: '3.1.0',
    info: { title: 'Bare', version: '1' },
    paths: { '/ping': { get: getOperation({ summary: 'Ping' }) } },
  });
  const body = pages[1].body;
  assert.ok(body.type === 'api-operation', "body.type === 'api-operation'");
  assert.equal(body.operation.serverUrl, '');
  assert.deepEqual(body.operation.servers, []);
  assert.match(body.operation.codeSamples[0].html, /https:\/\/api\.example\.com\/ping/);
});

test('relative server URLs are kept as written', async () => {
  const { pages } = await buildFromDocument(
    minimalDocument({ '/ping': { get: getOperation({ summary: 'Ping' }) } }, { servers: [{ url: '/api/v2/' }] }),
  );
  const body = pages[1].body;
  assert.ok(body.type === 'api-operation', "body.type === 'api-operation'");
  assert.equal(body.operation.serverUrl, '/api/v2');
});
