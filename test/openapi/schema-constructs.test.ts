import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { ApiOperationView, SchemaView } from '../../src/api-view.js';
import type { Page } from '../../src/model.js';
import { operationMarkdown } from '../../src/output/markdown/operation-markdown.js';
import { buildPages, loadFixture, renderPageBody } from './helpers.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/constructs/${name}`, import.meta.url), 'utf8');

async function site(name: string) {
  const loaded = await loadFixture({ 'openapi.yaml': fixture(name) });
  assert.ok(loaded.spec, `${name} loads: ${JSON.stringify(loaded.diagnostics)}`);
  const built = buildPages(loaded.spec);
  return { ...built, loadDiagnostics: loaded.diagnostics };
}

function operation(pages: Page[], title: string): { view: ApiOperationView; html: string; page: Page } {
  const page = pages.find((p) => p.title === title);
  assert.ok(page && page.body.type === 'api-operation', `an operation page titled ${title}`);
  return { view: page.body.operation, html: renderPageBody(page), page };
}

const prop = (node: SchemaView | undefined, name: string) => node?.properties?.find((p) => p.name === name);
const names = (node: SchemaView | undefined) => node?.properties?.map((p) => p.name);

test('oneOf with a discriminator mapping: alternatives labelled by mapping key, const value or title', async () => {
  const { pages } = await site('payments-3.1.yaml');
  const { view, html } = operation(pages, 'List payment methods');
  const data = prop(view.responses[0].content?.schema, 'data');
  const method = data?.items;
  assert.equal(method?.composition?.kind, 'oneOf');
  assert.equal(method?.discriminator, 'type');
  // Card and SepaDebit by their mapping keys (a full $ref and a bare name), the inline one by its const.
  assert.deepEqual(method?.composition?.labels, ['card', 'sepa_debit', 'voucher']);
  const [card, sepa] = method!.composition!.variants;
  assert.equal(card.title, 'Card');
  assert.equal(prop(card, 'type')?.const, '"card"');
  assert.equal(prop(sepa, 'type')?.const, '"sepa_debit"');
  // The selector: one <details> per alternative sharing a name, the first open; labels in the summaries.
  const groups = [
    ...html.matchAll(/<details class="api-alternative" name="([^"]+)"( open="")?><summary[^>]*>([^<]+)</g),
  ];
  const first = groups.filter((g) => g[1] === groups[0][1]);
  assert.deepEqual(
    first.map((g) => [g[3], Boolean(g[2])]),
    [
      ['card', true],
      ['sepa_debit', false],
      ['voucher', false],
    ],
  );
  assert.match(html, /One of<span class="api-alternatives__by"> \(by <code>type<\/code>\)/);
  // anyOf of inline schemas is labelled by type, not 'Option 1'.
  assert.deepEqual(prop(sepa, 'mandate')?.composition?.labels, ['string', 'integer']);
});

test('3.1 type arrays with null and nullable enums read as nullable; const shows as the one value', async () => {
  const { pages } = await site('payments-3.1.yaml');
  const { view, html } = operation(pages, 'List payment methods');
  const root = view.responses[0].content?.schema;
  assert.deepEqual([prop(root, 'next_cursor')?.type, prop(root, 'next_cursor')?.nullable], ['string', true]);
  const card = prop(root, 'data')?.items?.composition?.variants[0];
  const wallet = prop(card, 'wallet');
  assert.deepEqual(
    [wallet?.type, wallet?.nullable, wallet?.enum],
    ['string', true, ['"apple_pay"', '"google_pay"', 'null']],
  );
  assert.match(html, /<span class="api-facts__label">Value:<\/span> <code>&quot;card&quot;<\/code>/);
});

test('allOf adding a field to a oneOf is merged: the field and the alternatives in one schema', async () => {
  const { pages } = await site('payments-3.1.yaml');
  const { view } = operation(pages, 'Make default');
  const ranked = view.responses[0].content?.schema;
  assert.deepEqual(names(ranked), ['rank']);
  assert.deepEqual(ranked?.composition?.labels, ['card', 'sepa_debit', 'voucher']);
  assert.equal(ranked?.composition?.kind, 'oneOf');
});

