/** operationFields: every parameter, header and schema property with the shared deep-link anchor scheme. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { operationFields } from '../../src/openapi/api-anchors.js';
import type { ApiOperationView, ParameterView, SchemaView } from '../../src/api-view.js';

const parameter = (name: string, location: ParameterView['in'], description?: string): ParameterView => ({
  name,
  in: location,
  required: false,
  deprecated: false,
  type: 'string',
  constraints: [],
  descriptionHtml: description && `<p>${description}</p>`,
});
const prop = (name: string, extra: Partial<SchemaView> = {}): SchemaView => ({ name, type: 'string', ...extra });

const view = {
  slug: 'mobile-rewards',
  method: 'get',
  path: '/gateways/{address}/mobile/rewards',
  parameterGroups: [
    { location: 'path', id: 'path-parameters', title: 'Path parameters', parameters: [parameter('address', 'path')] },
    {
      location: 'query',
      id: 'query-parameters',
      title: 'Query parameters',
      parameters: [parameter('min_time', 'query', 'Start of the window, <em>inclusive</em>.')],
    },
    {
      location: 'header',
      id: 'header-parameters',
      title: 'Header parameters',
      parameters: [parameter('X-Trace Id', 'header')],
    },
  ],
  requestBody: {
    required: true,
    contents: [
      {
        id: 'request-body-json',
        mediaType: 'application/json',
        examples: [],
        schema: { type: 'object', properties: [prop('filter', { type: 'object', properties: [prop('hexRes')] })] },
      },
    ],
  },
  responses: [
    {
      id: 'response-200',
      status: '200',
      label: '200',
      kind: 'success',
      headers: [parameter('X-Gateway-Quota', 'header', 'Your monthly quota.')],
      content: {
        mediaType: 'application/json',
        examples: [],
        schema: {
          type: 'object',
          properties: [
            prop('data', {
              type: 'array',
              items: {
                type: 'object',
                properties: [prop('amount', { descriptionHtml: '<p>In bones.</p>' }), prop('rewardType')],
              },
            }),
            prop('next'),
          ],
        },
      },
    },
    { id: 'response-200-application-xml', status: '200', label: '200 xml', kind: 'success', headers: [] },
  ],
} as unknown as ApiOperationView;

test('parameters, headers and properties get the shared anchors; array items add nothing to a path', () => {
  assert.deepEqual(
    operationFields(view).map((f) => [f.anchor, f.name, f.location]),
    [
      ['param-path-address', 'address', 'path'],
      ['param-query-min_time', 'min_time', 'query'],
      ['param-header-x-trace-id', 'X-Trace Id', 'header'],
      ['req-filter', 'filter', 'request body'],
      ['req-filter.hexres', 'filter.hexRes', 'request body'],
      ['res-200-header-x-gateway-quota', 'X-Gateway-Quota', 'response header'],
      ['res-200-data', 'data', 'response'],
      ['res-200-data.amount', 'data.amount', 'response'],
      ['res-200-data.rewardtype', 'data.rewardType', 'response'],
      ['res-200-next', 'next', 'response'],
    ],
  );
});

test('descriptions are plain text; anchors are unique and never start a section id', () => {
  const fields = operationFields(view);
  assert.equal(fields.find((f) => f.name === 'min_time')!.description, 'Start of the window, inclusive.');
  assert.equal(new Set(fields.map((f) => f.anchor)).size, fields.length);
  for (const f of fields) assert.match(f.anchor, /^(param|req|res)-[^\s#]+$/);
});
