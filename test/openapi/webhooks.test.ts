// OpenAPI 3.1 `webhooks`: one page per webhook operation under {routePrefix}/webhooks/, grouped
// by tag in a "Webhooks" sidebar category, with the payload and the expected responses and a
// sample payload where an operation has its code samples.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { NavItem, Page } from '../../src/model.js';
import { operationMarkdown } from '../../src/output/markdown/operation-markdown.js';
import { assertShownRight, buildPages, loadFixture, renderPageBody } from './helpers.js';

async function orders() {
  const text = readFileSync(new URL('./fixtures/constructs/orders-3.1.yaml', import.meta.url), 'utf8');
  const loaded = await loadFixture({ 'openapi.yaml': text });
  assert.ok(loaded.spec, `loads: ${JSON.stringify(loaded.diagnostics)}`);
  return { ...buildPages(loaded.spec), loadDiagnostics: loaded.diagnostics };
}

const webhookPages = (pages: Page[]) => pages.filter((p) => p.route.startsWith('/api/reference/webhooks/'));

test('each webhook operation has its own page under /webhooks/, apart from the operations', async () => {
  const { pages, diagnostics, loadDiagnostics } = await orders();
  assert.deepEqual([...loadDiagnostics, ...diagnostics], [], 'the fixture builds without a problem');
  assert.deepEqual(
    webhookPages(pages).map((p) => [p.route, p.id, p.title]),
    [
      ['/api/reference/webhooks/list-orders', 'api/webhooks/list-orders', 'List orders'],
      ['/api/reference/webhooks/order-delivered', 'api/webhooks/order-delivered', 'Order delivered'],
      ['/api/reference/webhooks/post-stock-low', 'api/webhooks/post-stock-low', 'POST stockLow'],
      ['/api/reference/webhooks/put-ping', 'api/webhooks/put-ping', 'PUT ping'],
    ],
  );
  // The webhook titled like an operation does not take (or shift) the operation's route.
  assert.ok(
    pages.some((p) => p.route === '/api/reference/list-orders' && !p.route.includes('webhooks')),
    'the operation List orders keeps /api/reference/list-orders',
  );
  assert.equal(new Set(pages.map((p) => p.route)).size, pages.length, 'routes are unique');
  for (const page of webhookPages(pages)) {
    assert.equal(page.kind, 'api-operation');
    assert.ok(page.body.type === 'api-operation' && page.body.operation.webhook, `${page.route} is a webhook view`);
    assertShownRight(page);
  }
});

test('the API sidebar has a Webhooks category grouped by tag, after the operations and before the schemas', async () => {
  const { sidebar } = await orders();
  const labels = sidebar.map((item) => item.label);
  assert.deepEqual(labels, ['Larder Orders API', 'Orders', 'Webhooks', 'Schemas']);
  const webhooks = sidebar[2] as Extract<NavItem, { type: 'category' }>;
  const tree = webhooks.items.map((item) =>
    item.type === 'category' ? [item.label, item.items.map((i) => (i.type === 'link' ? i.route : ''))] : item.label,
  );
  assert.deepEqual(tree, [
    ['Order events', ['/api/reference/webhooks/list-orders', '/api/reference/webhooks/order-delivered']],
    ['Stock events', ['/api/reference/webhooks/post-stock-low']],
    'PUT ping',
  ]);
});