test('x-enumDescriptions as a map and as a list: each value with what it means', async () => {
  const { pages } = await site('parcels-3.0.yaml');
  const { view, html } = operation(pages, 'Book a shipment');
  const format = view.parameterGroups.flatMap((g) => g.parameters).find((p) => p.name === 'label_format');
  assert.deepEqual(
    format?.enumDescriptions?.map((d) => d.value),
    ['pdf', 'zpl'],
    'png has no description and is listed without one',
  );
  const service = prop(view.requestBody?.contents[0].schema, 'service');
  assert.deepEqual(
    service?.enumDescriptions?.map((d) => [d.value, d.descriptionHtml]),
    [
      ['"standard"', '<p>Two to four working days</p>'],
      ['"express"', '<p>Next working day before noon</p>'],
    ],
  );
  assert.match(html, /<li><code>png<\/code><\/li>/);
  assert.match(
    html,
    /<li><code>zpl<\/code><div class="api-enum__description"><p>Raw ZPL II for thermal printers<\/p><\/div><\/li>/,
  );
});

test('readOnly properties are left out of request bodies and their examples, writeOnly out of responses', async () => {
  const { pages } = await site('parcels-3.0.yaml');
  const post = operation(pages, 'Book a shipment');
  const request = post.view.requestBody?.contents[0];
  assert.deepEqual(names(request?.schema), ['service', 'pickup_pin', 'reference', 'parcel']);
  assert.doesNotMatch(
    request?.examples[0].html ?? '',
    /shp_01HQ7|created_at/,
    'the example the author wrote loses its readOnly fields',
  );
  assert.match(request?.examples[0].html ?? '', /pickup_pin/);
  const curl = post.view.codeSamples.find((s) => s.language === 'curl');
  assert.doesNotMatch(curl?.html ?? '', /shp_01HQ7/, 'nor does the code sample send them');
  const created = post.view.responses[0].content;
  assert.deepEqual(names(created?.schema), ['id', 'created_at', 'service', 'reference', 'parcel']);
  const get = operation(pages, 'Get a shipment');
  assert.doesNotMatch(get.view.responses[0].content?.examples[0].html ?? '', /pickup_pin|0000/);
  assert.match(get.view.responses[0].content?.examples[0].html ?? '', /shp_01HQ7/);
  // The schema page shows everything, flagged.
  const schemaPage = pages.find((p) => p.body.type === 'api-schema' && p.title === 'Shipment');
  assert.ok(schemaPage, 'a page for the Shipment schema');
  const html = renderPageBody(schemaPage);
  assert.match(html, /read-only/);
  assert.match(html, /write-only/);
});

test('a 3.0 discriminator mapping on the parent lists the mapped children as alternatives, each merged with the parent', async () => {
  const { pages } = await site('parcels-3.0.yaml');
  const { view } = operation(pages, 'Get a shipment');
  const parcel = prop(view.responses[0].content?.schema, 'parcel');
  assert.equal(parcel?.title, 'Parcel');
  assert.deepEqual(names(parcel), ['kind', 'weight_grams']);
  assert.deepEqual(parcel?.composition?.labels, ['box', 'tube', 'letter'], 'pallet maps to nothing and has no tab');
  const [box, , letter] = parcel!.composition!.variants;
  assert.deepEqual(names(box), ['kind', 'weight_grams', 'dimensions_cm']);
  assert.equal(box.circular, undefined, 'the child refers back to its parent without that being a cycle');
  assert.equal(box.composition, undefined, 'a child does not list its siblings again');
  assert.deepEqual(names(letter), ['kind', 'weight_grams', 'registered']);
});

