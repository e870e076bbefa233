import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from '../../src/model.js';
import type { SchemaView } from '../../src/api-view.js';
import { fieldSpots } from '../../src/openapi/field-anchors.js';
import { pageMarkdown } from '../../src/output/markdown/page-markdown.js';
import { buildPages, loadFixture, renderPageBody } from './helpers.js';

const source = readFileSync(new URL('./fixtures/constructs/gridmeter-3.1.yaml', import.meta.url), 'utf8');

async function gridmeter() {
  const loaded = await loadFixture({ 'openapi.yaml': source });
  assert.ok(loaded.spec, `the description loads: ${JSON.stringify(loaded.diagnostics)}`);
  const { pages } = buildPages(loaded.spec);
  const page = (title: string): Page => {
    const found = pages.find((p) => p.title === title);
    assert.ok(found, `a page titled ${title}`);
    return found;
  };
  return { diagnostics: loaded.diagnostics, pages, page };
}

/** The text of rendered HTML, tags dropped and entities of the fixture's text decoded. */
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** Each pattern must be found after the previous one. */
function inOrder(text: string, patterns: (string | RegExp)[], what: string) {
  let from = 0;
  for (const pattern of patterns) {
    const rest = text.slice(from);
    const at = typeof pattern === 'string' ? rest.indexOf(pattern) : rest.search(pattern);
    assert.ok(at >= 0, `${what}: ${String(pattern)} after position ${from}`);
    from += at + 1;
  }
}

test('only what cannot be shown is still DG325: the $dynamicRef; every other keyword of the fixture is shown', async () => {
  const { diagnostics } = await gridmeter();
  assert.deepEqual(
    diagnostics.filter((d) => d.code === 'DG325' || d.code === 'DG326').map((d) => [d.code, d.pointer]),
    [['DG325', '#/components/schemas/RawFrame/properties/counts/$dynamicRef']],
  );
});

test('patternProperties, propertyNames, additionalProperties: false, dependentRequired, if/then/else, not and externalDocs on the page and in its twin', async () => {
  const { page } = await gridmeter();
  const register = page('Register a meter');
  const html = renderPageBody(register);
  const text = words(html);
  inOrder(
    text,
    [
      'property names: max length 40, pattern ^[a-z_x-][a-z0-9_-]*$',
      'If tariff_id is present, tariff_currency and tariff_starts are required',
      'See: Supported meter models',
      'serial',
      'photos',
      'Properties matching /^x-/ string',
      'Installer notes',
      'Properties matching /^tag_[a-z]+$/ object',
      'set_by',
      'No other properties',
      'If object',
      'kind',
      'Value: "gas"',
      'Then object',
      'calorific_value number required',
      'Else',
      'Must not match',
      'Required: calorific_value',
    ],
    'the request body reads in order',
  );
  assert.match(html, /<a href="https:\/\/docs\.gridmeter\.example\/models">Supported meter models<\/a>/);
  assert.match(html, /<code>\/\^x-\/<\/code>/, 'the pattern is code');
  const twin = pageMarkdown(register);
  inOrder(
    twin,
    [
      'Meter: property names: max length 40, pattern ^[a-z_x-][a-z0-9_-]*$. See [Supported meter models](https://docs.gridmeter.example/models).',
      '- `photos` (array of string (uri)): min items 1. max items 4. unique items.',
      '- Properties matching `/^x-/` (string): Installer notes; kept as written.',
      '- Properties matching `/^tag_[a-z]+$/` (object): A label set by an integration.',
      '  - `set_by` (string): The integration that set it.',
      '- no other properties',
      '- if `tariff_id` is present, `tariff_currency` and `tariff_starts` are required',
      '- If (object)',
      '  - `kind` (string): Always "gas".',
      '- Then (object)',
      "  - `calorific_value` (number, required): MJ/m³ from the supplier's bill. >= 30. <= 45.",
      '- Else (any)',
      '  - Must not match (any): Required: `calorific_value`.',
    ],
    'the twin says the same',
  );
});

