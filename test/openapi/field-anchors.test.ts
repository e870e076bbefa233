import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { operationFields } from '../../src/openapi/api-anchors.js';
import { runBuild } from '../../src/build.js';
import { createMiniSite } from '../helpers/mini-site.js';
import { buildFromDocument, minimalDocument, renderPageBody } from './helpers.js';

// A payouts endpoint written the way real descriptions are: shared components, a wrapper with
// `data` and `meta`, arrays of objects, a map, a oneOf whose variants share a property name,
// camelCase and snake_case names, a response header, and two media types for one status.
const payouts = {
  get: {
    summary: 'List payouts of a wallet',
    parameters: [
      {
        name: 'wallet',
        in: 'path',
        required: true,
        description: 'Wallet address (base58).',
        schema: { type: 'string' },
      },
      {
        name: 'min_time',
        in: 'query',
        description: 'Start of the range, **inclusive**.',
        schema: { type: 'string', format: 'date-time' },
      },
      {
        name: 'filter',
        in: 'query',
        style: 'deepObject',
        schema: { type: 'object', properties: { token: { type: 'string', enum: ['iot', 'mobile'] } } },
      },
      { name: 'X-Request-Id', in: 'header', schema: { type: 'string' } },
    ],
    responses: {
      '200': {
        description: 'Payouts, newest first.',
        headers: { 'X-RateLimit-Remaining': { description: 'Calls left this minute.', schema: { type: 'integer' } } },
        content: {
          'application/json': { schema: { $ref: '#/components/schemas/PayoutPage' } },
          'text/csv': { schema: { type: 'string' } },
        },
      },
      '4XX': {
        description: 'Bad request',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } },
      },
    },
  },
  post: {
    summary: 'Schedule a payout',
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['amount'],
            properties: {
              amount: { type: 'string', description: 'In bones, as a string.' },
              splits: {
                type: 'array',
                items: { type: 'object', properties: { walletAddress: { type: 'string' }, share: { type: 'number' } } },
              },
              labels: {
                type: 'object',
                additionalProperties: { type: 'object', properties: { color: { type: 'string' } } },
              },
            },
          },
        },
      },
    },
    responses: { '202': { description: 'Accepted' } },
  },
};

const components = {
  schemas: {
    PayoutPage: {
      type: 'object',
      properties: {
        data: { type: 'array', items: { $ref: '#/components/schemas/Payout' } },
        meta: {
          type: 'object',
          properties: { next_cursor: { type: 'string', nullable: true, description: 'Pass as `cursor`.' } },
        },
      },
    },
    Payout: {
      type: 'object',
      properties: {
        startTimestamp: { type: 'integer' },
        amounts: {
          type: 'array',
          items: { type: 'object', properties: { token: { type: 'string' }, amount: { type: 'string' } } },
        },
        destination: {
          oneOf: [
            { title: 'Wallet', type: 'object', properties: { kind: { type: 'string' }, address: { type: 'string' } } },
            { title: 'Exchange', type: 'object', properties: { kind: { type: 'string' }, venue: { type: 'string' } } },
          ],
        },
      },
    },
    Problem: { type: 'object', properties: { title: { type: 'string' }, detail: { type: 'string' } } },
  },
};

const document = minimalDocument({ '/wallets/{wallet}/payouts': payouts }, { components });

test('operationFields: every parameter, header and property at any depth, with the contract anchors', async () => {
  const { pages, diagnostics } = await buildFromDocument(document);
  assert.deepEqual(diagnostics, []);
  const list = pages.find((p) => p.title === 'List payouts of a wallet');
  assert.ok(list?.body.type === 'api-operation', "list?.body.type === 'api-operation'");
  const fields = operationFields(list.body.operation);
  assert.deepEqual(
    fields.map((f) => `${f.location} ${f.anchor} ${f.name}`),
    [
      'path param-path-wallet wallet',
      'query param-query-min_time min_time',
      'query param-query-filter filter',
      'query param-query-filter.token filter.token',
      'header param-header-x-request-id X-Request-Id',
      'response header res-200-header-x-ratelimit-remaining X-RateLimit-Remaining',
      'response res-200-data data',
      // Array items add nothing to the path.
      'response res-200-data.starttimestamp data.startTimestamp',
      'response res-200-data.amounts data.amounts',
      'response res-200-data.amounts.token data.amounts.token',
      'response res-200-data.amounts.amount data.amounts.amount',
      'response res-200-data.destination data.destination',
      // Both variants have `kind`: the first keeps the anchor.
      'response res-200-data.destination.kind data.destination.kind',
      'response res-200-data.destination.address data.destination.address',
      'response res-200-data.destination.venue data.destination.venue',
      'response res-200-meta meta',
      'response res-200-meta.next_cursor meta.next_cursor',
      'response res-4xx-title title',
      'response res-4xx-detail detail',
    ],
  );
  assert.equal(fields.find((f) => f.anchor === 'param-query-min_time')?.description, 'Start of the range, inclusive.');
  assert.equal(fields.find((f) => f.anchor === 'res-200-meta.next_cursor')?.description, 'Pass as cursor.');
  assert.equal(fields.find((f) => f.anchor === 'param-header-x-request-id')?.description, '');
  for (const field of fields)
    assert.ok(list.anchors.includes(field.anchor), `${field.anchor} is an anchor of the page`);

  const create = pages.find((p) => p.title === 'Schedule a payout');
  assert.ok(create?.body.type === 'api-operation', "create?.body.type === 'api-operation'");
  assert.deepEqual(
    operationFields(create.body.operation).map((f) => f.anchor),
    ['req-amount', 'req-splits', 'req-splits.walletaddress', 'req-splits.share', 'req-labels', 'req-labels.color'],
  );
});

