import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { schemaPageRoutes } from '../../src/openapi/schema-pages.js';
import { buildSearchPages } from '../../src/search/build-search-pages.js';
import { ApiSchemaPage } from '../../templates/ApiSchemaPage.js';
import { buildFromDocument, minimalDocument, renderPageBody } from './helpers.js';

// A small payments API: a page wrapper around an item schema, a shared error response, a schema
// only other schemas use, one no operation uses, and names that collide once kebab-cased.
const components = {
  schemas: {
    TransferPage: {
      type: 'object',
      properties: {
        data: { type: 'array', items: { $ref: '#/components/schemas/Transfer' } },
        next: { type: 'string', nullable: true },
      },
    },
    Transfer: {
      type: 'object',
      description: 'Money moved between two [accounts](#schema/Account).',
      properties: {
        id: { type: 'string' },
        from: { $ref: '#/components/schemas/Account' },
        amount: { $ref: '#/components/schemas/Money' },
      },
    },
    Account: { type: 'object', properties: { iban: { type: 'string' } } },
    Money: { type: 'object', properties: { currency: { type: 'string' }, value: { type: 'string' } } },
    Problem: { type: 'object', properties: { title: { type: 'string' } } },
    Legacy_Thing: { type: 'string' },
    LegacyThing: { type: 'integer' },
  },
  responses: {
    Problem: {
      description: 'Something went wrong',
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    },
  },
};
const paths = {
  '/transfers': {
    get: {
      summary: 'List transfers',
      responses: {
        '200': {
          description: 'ok',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/TransferPage' } } },
        },
        '400': { $ref: '#/components/responses/Problem' },
      },
    },
  },
  '/accounts/{iban}': {
    get: {
      summary: 'Get an account',
      parameters: [{ name: 'iban', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': {
          description: 'ok',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Account' } } },
        },
      },
    },
  },
};
const document = minimalDocument(paths, { components });

test('schema routes: kebab-case names under {prefix}/schemas, colliding names numbered in document order', () => {
  const routes = schemaPageRoutes(document as never, '/api/reference');
  assert.deepEqual(Object.fromEntries(routes), {
    TransferPage: '/api/reference/schemas/transfer-page',
    Transfer: '/api/reference/schemas/transfer',
    Account: '/api/reference/schemas/account',
    Money: '/api/reference/schemas/money',
    Problem: '/api/reference/schemas/problem',
    Legacy_Thing: '/api/reference/schemas/legacy-thing',
    LegacyThing: '/api/reference/schemas/legacy-thing-2',
  });
});

test('one page per components/schemas entry, in the sidebar under "Schemas", listing where each is used', async () => {
  const { pages, sidebar, diagnostics } = await buildFromDocument(document);
  assert.deepEqual(diagnostics, []);
  const schemaPages = pages.filter((p) => p.kind === 'api-schema');
  assert.deepEqual(
    schemaPages.map((p) => p.title),
    Object.keys(components.schemas),
  );
  const category = sidebar.at(-1);
  assert.ok(
    category?.type === 'category' && category.label === 'Schemas',
    "category?.type === 'category' && category.label === 'Schemas'",
  );
  assert.deepEqual(
    category.items.map((i) => (i.type === 'link' ? i.route : '')),
    schemaPages.map((p) => p.route),
  );
  const page = (name: string) => {
    const found = schemaPages.find((p) => p.title === name);
    assert.ok(found?.body.type === 'api-schema', "found?.body.type === 'api-schema'");
    return found.body.schema;
  };
  // Money is only inside Transfer, which is inside TransferPage: the list operation uses it.
  assert.deepEqual(
    page('Money').usedBy.map((o) => o.summary),
    ['List transfers'],
  );
  assert.deepEqual(page('Money').referencedBy, [{ name: 'Transfer', href: '/api/reference/schemas/transfer' }]);
  assert.deepEqual(
    page('Account').usedBy.map((o) => o.summary),
    ['List transfers', 'Get an account'],
  );
  // Through the shared response component.
  assert.deepEqual(
    page('Problem').usedBy.map((o) => `${o.method} ${o.path} ${o.href}`),
    ['get /transfers /api/reference/list-transfers'],
  );
  assert.deepEqual(page('LegacyThing').usedBy, []);
  const transfer = schemaPages.find((p) => p.title === 'Transfer')!;
  assert.match(transfer.description, /^Money moved between two accounts/, "the page's description is the schema's");
  // The Redoc-style link in its description goes to the Account page.
  assert.ok(
    transfer.links.some((l) => l.route === '/api/reference/schemas/account'),
    JSON.stringify(transfer.links),
  );
  assert.ok(transfer.body.type === 'api-schema', "transfer.body.type === 'api-schema'");
  const html = renderToStaticMarkup(createElement(ApiSchemaPage, { view: transfer.body.schema }));
  assert.match(html, /<h1>Transfer<\/h1>/);
  assert.match(html, /id="used-by"/);
  assert.match(html, /href="\/api\/reference\/list-transfers"/);
  assert.match(html, /<a href="\/api\/reference\/schemas\/account">Account<\/a>|aria-label="Schema Account"/);
  assert.match(html, /"currency"/, 'a generated example');
  // Searchable by name and description, in the API group.
  const [search] = buildSearchPages([transfer]);
  assert.equal(search.type, 'api');
  assert.match(search.sections.map((s) => s.text).join(' '), /^Transfer Money moved between two accounts/);
});

test('every schema name shown on an operation page links to its schema page', async () => {
  const { pages } = await buildFromDocument(document, { baseUrl: '/docs/' });
  const html = renderPageBody(pages.find((p) => p.title === 'List transfers')!);
  const reference = html.slice(html.indexOf('api-operation__reference'));
  for (const name of ['TransferPage', 'Transfer', 'Account', 'Money', 'Problem']) {
    const slug = name === 'TransferPage' ? 'transfer-page' : name.toLowerCase();
    assert.match(
      reference,
      new RegExp(`<a [^>]*href="/docs/api/reference/schemas/${slug}"[^>]*>${name}</a>`),
      `${name} is linked`,
    );
  }
  // No link inside a <summary> (an interactive element in another).
  for (const summary of reference.match(/<summary>[\s\S]*?<\/summary>/g) ?? []) assert.doesNotMatch(summary, /<a /);
});

test('api.schemaPages: false builds no schema pages and no links to them', async () => {
  const { pages, sidebar } = await buildFromDocument(document, { schemaPages: false });
  assert.equal(pages.filter((p) => p.kind === 'api-schema').length, 0);
  assert.ok(
    sidebar.every((item) => item.type !== 'category' || item.label !== 'Schemas'),
    "sidebar.every((item) => item.type !== 'category' || item.label !== 'Schemas')",
  );
  assert.doesNotMatch(renderPageBody(pages.find((p) => p.title === 'List transfers')!), /\/schemas\//);
});