test('deprecated badges on operations, parameters and properties', async () => {
  const { pages } = await site('parcels-3.0.yaml');
  const get = operation(pages, 'Get a shipment');
  assert.equal(get.view.deprecated, true);
  assert.match(get.html, /This operation is deprecated/);
  const post = operation(pages, 'Book a shipment');
  assert.match(
    post.html,
    /<code>label_format<\/code>.*?<span class="api-flag api-flag--deprecated">deprecated<\/span>/s,
    'the parameter has the badge',
  );
  assert.match(
    post.html,
    /<code class="api-schema__name">reference<\/code><span class="api-schema__meta"><span class="api-schema__type">string<\/span><span class="api-flag">nullable<\/span><span class="api-flag api-flag--deprecated">deprecated<\/span>/,
    'the property has the badge and the 3.0 nullable flag',
  );
});

test('discriminator and x-enumDescriptions mistakes are warnings with their JSON pointer, never shown wrong', async () => {
  const payments = await site('payments-3.1.yaml');
  const parcels = await site('parcels-3.0.yaml');
  const found = [...payments.loadDiagnostics, ...parcels.loadDiagnostics].map((d) => [d.code, d.severity, d.pointer]);
  assert.deepEqual(found.sort(), [
    ['DG308', 'warning', '#/components/schemas/Loose/discriminator'],
    ['DG308', 'warning', '#/components/schemas/Loose/discriminator/mapping/x'],
    ['DG308', 'warning', '#/components/schemas/Parcel/discriminator/mapping/pallet'],
    ['DG308', 'warning', '#/components/schemas/PaymentMethod/discriminator/mapping/paypal'],
    ['DG309', 'warning', '#/components/schemas/Card/properties/brand/x-enumDescriptions'],
    ['DG309', 'warning', '#/components/schemas/Orphan/x-enumDescriptions'],
  ]);
  assert.ok(
    payments.loadDiagnostics.every((d) => d.hint && d.file === 'openapi.yaml'),
    'each names the file and has a hint',
  );
  for (const page of [...payments.pages, ...parcels.pages]) {
    const html = renderPageBody(page);
    assert.doesNotMatch(
      html,
      /undefined|\[object Object\]|NaN/,
      `${page.route} shows no undefined/[object Object]/NaN`,
    );
  }
});

test('the Markdown twin names the alternatives and the meaning of enum values too', async () => {
  const payments = await site('payments-3.1.yaml');
  const list = operation(payments.pages, 'List payment methods').view;
  const twin = operationMarkdown(list);
  assert.match(twin, /- oneOf \(by `type`\) card: Card/);
  assert.match(twin, /- oneOf \(by `type`\) voucher: Voucher/);
  assert.match(
    twin,
    /`brand` \(string\): One of: "visa" \(Visa and Visa Electron\), "mastercard" \(Mastercard and Maestro\), "amex"\./,
  );
  assert.match(twin, /`type` \(string, required\): Always "card"\./);
  const parcels = await site('parcels-3.0.yaml');
  const post = operationMarkdown(operation(parcels.pages, 'Book a shipment').view);
  assert.match(
    post,
    /\| `label_format` \| string \| no \| Use Accept instead\. One of: pdf \(A4 sheet, two labels per page\), zpl \(Raw ZPL II for thermal printers\), png\. Deprecated\. \|/,
  );
  assert.doesNotMatch(post.slice(post.indexOf('## Request body'), post.indexOf('## Responses')), /created_at/);
});

/** The page's text without tags, spaces collapsed, for reading in order. */
const pageText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');

function inOrder(text: string, parts: readonly string[], what: string): void {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    assert.ok(at >= 0, `${what}: "${part}" after …${text.slice(Math.max(0, from - 80), from)}`);
    from = at + part.length;
  }
}