test('each field renders with its anchor as id (once) and a "Direct link to …" link', async () => {
  const { pages } = await buildFromDocument(document);
  for (const page of pages.filter((p) => p.body.type === 'api-operation')) {
    assert.ok(page.body.type === 'api-operation', "page.body.type === 'api-operation'");
    const html = renderPageBody(page);
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    assert.equal(new Set(ids).size, ids.length, `ids are unique on ${page.title}`);
    for (const field of operationFields(page.body.operation)) {
      assert.equal(ids.filter((id) => id === field.anchor).length, 1, `${field.anchor} is rendered once`);
      const short = field.name.split('.').pop() ?? '';
      assert.ok(
        html.includes(`<a class="hash-link" href="#${field.anchor}" aria-label="Direct link to ${short}">#</a>`),
        `${field.anchor} has a direct link`,
      );
    }
  }
});

/** Random schema trees: objects, arrays (of arrays), maps and oneOf, with colliding and odd names. */
function randomSchema(random: () => number, depth: number): Record<string, unknown> {
  const names = ['id', 'ID', 'amount', 'amount_total', 'camelCase', 'with space', 'ünïcode', '$ref', '--', 'data'];
  const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)];
  const kind = depth > 3 ? 'leaf' : pick(['object', 'object', 'array', 'map', 'oneOf', 'leaf']);
  if (kind === 'leaf') return { type: pick(['string', 'integer', 'boolean']) };
  if (kind === 'array') return { type: 'array', items: randomSchema(random, depth + 1) };
  if (kind === 'map') return { type: 'object', additionalProperties: randomSchema(random, depth + 1) };
  if (kind === 'oneOf') return { oneOf: [randomSchema(random, depth + 1), randomSchema(random, depth + 1)] };
  const properties: Record<string, unknown> = {};
  for (let i = 0, n = 1 + Math.floor(random() * 4); i < n; i++)
    properties[pick(names)] = randomSchema(random, depth + 1);
  return { type: 'object', properties };
}

function seeded(seed: number): () => number {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

test('property: for random schemas, the rendered field ids are exactly the anchors operationFields lists', async () => {
  for (let seed = 1; seed <= 25; seed++) {
    const random = seeded(seed);
    const schema = {
      type: 'object',
      properties: { a: randomSchema(random, 1), b: randomSchema(random, 1), items: randomSchema(random, 0) },
    };
    const doc = minimalDocument({
      '/x': {
        post: {
          summary: 'X',
          requestBody: { content: { 'application/json': { schema } } },
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: randomSchema(random, 0) } } },
          },
        },
      },
    });
    const { pages } = await buildFromDocument(doc);
    const page = pages[1];
    assert.ok(page.body.type === 'api-operation', "page.body.type === 'api-operation'");
    const html = renderPageBody(page);
    const rendered = [...html.matchAll(/ id="((?:param|req|res)-[^"]*)"/g)].map((m) => m[1]);
    const listed = operationFields(page.body.operation).map((f) => f.anchor);
    assert.deepEqual(rendered, listed, `seed ${seed}`);
    for (const anchor of listed)
      assert.match(anchor, /^(req|res-200)-[^\s#]+$/, `seed ${seed}: ${anchor} is a usable fragment`);
  }
});

test('a link in site Markdown to a field that does not exist fails the build; one to a field that does passes', async () => {
  const spec = JSON.stringify(minimalDocument({ '/wallets/{wallet}/payouts': payouts }, { components }));
  const site = (link: string) =>
    createMiniSite({
      config: "openapi: 'openapi.json',",
      files: {
        'openapi.json': spec,
        'content/guides/payouts.md': `---\ntitle: Payouts\ndescription: Paging through payouts.\n---\n\nFollow [the cursor](${link}) to the next page.\n`,
      },
    });
  const good = await runBuild({
    configPath: join(await site('/api/reference/list-payouts-of-a-wallet#res-200-meta.next_cursor'), 'site.config.ts'),
  });
  assert.deepEqual(
    good.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  const bad = await runBuild({
    configPath: join(await site('/api/reference/list-payouts-of-a-wallet#res-200-meta.cursor'), 'site.config.ts'),
  });
  const errors = bad.diagnostics.filter((d) => d.severity === 'error');
  assert.equal(errors.length, 1);
  assert.equal(errors[0].code, 'DG405');
  assert.match(errors[0].file ?? '', /content\/guides\/payouts\.md$/);
  assert.match(errors[0].message, /res-200-meta\.cursor/);
});
