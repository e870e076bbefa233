// Callbacks (a section of the operation page, every callback and request deep-linkable) and
// response links (listed under the response, each target resolved to its operation's page; a
// target that names no operation is DG310 at its JSON pointer, as `api.onBrokenLinks` says).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { BrokenLinkSeverity } from '../../src/config/schema.js';
import type { Page } from '../../src/model.js';
import { operationMarkdown } from '../../src/output/markdown/operation-markdown.js';
import { assertShownRight, buildPages, loadFixture, renderPageBody } from './helpers.js';

async function checkout(onBrokenLinks?: BrokenLinkSeverity) {
  const text = readFileSync(new URL('./fixtures/constructs/checkout-3.0.yaml', import.meta.url), 'utf8');
  const loaded = await loadFixture({ 'openapi.yaml': text });
  assert.ok(loaded.spec, `loads: ${JSON.stringify(loaded.diagnostics)}`);
  return buildPages(loaded.spec, onBrokenLinks ? { onBrokenLinks } : {});
}

function start(pages: Page[]) {
  const page = pages.find((p) => p.title === 'Start a checkout');
  assert.ok(page && page.body.type === 'api-operation', 'the Start a checkout page');
  return { page, view: page.body.operation, html: renderPageBody(page) };
}

test('callbacks: a section with a heading per callback and per request, in the TOC and the anchors', async () => {
  const { pages } = await checkout();
  const { page, view, html } = start(pages);
  assert.deepEqual(
    view.callbacks?.map((c) => [c.name, c.id, c.operations.map((o) => [o.id, o.method, o.expression])]),
    [
      [
        'statusChanged',
        'callback-statuschanged',
        [['callback-statuschanged-post', 'post', '{$request.body#/notifyUrl}']],
      ],
      [
        'refunds',
        'callback-refunds',
        [
          ['callback-refunds-post', 'post', '{$request.body#/notifyUrl}/refunds'],
          ['callback-refunds-put', 'put', '{$request.body#/notifyUrl}/refunds'],
        ],
      ],
    ],
    'inline and $ref callbacks, every method of every expression',
  );
  assert.deepEqual(
    page.toc.slice(-3).map((t) => [t.depth, t.id]),
    [
      [2, 'callbacks'],
      [3, 'callback-statuschanged'],
      [3, 'callback-refunds'],
    ],
  );
  for (const id of ['callbacks', 'callback-refunds', 'callback-refunds-put', 'callback-statuschanged-post']) {
    assert.ok(page.anchors.includes(id), `${id} is a checked anchor`);
    assert.match(html, new RegExp(`<h[234] id="${id}">`), `${id} is a heading`);
  }
  assert.match(
    html,
    /<h4 id="callback-refunds-put"><span class="api-method api-method--put[^>]*>PUT<\/span> <code class="api-path">\{\$request\.body#\/notifyUrl\}\/refunds<\/code><span class="api-flag api-flag--deprecated">deprecated<\/span>/,
  );
  assert.match(html, /A refund of the checkout was <strong>settled<\/strong>/);
  assert.match(html, /Acknowledged\. Anything else is retried\./);
  assert.ok(html.indexOf('id="responses"') < html.indexOf('id="callbacks"'), 'after the responses');
  const ids = [...html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(
    ids.filter((id, i) => ids.indexOf(id) !== i),
    [],
    "no id twice: the callbacks' response panels do not repeat the operation's",
  );
  assert.ok(ids.includes('callback-statuschanged-post-response-200'), 'callback response panels are prefixed');
});

test('response links: each target resolved to its page (operationId, percent-encoded operationRef, $ref)', async () => {
  const { pages } = await checkout();
  const { view, html } = start(pages);
  const links = view.responses.find((r) => r.status === '201')?.links;
  assert.deepEqual(
    links?.map((l) => [l.name, l.targetKind, l.href, l.targetTitle]),
    [
      ['GetCheckout', 'operationId', '/api/reference/get-a-checkout', 'Get a checkout'],
      ['CaptureCheckout', 'operationRef', '/api/reference/capture-a-checkout', 'Capture a checkout'],
      ['Cancel', 'operationId', '/api/reference/cancel-a-checkout', 'Cancel a checkout'],
      ['TrackShipment', 'operationId', undefined, undefined],
      ['LegacyStatus', 'operationRef', undefined, undefined],
    ],
  );
  assert.deepEqual(links?.[1].parameters, [{ name: 'checkoutId', value: '$response.body#/id' }]);
  assert.equal(links?.[1].requestBody, '{"amount":"$request.body#/amount"}');
  assert.match(
    html,
    /<li><code>GetCheckout<\/code>: <a href="\/api\/reference\/get-a-checkout">Get a checkout<\/a><div class="api-description"><p>Poll the checkout <em>if you cannot receive callbacks<\/em>\.<\/p><\/div><ul><li><code>checkoutId<\/code> = <code>\$response\.body#\/id<\/code><\/li><\/ul><\/li>/,
  );
  assert.match(
    html,
    /<li><code>TrackShipment<\/code>: <code>trackShipment<\/code><\/li>/,
    'a broken target as written',
  );
});

test('a link target that names no operation is DG310 at its JSON pointer, as api.onBrokenLinks says', async () => {
  const expected = [
    '#/paths/~1checkouts/post/responses/201/links/LegacyStatus/operationRef',
    '#/paths/~1checkouts/post/responses/201/links/TrackShipment/operationId',
  ];
  const warned = (await checkout()).diagnostics;
  assert.deepEqual(
    warned.map((d) => [d.code, d.severity, d.pointer, d.file]).sort(),
    expected.map((pointer) => ['DG310', 'warning', pointer, 'openapi.yaml']),
    'a warning by default',
  );
  assert.ok(
    warned.every((d) => d.hint),
    'with a hint',
  );
  assert.match(warned[0].message + warned[1].message, /operationId "trackShipment", which no operation/);
  const thrown = (await checkout('throw')).diagnostics;
  assert.deepEqual(
    thrown.map((d) => d.severity),
    ['error', 'error'],
  );
  assert.deepEqual((await checkout('ignore')).diagnostics, []);
});

test('the Markdown twin lists the links and the callbacks; no page shows undefined', async () => {
  const { pages } = await checkout();
  const { view } = start(pages);
  const twin = operationMarkdown(view);
  assert.match(
    twin,
    /Links:\n\n- `GetCheckout`: \[Get a checkout\]\(\/api\/reference\/get-a-checkout\)\. Poll the checkout/,
  );
  assert.match(twin, /- `TrackShipment`: `trackShipment`/);
  assert.match(
    twin,
    /## Callbacks\n\n### statusChanged\n\n`POST \{\$request\.body#\/notifyUrl\}`\n\nCheckout status changed/,
  );
  assert.match(twin, /`PUT \{\$request\.body#\/notifyUrl\}\/refunds` \(deprecated\)/);
  assert.match(twin, /Expected responses:\n\n- 200: Acknowledged\. Anything else is retried\.\n- 410: Stop sending/);
  for (const page of pages) assertShownRight(page);
});
