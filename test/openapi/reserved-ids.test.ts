// Description headings must not take the ids an API page renders itself ('parameters',
// 'responses', 'schema'…): the heading-anchor plugin gives them the next free suffix in the tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildFromDocument, minimalDocument, renderPageBody } from './helpers.js';

// How API authors write long operation descriptions: their own "Parameters" and "Responses"
// sections, a heading repeated, and HTML quoted as code.
const DESCRIPTION = [
  'Lists the hotspots of a wallet.',
  '## Parameters',
  'Filter with `min_time`. The page renders `<h2 id="parameters">` itself.',
  '## Parameters',
  'Again, for paging.',
  '### Responses {#responses}',
  'See below.',
  '## Notes',
].join('\n\n');

const document = minimalDocument(
  {
    '/wallets/{address}/hotspots': {
      get: {
        operationId: 'listHotspots',
        summary: 'List hotspots',
        description: DESCRIPTION,
        parameters: [{ name: 'address', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Schema' } } },
          },
        },
      },
    },
  },
  {
    components: {
      schemas: { Schema: { type: 'object', description: '## Schema\n\nThe hotspot list.\n\n## Example\n\nText.' } },
    },
  },
);

test('description headings that would take a section id get a suffix; everything else is left alone', async () => {
  const { pages } = await buildFromDocument(document);
  const operation = pages.find((page) => page.body.type === 'api-operation')!;
  const html = renderPageBody(operation);
  const headingIds = [
    ...html.matchAll(/<h[23] id="([^"]+)">(Parameters|Responses|Notes)<a class="hash-link" href="#\1"/g),
  ];
  assert.deepEqual(
    headingIds.map((match) => `${match[2]}:${match[1]}`),
    [
      'Parameters:parameters-1',
      'Parameters:parameters-2',
      'Responses:responses-1',
      'Notes:notes',
      'Parameters:parameters',
      'Responses:responses',
    ],
  );
  assert.ok(html.includes('<code>&#x3C;h2 id="parameters"></code>'), 'text quoted as code is not rewritten');
  const ids = [...html.matchAll(/<[a-z][^>]*?\sid="([^"]+)"/g)].map((match) => match[1]);
  assert.equal(new Set(ids).size, ids.length, 'ids are unique');
  assert.deepEqual([...new Set(ids)].sort(), [...operation.anchors].sort());

  // The same schema description on its own page: there 'schema' and 'example' are the page's.
  const schemaPage = pages.find((page) => page.body.type === 'api-schema')!;
  const schemaHtml = renderPageBody(schemaPage);
  assert.match(schemaHtml, /<h2 id="schema-1">Schema<a class="hash-link" href="#schema-1"/);
  assert.match(schemaHtml, /<h2 id="example-1">Example<a class="hash-link" href="#example-1"/);
  assert.ok(schemaPage.anchors.includes('schema') && schemaPage.anchors.includes('schema-1'), 'both ids listed');
});
