import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from '../../src/model.js';
import { getAtPointer, toPointer } from '../../src/openapi/json-pointer.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { buildFromDocument, minimalDocument } from './helpers.js';

const invoice = {
  type: 'object',
  description: 'An invoice. See [the list](#operation/listInvoices).',
  properties: { id: { type: 'string' }, total: { type: 'integer', description: 'In **cents**.' } },
};

/** A resource's operations each answer with the resource and an example of their own, as Redocly-split descriptions do. */
function answering(summary: string, example: Record<string, unknown>) {
  return {
    summary,
    operationId: summary.replace(/\W/g, ''),
    responses: {
      '200': {
        description: 'OK',
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/Invoice' },
            examples: { default: { value: example } },
          },
        },
      },
    },
  };
}

const schemaOf = (page: Page) =>
  page.body.type === 'api-operation' ? page.body.operation.responses[0].content?.schema : undefined;

test('a $ref schema answered by several operations, each with its own example, is one tree built once', async () => {
  const { pages } = await buildFromDocument(
    minimalDocument(
      {
        '/invoices/{id}': {
          get: answering('Retrieve an invoice', { id: 'in_1', total: 100 }),
          post: answering('Update an invoice', { id: 'in_1', total: 250 }),
          delete: answering('Delete an invoice', { id: 'in_1', total: 0 }),
        },
      },
      { components: { schemas: { Invoice: invoice } } },
    ),
  );
  const operations = pages.filter((page) => page.kind === 'api-operation');
  assert.equal(operations.length, 3, 'three operation pages');
  const trees = operations.map(schemaOf);
  assert.ok(trees[0]?.properties?.length === 2, 'the tree has the two properties');
  assert.ok(
    trees[1] === trees[0] && trees[2] === trees[0],
    'the same tree object: built once, not walked per operation',
  );
  for (const page of operations) {
    // What building the tree recorded is still each page's own: its search text and its links.
    assert.ok(page.text.includes('In cents'), `${page.route}: the property description is in its search text`);
    assert.ok(
      page.links.some((link) => link.raw === '#operation/listInvoices'),
      `${page.route}: the description's link`,
    );
  }
  const examples = operations.map((page) =>
    page.body.type === 'api-operation' ? page.body.operation.responses[0].content?.examples[0].html : '',
  );
  assert.equal(new Set(examples).size, 3, 'each operation keeps its own example');
});

test('getAtPointer finds any key, escaped (~0 ~1) or percent-encoded, as toPointer writes it', () => {
  const random = seededRandom(601);
  const alphabet = ['a', 'Z', '~', '/', '%', ' ', '{', '}', '0', '~1', 'é', '20'];
  for (let run = 0; run < 500; run++) {
    const tokens = Array.from({ length: 1 + Math.floor(random.next() * 4) }, () =>
      Array.from({ length: 1 + Math.floor(random.next() * 5) }, () => random.pick(alphabet)).join(''),
    );
    const value = { run };
    const document = tokens.reduceRight<unknown>((inner, token) => ({ [token]: inner, other: 1 }), value);
    // A `$ref` is a URI fragment: a literal '%' is written encoded, so only keys without one are written as they are.
    if (!tokens.some((t) => t.includes('%')))
      assert.equal(getAtPointer(document, toPointer(tokens)), value, `found ${JSON.stringify(tokens)}`);
    const encoded = `#/${tokens.map((t) => encodeURIComponent(t.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;
    assert.equal(getAtPointer(document, encoded), value, `found percent-encoded ${encoded}`);
  }
});