test('a webhook page: payload, expected responses, a sample payload and no code samples for calling it', async () => {
  const { pages } = await orders();
  const page = pages.find((p) => p.route === '/api/reference/webhooks/list-orders')!;
  assert.ok(page.body.type === 'api-operation', 'an operation body');
  const view = page.body.operation;
  assert.equal(view.codeSamples.length, 0, 'nothing to call');
  assert.deepEqual(view.servers, [], "the API's servers are where clients call it, not where webhooks go");
  assert.deepEqual(view.security, [], "the document's security is for calling the API");
  assert.deepEqual(
    view.sections.map((s) => [s.id, s.text]),
    [
      ['sample-payload', 'Sample payload'],
      ['parameters', 'Parameters'],
      ['header-parameters', 'Header parameters'],
      ['request-body', 'Payload'],
      ['responses', 'Expected responses'],
    ],
  );
  const html = renderPageBody(page);
  assert.match(
    html,
    /<span class="api-flag api-flag--webhook">Webhook<\/span><span class="api-method api-method--post/,
  );
  assert.match(html, /<h2 id="sample-payload">Sample payload/);
  assert.doesNotMatch(html, /id="code-samples"/);
  assert.match(html, /<h2 id="request-body">Payload<a class="hash-link"/);
  assert.doesNotMatch(html, /Authorization:/, 'no word about credentials: the webhook declares none');
  assert.match(html, /<h2 id="responses">Expected responses/);
  // The named examples are the sample payload's selector, shown once (not again under Payload).
  assert.equal([...html.matchAll(/class="api-alternative__label">A two-item basket</g)].length, 1);
  assert.ok(
    html.indexOf('id="sample-payload"') < html.indexOf('id="request-body"'),
    'the sample payload is in the code column, before the reference',
  );
  assert.match(html, /id="param-header-larder-signature"/);
  assert.match(page.text, /HMAC-SHA256/, 'search text has the parameter description');
});

test('the Markdown twin of a webhook says what is sent and shows the sample payload', async () => {
  const { pages } = await orders();
  const page = pages.find((p) => p.route === '/api/reference/webhooks/list-orders')!;
  assert.ok(page.body.type === 'api-operation', 'an operation body');
  const twin = operationMarkdown(page.body.operation);
  assert.match(twin, /^# List orders\n\nWebhook: the API sends `POST` requests for the `orderCreated` event\./);
  assert.match(twin, /## Payload/);
  assert.match(twin, /## Expected responses\n\n### 200\n\nReturn any 2xx/);
  assert.match(twin, /## Sample payload\n\n```json\n\{\n {2}"event": "order.created"/);
  assert.doesNotMatch(twin, /curl/);
});

test('webhooks that are not path items are left out with a warning naming them', async () => {
  const { spec, diagnostics } = await loadFixture({
    'openapi.yaml': {
      openapi: '3.1.0',
      info: { title: 'Bad hooks', version: '1' },
      webhooks: { broken: 'nope', half: { post: 7, put: { responses: { '200': { description: 'ok' } } } } },
    },
  });
  assert.ok(spec, 'the description still loads');
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.pointer]),
    [
      ['DG304', 'warning', '#/webhooks/broken'],
      ['DG304', 'warning', '#/webhooks/half/post'],
    ],
  );
  const { pages } = buildPages(spec);
  assert.deepEqual(
    webhookPages(pages).map((p) => p.title),
    ['PUT half'],
  );
});

test('the overview lists the webhooks, each linked to its page, under the endpoints', async () => {
  const { pages } = await orders();
  const overview = pages.find((p) => p.kind === 'api-overview')!;
  assert.ok(overview.body.type === 'api-overview', 'an overview body');
  assert.deepEqual(
    overview.body.overview.webhooks?.map((w) => [w.method, w.path, w.summary, w.href]),
    [
      ['post', 'orderCreated', 'List orders', '/api/reference/webhooks/list-orders'],
      ['post', 'order.delivered', 'Order delivered', '/api/reference/webhooks/order-delivered'],
      ['post', 'stockLow', 'POST stockLow', '/api/reference/webhooks/post-stock-low'],
      ['put', 'ping', 'PUT ping', '/api/reference/webhooks/put-ping'],
    ],
  );
  assert.deepEqual(overview.toc.at(-1), { depth: 3, id: 'webhooks', text: 'Webhooks' });
  const html = renderPageBody(overview);
  assert.match(html, /<h3 id="webhooks">Webhooks<a/);
  assert.match(html, /href="\/api\/reference\/webhooks\/order-delivered"/);
  assertShownRight(overview);
});