test('prefixItems with items: the tuple positions and then the schema of the further items, on the page and in its twin', async () => {
  const { pages } = await site('tidegauge-3.1.yaml');
  const { view, html } = operation(pages, 'Append rows');
  const rows = prop(view.requestBody?.contents[0].schema, 'rows');
  const row = rows?.items;
  assert.equal(row?.composition?.kind, 'tuple', 'the row is a tuple');
  assert.equal(row?.items, undefined, 'the rest is no items schema of its own (that hid the positions)');
  assert.deepEqual(
    row?.subschemas?.map((s) => [s.kind, s.schema.type]),
    [['furtherItems', 'number']],
  );
  inOrder(
    pageText(html),
    [
      'rows',
      'Tuple',
      '[1] string <date-time>',
      'Sample time (UTC)',
      '[2] number',
      'Water level above chart datum',
      'Further items number',
      'Further channels, in the order the series lists them',
      'Constraints: >= -50, <= 50',
    ],
    'the page',
  );
  inOrder(
    operationMarkdown(view),
    [
      '- `rows` (array of array, required): min items 1.',
      '  - tuple [1]: string (date-time) — Sample time (UTC)',
      '  - tuple [2]: number — Water level above chart datum, in metres',
      '  - Further items (number): Further channels, in the order the series lists them >= -50. <= 50.',
    ],
    'the twin',
  );
});

test('an array of strings shows what each item must be: pattern, length, allowed values with their meaning', async () => {
  const { pages } = await site('tidegauge-3.1.yaml');
  const append = operation(pages, 'Append rows');
  inOrder(
    pageText(append.html),
    [
      'labels string[]',
      'Free labels for the upload',
      'Constraints: unique items',
      'Each item string',
      'Constraints: max length 32, pattern ^[a-z0-9][a-z0-9-]*$',
      'Example: "storm-surge"',
      'quality string[]',
      'Each item string',
      'Allowed values: "raw" As the sensor sent it. "despiked" Single-sample spikes removed.',
    ],
    'the page',
  );
  const twin = operationMarkdown(append.view);
  assert.match(
    twin,
    /- `labels` \(array of string\): Free labels .*unique items\. Each item: max length 32\. pattern \^\[a-z0-9\]\[a-z0-9-\]\*\$\. Example: "storm-surge"\./,
  );
  assert.match(
    twin,
    /- `quality` \(array of string\): Each item: One of: "raw" \(As the sensor sent it\.\), "despiked"/,
  );
  const read = operation(pages, 'Read a series');
  const channels = read.view.parameterGroups.find((g) => g.location === 'query')?.parameters[0];
  assert.deepEqual(channels?.constraints, ['max items 6', 'each item max length 24', 'each item pattern ^[a-z_]+$']);
  assert.match(
    pageText(read.html),
    /Constraints: max items 6, each item max length 24, each item pattern \^\[a-z_\]\+\$/,
  );
});

test('oneOf/anyOf [X, null] reads as X, nullable, and keeps the rules beside the oneOf and inside X', async () => {
  const { pages } = await site('tidegauge-3.1.yaml');
  const { view, html } = operation(pages, 'Read a series');
  const schema = view.responses[0].content?.schema;
  const datum = prop(schema, 'datum');
  assert.equal(datum?.nullable, true);
  assert.equal(datum?.title, 'Datum');
  assert.deepEqual(names(datum), ['name', 'offset_m', 'legacy_offset'], "X's properties");
  assert.deepEqual(
    datum?.subschemas?.map((s) => [s.kind, s.schema.requiredNames]),
    [['not', ['legacy_offset']]],
    'the `not` beside the oneOf',
  );
  const surge = prop(schema, 'surge');
  assert.equal(surge?.nullable, true, 'a null $ref counts as null');
  assert.equal(surge?.deprecated, true, 'deprecated beside the anyOf');
  assert.deepEqual(
    surge?.subschemas?.map((s) => s.kind),
    ['if', 'then', 'else'],
    "X's own if/then/else",
  );
  inOrder(
    pageText(html),
    [
      'datum object Datum nullable',
      'The vertical datum, or null while the gauge is being levelled.',
      'legacy_offset',
      'Must not match any Required: legacy_offset',
      'surge object nullable deprecated',
      'If object kind string Value: "storm"',
      'Then any Required: forecaster',
      'Else any Must not match any Required: forecaster',
    ],
    'the page',
  );
  inOrder(
    operationMarkdown(view),
    [
      '- `datum` (Datum, nullable): The vertical datum',
      '  - Must not match (any): Required: `legacy_offset`.',
      '- `surge` (object, nullable, deprecated)',
      '  - Then (any): Required: `forecaster`.',
    ],
    'the twin',
  );
});
