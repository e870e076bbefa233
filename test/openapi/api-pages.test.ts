import { test } from 'node:test';
import { VFile } from 'vfile';
import assert from 'node:assert/strict';
import { createHighlighter } from '../../src/content/highlighter.js';
import { createMarkdownProcessor } from '../../src/content/markdown-processor.js';
import { plainTextHtml } from '../../src/openapi/plain-text-html.js';
import { renderDescription } from '../../src/openapi/render-description.js';
import { buildFromDocument, renderPageBody } from './helpers.js';

const document = {
  openapi: '3.0.3',
  info: {
    title: 'Acme API',
    version: '2.1.0',
    description:
      'The Acme API.\n\n## Getting started\n\nRead the [authentication guide](/guides/authentication#api-keys).\n\n## Authentication\n\nSend a key.',
    contact: { name: 'Acme', url: 'https://acme.test', email: 'api@acme.test' },
    license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
  },
  servers: [{ url: 'https://{region}.acme.test/v1', variables: { region: { default: 'eu' } } }],
  tags: [{ name: 'Items', description: 'Things you can list.' }, { name: 'items' }],
  components: { securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
  security: [{ ApiKey: [] }],
  paths: {
    '/items/{id}': {
      parameters: [
        {
          name: 'id',
          in: 'path',
          required: true,
          description: 'Item id.',
          schema: { type: 'string' },
          example: 'it-1',
        },
      ],
      get: { tags: ['items'], summary: 'Get an item', responses: { '200': { description: 'OK' } } },
      post: {
        tags: ['Items'],
        summary: 'Update an item',
        deprecated: true,
        description: 'Updates **one** item.\n\n## Parameters\n\nSee below.',
        parameters: [
          { name: 'dry_run', in: 'query', description: 'Check only.', schema: { type: 'boolean', default: false } },
          { name: 'X-Request-Id', in: 'header', schema: { type: 'string', format: 'uuid' } },
          { name: 'session', in: 'cookie', schema: { type: 'string' } },
        ],
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', properties: { name: { type: 'string' } } },
              example: { name: 'Lamp' },
            },
            'application/xml': { schema: { type: 'object', properties: { name: { type: 'string' } } } },
          },
        },
        responses: {
          '200': {
            description: 'The item.',
            headers: { 'X-RateLimit-Remaining': { description: 'Requests left.', schema: { type: 'integer' } } },
            content: {
              'application/json': {
                schema: { type: 'object', properties: { id: { type: 'string' } } },
                examples: { small: { summary: 'A small item', value: { id: 'it-1' } }, big: { value: { id: 'it-2' } } },
              },
            },
          },
          '204': { description: 'Nothing changed.' },
          default: {
            description: 'An error.',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { error: { type: 'string', example: 'not found' } } },
              },
            },
          },
        },
      },
    },
  },
};

test('an operation page: sections, toc, search text, examples and security in words', async () => {
  const { pages, diagnostics } = await buildFromDocument(document, { baseUrl: '/docs/' });
  assert.deepEqual(diagnostics, []);
  const page = pages[2];
  assert.equal(page.kind, 'api-operation');
  assert.equal(page.badge, 'POST');
  assert.deepEqual(
    page.toc.map((t) => `${t.depth} ${t.id}`),
    [
      '2 code-samples',
      '2 response-example',
      '2 parameters',
      '3 path-parameters',
      '3 query-parameters',
      '3 header-parameters',
      '3 cookie-parameters',
      '2 request-body',
      '2 responses',
    ],
  );
  assert.ok(page.body.type === 'api-operation', "page.body.type === 'api-operation'");
  const view = page.body.operation;
  assert.equal(view.serverUrl, 'https://eu.acme.test/v1');
  assert.deepEqual(view.security, ['API key in header x-api-key']);
  assert.deepEqual(view.pathSegments, [
    { text: '/items/', param: false },
    { text: 'id', param: true },
  ]);
  assert.deepEqual(
    view.responses.map((r) => [r.id, r.label, r.kind]),
    [
      ['response-200', '200', 'success'],
      ['response-204', '204', 'success'],
      ['response-default', 'default', 'default'],
    ],
  );
  assert.deepEqual(
    view.responses[0].content?.examples.map((e) => e.label),
    ['A small item', 'big'],
  );
  assert.match(view.responses[2].content?.examples[0].html ?? '', /not found/, 'generated from the schema example');
  assert.deepEqual(
    view.requestBody?.contents.map((c) => c.id),
    ['request-body-application-json', 'request-body-application-xml'],
  );
  assert.match(view.requestBody?.contents[0].examples[0].html ?? '', /Lamp/, "the description's own example first");
  for (const word of [
    'Update an item',
    'POST',
    '/items/{id}',
    'Items',
    'Updates one item.',
    'dry_run',
    'Check only.',
    'Item id.',
  ])
    assert.ok(page.text.includes(word), word);
  const html = renderPageBody(page);
  assert.match(html, /Deprecated/);
  assert.match(html, /<span class="api-path__param">\{id\}<\/span>/);
  assert.match(
    html,
    /Authorization:<\/span> <span><span><a href="\/docs\/api\/reference\/acme-api#auth-api-key">API key in header x-api-key<\/a>/,
  );
  assert.match(
    html,
    /<h2 id="parameters">Parameters<a class="hash-link" href="#parameters" aria-label="Direct link to Parameters"/,
  );
});