test('contains, draft-2019 tuples with additionalItems, dependencies, unevaluatedProperties: false, not, content* and unevaluatedItems on the page and in its twin', async () => {
  const { page } = await gridmeter();
  const push = page('Push readings');
  const text = words(renderPageBody(push));
  inOrder(
    text,
    [
      'readings',
      'Constraints: contains 1 to 96 matching items',
      'unit',
      'Must not match string',
      /Allowed values: "Wh" ?, "kWh"/,
      'snapshot',
      'Content: base64-encoded image/png',
      'frame',
      'Content: application/json',
      'Decoded content object RawFrame',
      'channel',
      'interval',
      'Tuple',
      '[1] integer',
      'minutes since midnight',
      'No further items',
      'extras',
      '[1] string',
      'Further items number',
      'Extra channel values',
      'Contains object',
      'quality',
      'Value: "verified"',
      'window',
      'Tuple',
      'window start',
      'window end',
      'No further items',
      'gateway',
      'If wifi_ssid is present, wifi_psk is required',
      'If cellular is present object',
      'apn string required',
      'No other properties',
    ],
    'the request body reads in order',
  );
  const twin = pageMarkdown(push);
  inOrder(
    twin,
    [
      '- `readings` (array of Reading, required): contains 1 to 96 matching items.',
      '    - Must not match (string): One of: "Wh", "kWh".',
      '  - `snapshot` (string): Photo of the register, when read by hand. Content: base64-encoded image/png.',
      '  - `frame` (string): Content: application/json.',
      '    - Decoded content (RawFrame)',
      '    - tuple [1]: integer — minutes since midnight',
      '    - no further items',
      '    - tuple [1]: string',
      '    - Further items (number): Extra channel values.',
      '  - Contains (object)',
      '    - `quality` (string): Always "verified".',
      '  - tuple [2]: string (date-time) — window end',
      '  - no further items',
      '  - if `wifi_ssid` is present, `wifi_psk` is required',
      '  - If `cellular` is present (object)',
      '    - `apn` (string, required): Access point name.',
      '- no other properties',
    ],
    'the twin says the same',
  );
});

test('fields inside patternProperties, then/else and dependentSchemas get anchors of the contract, rendered as ids; fields of if, not and contains get none', async () => {
  const { page } = await gridmeter();
  const register = page('Register a meter');
  assert.equal(register.body.type, 'api-operation');
  if (register.body.type !== 'api-operation') return;
  const anchors = fieldSpots(register.body.operation).map((s) => s.anchor);
  for (const anchor of ['req-set_by', 'req-value', 'req-calorific_value', 'res-201-set_by', 'res-201-calorific_value'])
    assert.ok(anchors.includes(anchor), `${anchor} is a field anchor`);
  assert.equal(new Set(anchors).size, anchors.length, 'anchors are unique');
  const html = renderPageBody(register);
  for (const anchor of anchors) assert.ok(html.includes(` id="${anchor}"`), `${anchor} is rendered`);
  const push = page('Push readings');
  if (push.body.type !== 'api-operation') return assert.fail('an operation page');
  const pushAnchors = fieldSpots(push.body.operation).map((s) => s.anchor);
  assert.ok(pushAnchors.includes('req-gateway.apn'), 'dependentSchemas field under its object');
  // `quality` inside `contains` is no field of its own: the items' `quality` keeps the anchor.
  assert.equal(pushAnchors.filter((a) => a === 'req-readings.quality').length, 1);
  assert.ok(renderPageBody(push).includes(' id="req-gateway.apn"'), 'rendered');
});

/** Every named node of a view tree, with the facts the page shows for it. */
function namedNodes(node: SchemaView | undefined, out: SchemaView[] = []): SchemaView[] {
  if (!node) return out;
  for (const p of node.properties ?? []) {
    out.push(p);
    namedNodes(p, out);
  }
  namedNodes(node.items, out);
  for (const sub of node.subschemas ?? []) namedNodes(sub.schema, out);
  return out;
}

