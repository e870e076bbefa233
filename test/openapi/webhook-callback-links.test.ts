// Webhooks and callbacks as first-class targets, on a courier API that has both (relaybox-3.1.yaml):
// the fields of a callback's request and responses have their own anchors and direct links, schema
// pages list the webhooks and callbacks that use them, and Redoc-style links reach webhook pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from '../../src/model.js';
import { operationFields } from '../../src/openapi/api-anchors.js';
import { buildPages, loadFixture, renderPageBody } from './helpers.js';

async function relaybox() {
  const text = readFileSync(new URL('./fixtures/constructs/relaybox-3.1.yaml', import.meta.url), 'utf8');
  const loaded = await loadFixture({ 'openapi.yaml': text });
  assert.ok(loaded.spec, `loads: ${JSON.stringify(loaded.diagnostics)}`);
  return buildPages(loaded.spec);
}

function pageTitled(pages: Page[], title: string) {
  const page = pages.find((p) => p.title === title);
  assert.ok(page, `the page ${title}`);
  return page;
}

test("callback fields: anchors cb-{callback}-{method}-…, after the operation's own, each rendered once with a direct link", async () => {
  const { pages } = await relaybox();
  const page = pageTitled(pages, 'Subscribe to a parcel');
  assert.ok(page.body.type === 'api-operation', 'an operation page');
  const fields = operationFields(page.body.operation);
  assert.deepEqual(
    fields.map((f) => `${f.callback ?? '-'} ${f.location} ${f.anchor} ${f.name}`),
    [
      '- path param-path-parcel_id parcel_id',
      '- request body req-callback_url callback_url',
      '- request body req-report_host report_host',
      '- response res-201-id id',
      'parcelEvent request body cb-parcelevent-post-req-event_id event_id',
      'parcelEvent request body cb-parcelevent-post-req-type type',
      'parcelEvent request body cb-parcelevent-post-req-parcel parcel',
      'parcelEvent request body cb-parcelevent-post-req-parcel.id parcel.id',
      'parcelEvent request body cb-parcelevent-post-req-parcel.eta parcel.eta',
      'parcelEvent response header cb-parcelevent-post-res-200-header-x-relay-ack X-Relay-Ack',
      'parcelEvent response cb-parcelevent-post-res-200-received_at received_at',
      'delivery_report request body cb-delivery_report-post-req-delivered delivered',
      'delivery_report request body cb-delivery_report-post-req-failed failed',
      'delivery_report request body cb-delivery_report-put-req-delivered delivered',
      'delivery_report request body cb-delivery_report-put-req-failed failed',
    ],
  );
  assert.equal(
    fields.find((f) => f.anchor === 'cb-parcelevent-post-req-parcel.eta')?.description,
    'Best guess; null once delivered.',
  );
  const html = renderPageBody(page);
  const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
  assert.equal(new Set(ids).size, ids.length, 'ids are unique on the page');
  for (const field of fields) {
    assert.ok(page.anchors.includes(field.anchor), `${field.anchor} is a checked anchor of the page`);
    assert.equal(ids.filter((id) => id === field.anchor).length, 1, `${field.anchor} is rendered once`);
    const short = field.name.split('.').pop() ?? '';
    assert.ok(
      html.includes(`<a class="hash-link" href="#${field.anchor}" aria-label="Direct link to ${short}">#</a>`),
      `${field.anchor} has a direct link`,
    );
  }
  // The field sits inside its callback's section, after the request's heading.
  const at = html.indexOf('id="cb-parcelevent-post-req-parcel.eta"');
  assert.ok(html.indexOf('id="callback-parcelevent-post"') < at && at > html.indexOf('id="callbacks"'), 'in place');
});

test('schema pages: "Used by" lists the callbacks and webhooks that use the schema, each linked to where it is', async () => {
  const { pages } = await relaybox();
  const usedBy = (name: string) => {
    const page = pageTitled(pages, name);
    assert.ok(page.body.type === 'api-schema', `${name} is a schema page`);
    return page.body.schema.usedBy.map((link) => [link.kind ?? 'operation', link.method, link.summary, link.href]);
  };
  assert.deepEqual(usedBy('Parcel'), [['operation', 'get', 'Get a parcel', '/api/reference/get-a-parcel']]);
  // Only a callback sends it: the operation is not listed as using it, its callback request is.
  assert.deepEqual(usedBy('ParcelEvent'), [
    [
      'callback',
      'post',
      'parcelEvent, a callback of Subscribe to a parcel',
      '/api/reference/subscribe-to-a-parcel#callback-parcelevent-post',
    ],
  ]);
  // A $ref'd callback with two requests: both, each with its own heading's id.
  assert.deepEqual(
    usedBy('Report').map((row) => row[3]),
    [
      '/api/reference/subscribe-to-a-parcel#callback-delivery_report-post',
      '/api/reference/subscribe-to-a-parcel#callback-delivery_report-put',
    ],
  );
  // Through another schema (ScanEvent.at) and from a get operation: both kinds, operations first.
  assert.deepEqual(usedBy('Location'), [
    ['operation', 'get', 'Get a parcel', '/api/reference/get-a-parcel'],
    ['webhook', 'post', 'Parcel scanned', '/api/reference/webhooks/parcel-scanned'],
  ]);
  // A webhook whose path item is a $ref to components/pathItems.
  assert.deepEqual(usedBy('Courier'), [
    ['webhook', 'post', 'Courier assigned', '/api/reference/webhooks/courier-assigned'],
  ]);

  // Every link lands on a page of the reference and, for a callback, on an anchor of it.
  const byRoute = new Map(pages.map((p) => [p.route, p]));
  for (const page of pages.filter((p) => p.body.type === 'api-schema')) {
    assert.ok(page.body.type === 'api-schema', 'schema page');
    for (const link of page.body.schema.usedBy) {
      const [route, hash] = link.href.split('#');
      const target = byRoute.get(route);
      assert.ok(target, `${page.title}: ${link.href} is a page`);
      if (hash) assert.ok(target.anchors.includes(hash), `${page.title}: #${hash} is on ${route}`);
    }
  }
  const html = renderPageBody(pageTitled(pages, 'Location'));
  assert.match(
    html,
    /<a href="\/api\/reference\/webhooks\/parcel-scanned" class="api-operations__link">.*?Parcel scanned.*?<span class="api-flag api-flag--webhook">webhook<\/span><\/a>/,
  );
  assert.doesNotMatch(html, /No operation uses this schema/);
});

test('Redoc links: #operation/{id} of a webhook opens its page, #tag/… of a tag only webhooks have opens the overview list', async () => {
  const { pages, diagnostics } = await relaybox();
  assert.deepEqual(
    diagnostics.map((d) => `${d.code} ${d.message}`),
    [],
    'every link of the description resolves',
  );
  const overview = pages.find((p) => p.kind === 'api-overview');
  assert.ok(overview?.body.type === 'api-overview', 'the overview');
  const links = [...(overview.body.overview.descriptionHtml ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(links, [
    '/api/reference/relaybox-courier-api#webhooks',
    '/api/reference/webhooks/parcel-scanned',
    '/api/reference/subscribe-to-a-parcel',
  ]);
  const tag = overview.body.overview.tags.find((t) => t.name === 'Subscriptions');
  assert.match(tag?.descriptionHtml ?? '', /href="\/api\/reference\/webhooks\/parcel-scanned"/);
  assert.ok(overview.anchors.includes('webhooks'), 'the overview has the #webhooks list');
});
