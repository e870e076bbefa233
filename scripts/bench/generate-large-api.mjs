// Writes a deterministic OpenAPI 3.1 description with N GET operations (default 1,000) in 20 tags,
// shaped like the HeliumGeek API (path/query parameters, $ref'd schemas, lists with cursors).
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export function generateLargeApi(count = 1000) {
  const tags = Array.from({ length: 20 }, (_, i) => `Resource group ${String(i + 1).padStart(2, '0')}`);
  const doc = {
    openapi: '3.1.0',
    info: {
      title: 'Large Benchmark API',
      version: '1.0.0',
      description: 'A generated description for build benchmarks: **1,000 operations**, shared schemas and parameters.',
    },
    servers: [{ url: 'https://api.example.com/v1' }],
    security: [{ ApiKeyAuth: [] }],
    tags: tags.map((name) => ({ name, description: `Operations of ${name.toLowerCase()}.` })),
    paths: {},
    components: {
      securitySchemes: { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      parameters: {
        Limit: {
          name: 'limit',
          in: 'query',
          schema: { type: 'integer', minimum: 1, maximum: 256, default: 100 },
          description: 'Page size.',
        },
        Cursor: { name: 'cursor', in: 'query', schema: { type: 'string' }, description: 'Cursor from `next`.' },
        MinTime: {
          name: 'min_time',
          in: 'query',
          required: true,
          schema: { type: 'string', format: 'date-time' },
          example: '2024-07-01T00:00:00.000Z',
          description: 'Inclusive start.',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: { error: { type: 'string' }, message: { type: 'string' } },
        },
      },
    },
  };
  for (let t = 0; t < 50; t++) {
    doc.components.schemas[`Record${t}`] = {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'string', description: 'Identifier.' },
        timestamp: { type: 'string', format: 'date-time' },
        amount: { type: 'string', pattern: '^[0-9]+$', description: 'Amount in base units.' },
        status: { type: 'string', enum: ['ok', 'warning', 'critical'] },
        location: { type: ['string', 'null'], description: 'H3 cell, res 12.' },
        related: { type: 'array', items: { $ref: `#/components/schemas/Record${(t + 1) % 50}Summary` } },
      },
    };
    doc.components.schemas[`Record${t}Summary`] = {
      type: 'object',
      properties: { id: { type: 'string' }, count: { type: 'integer' } },
    };
    doc.components.schemas[`Record${t}List`] = {
      type: 'object',
      properties: {
        data: { type: 'array', items: { $ref: `#/components/schemas/Record${t}` } },
        next: { type: 'string' },
      },
    };
  }
  for (let i = 0; i < count; i++) {
    const tag = tags[i % tags.length];
    const schema = `Record${i % 50}`;
    const list = i % 3 !== 0;
    doc.paths[`/group${i % 20}/items${i}/{address}${list ? '/history' : ''}`] = {
      get: {
        tags: [tag],
        operationId: `operation${i}`,
        summary: `${list ? 'List' : 'Get'} item ${i} of group ${i % 20}`,
        description: `Returns ${list ? 'a page of records' : 'one record'} for the address. Amounts are in base units; see the \`amount\` field.`,
        parameters: [
          {
            name: 'address',
            in: 'path',
            required: true,
            schema: { type: 'string' },
            example: '11cxkqa2PjpJ9YgY9qK3Njn4uSFu6dyK9xV8XE4ahFSqN1YN2db',
          },
          ...(list
            ? [
                { $ref: '#/components/parameters/Limit' },
                { $ref: '#/components/parameters/Cursor' },
                { $ref: '#/components/parameters/MinTime' },
              ]
            : []),
        ],
        responses: {
          200: {
            description: 'OK',
            content: {
              'application/json': { schema: { $ref: `#/components/schemas/${schema}${list ? 'List' : ''}` } },
            },
          },
          401: {
            description: 'Missing or bad key.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
          404: {
            description: 'Not found.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
      },
    };
  }
  return doc;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2] ?? '.bench/large-api.json';
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(generateLargeApi(Number(process.argv[3] ?? 1000)), null, 2));
}