test('the twin carries every fact the page shows of each property: format, default, example, constraints, values, content', async () => {
  const { pages } = await gridmeter();
  let checked = 0;
  for (const page of pages) {
    const body = page.body;
    const schema =
      body.type === 'api-schema'
        ? body.schema.schema
        : body.type === 'api-operation'
          ? body.operation.requestBody?.contents[0]?.schema
          : undefined;
    if (!schema) continue;
    const html = words(renderPageBody(page));
    const twin = pageMarkdown(page);
    for (const node of namedNodes(schema)) {
      const line = twin.split('\n').find((l) => l.includes(`\`${node.name}\` (`));
      assert.ok(line, `${page.title}: ${node.name} has a line in the twin`);
      const facts = [
        node.format,
        node.default,
        node.example,
        node.content,
        node.const,
        ...(node.enum ?? []),
        ...(node.constraints ?? []),
      ].filter((f): f is string => f !== undefined);
      for (const fact of facts) {
        assert.ok(html.includes(fact), `${page.title}: the page shows ${fact} of ${node.name}`);
        assert.ok(line.includes(fact), `${page.title}: the twin's line of ${node.name} has ${fact}: ${line}`);
        checked++;
      }
    }
  }
  assert.ok(checked > 30, `facts compared: ${checked}`);
});

test('no page or twin of the fixture shows undefined, [object Object] or NaN', async () => {
  const { pages } = await gridmeter();
  for (const page of pages) {
    const out = `${renderPageBody(page)}\n${pageMarkdown(page)}`;
    assert.doesNotMatch(out, /undefined|\[object Object\]|\bNaN\b/, page.title);
  }
});

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Values a description may hold under any keyword: right-shaped, wrong-shaped and hostile. */
const VALUES: unknown[] = [
  { type: 'string', minLength: 2 },
  { properties: { a: { type: 'integer' } }, required: ['a', 'b'] },
  { $ref: '#/components/schemas/Leaf' },
  true,
  false,
  null,
  'text',
  7,
  Number.NaN,
  [],
  [{ type: 'number' }, 'x'],
  { '^x-': { type: 'string' }, '': false, b: ['a', 3] },
  { url: 'javascript:alert(1)', description: 'x' },
  { url: 'https://example.test/d' },
];
const KEYWORDS = [
  'patternProperties',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'minContains',
  'maxContains',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
  'additionalProperties',
  'items',
  'prefixItems',
  'externalDocs',
  'required',
];

test('any value under any of these keywords, at any depth, builds pages and twins without undefined, [object Object] or NaN', async () => {
  for (let seed = 1; seed <= 40; seed++) {
    const next = random(seed);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
    const schema = (depth: number): Record<string, unknown> => {
      const out: Record<string, unknown> = { type: pick(['object', 'array', 'string', undefined]) };
      for (let i = 0; i < 4; i++) out[pick(KEYWORDS)] = depth < 3 && next() < 0.4 ? schema(depth + 1) : pick(VALUES);
      return out;
    };
    const document = {
      openapi: '3.1.0',
      info: { title: 'Random', version: '1' },
      paths: {
        '/things': {
          post: {
            summary: 'Create a thing',
            requestBody: { content: { 'application/json': { schema: schema(0) } } },
            responses: { '200': { description: 'OK', content: { 'application/json': { schema: schema(0) } } } },
          },
        },
      },
      components: { schemas: { Leaf: schema(1) } },
    };
    const loaded = await loadFixture({ 'openapi.json': document });
    assert.ok(loaded.spec, `seed ${seed}: loads`);
    const { pages } = buildPages(loaded.spec);
    assert.ok(pages.length >= 2, `seed ${seed}: pages`);
    for (const page of pages) {
      const out = `${renderPageBody(page)}\n${pageMarkdown(page)}`;
      assert.doesNotMatch(out, /undefined|\[object Object\]|\bNaN\b/, `seed ${seed}: ${page.title}`);
      assert.doesNotMatch(out, /javascript:/, `seed ${seed}: no unsafe link`);
    }
  }
});

test('an allOf whose parts each carry a conditional is shown as its parts, not merged into one that loses a rule', async () => {
  const loaded = await loadFixture({
    'openapi.yaml': `openapi: 3.1.0
info: { title: T, version: '1' }
paths:
  /a:
    post:
      summary: Post a
      requestBody:
        content:
          application/json:
            schema:
              allOf:
                - { if: { required: [card] }, then: { required: [cvc] } }
                - { if: { required: [iban] }, then: { required: [bic] } }
      responses: { '204': { description: Done } }
`,
  });
  assert.ok(loaded.spec, 'loads');
  const page = buildPages(loaded.spec).pages.find((p) => p.title === 'Post a');
  assert.ok(page, 'the page');
  const twin = pageMarkdown(page);
  assert.match(twin, /Required: `cvc`/);
  assert.match(twin, /Required: `bic`/);
});