test('page anchors are exactly the ids the templates render, and unique', async () => {
  const { pages } = await buildFromDocument(document);
  assert.ok(pages[2].anchors.includes('parameters-1'), 'a description heading does not take a section id');
  assert.match(renderPageBody(pages[2]), /<h2 id="parameters-1">Parameters<a class="hash-link" href="#parameters-1"/);
  for (const page of pages) {
    const ids = [...renderPageBody(page).matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual([...new Set(ids)].sort(), [...page.anchors].sort(), page.id);
    assert.equal(new Set(ids).size, ids.length, `${page.id}: ids are unique`);
  }
});

test('the overview page: version, servers, auth, download link, contact, license, operations by tag', async () => {
  const { pages } = await buildFromDocument(document, { baseUrl: '/docs/', productSlug: 'acme' });
  const overview = pages[0];
  assert.equal(overview.kind, 'api-overview');
  assert.deepEqual(
    overview.links.filter((l) => l.route),
    [
      {
        route: '/guides/authentication',
        hash: 'api-keys',
        raw: '/guides/authentication#api-keys',
        pointer: '#/info/description',
      },
    ],
  );
  assert.ok(overview.anchors.includes('getting-started'), "overview.anchors.includes('getting-started')");
  assert.ok(
    overview.anchors.includes('authentication') && overview.anchors.includes('authentication-1'),
    "overview.anchors.includes('authentication') && overview.anchors.includes('authentication-1')",
  );
  assert.ok(
    overview.anchors.includes('tag-items') && overview.anchors.includes('tag-items-2'),
    "overview.anchors.includes('tag-items') && overview.anchors.includes('tag-items-2')",
  );
  const html = renderPageBody(overview);
  assert.match(html, /Version 2\.1\.0/);
  assert.match(html, /<code>https:\/\/eu\.acme\.test\/v1<\/code>/);
  assert.match(html, /<h3 id="auth-api-key">ApiKey.*?<\/h3><p>API key in header x-api-key<\/p>/);
  assert.match(html, /href="\/docs\/openapi\/acme\.json" download="acme\.json"/);
  assert.match(html, /href="\/docs\/guides\/authentication#api-keys"/);
  assert.match(
    html,
    /<a href="https:\/\/acme\.test" target="_blank" rel="noopener noreferrer">Acme<span class="sr-only"> \(opens in new tab\)<\/span><\/a>/,
  );
  assert.match(html, /mailto:api@acme\.test/);
  assert.match(
    html,
    /<a href="\/docs\/api\/reference\/update-an-item" class="api-operations__link"><span class="api-method api-method--post api-method--small">POST<\/span>/,
  );
  assert.match(html, /<h3 id="tag-items">Items/);
});

test('plain one-line descriptions skip the Markdown parser with the same HTML', () => {
  const options = {
    processor: createMarkdownProcessor({ trusted: false }),
    highlighter: createHighlighter(),
    baseUrl: '/',
    sourcePath: 'x',
  };
  const samples = [
    'Plain text.',
    'Two\nlines',
    'Para one.\n\nPara two.',
    'Quote "x" and \'y\' (z) 50% a/b c+d=e; f? – — “q”',
    'Note: a',
    'a:b',
    'Café ünïcode 12.5',
    'x -- y',
  ];
  for (const text of samples) {
    const fast = plainTextHtml(text);
    assert.ok(fast !== undefined, text);
    const context = {
      docRoutes: new Map(),
      baseUrl: '/',
      highlighter: options.highlighter,
      assetUrl: (p: string) => p,
      lineOffset: 0,
      toc: [],
      anchors: [],
      links: [],
      assets: [],
      docsFeatures: [],
      diagnostics: [],
    };
    const piped = String(options.processor.processSync(new VFile({ value: text, data: { docsgen: context } })));
    assert.equal(fast, piped, text);
    assert.equal(renderDescription(text, options).html, fast);
  }
  for (const text of [
    '1. item',
    '- item',
    '# Title',
    '> quote',
    'a *b*',
    'see https://x.test',
    'www.x.test',
    'see :name here',
    'a & b',
    '<b>x</b>',
    'trailing  \nbreak',
    '  indented',
    '    code',
    '\tcode',
    'a\n===',
    'x@y.test',
    'a_b_',
    '`code`',
    '[x]',
    'a | b',
  ]) {
    assert.equal(plainTextHtml(text), undefined, text);
  }
});
