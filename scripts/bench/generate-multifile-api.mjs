// Writes a deterministic multi-file OpenAPI 3.0 description in YAML, shaped like the large public
// descriptions maintained with Redocly's split layout: a root file, one file per path item, one per
// schema in a folder per domain, shared parameters, responses and examples, `$ref`s across folders
// (`../../components/schemas/billing/Invoice.yaml`), long Markdown descriptions with Redoc-style
// links (one to an operationId that does not exist, as real ones have) and `x-codeSamples`.
// 12 domains × 11 resources × 5 operations = 660 operations in about 2,900 files.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { stringify } from 'yaml';

const DOMAINS = [
  'accounts',
  'billing',
  'catalog',
  'checkout',
  'fulfilment',
  'identity',
  'inventory',
  'ledger',
  'messaging',
  'payouts',
  'reporting',
  'support',
];
const NOUNS = [
  'customer',
  'invoice',
  'product',
  'price',
  'order',
  'shipment',
  'refund',
  'dispute',
  'transfer',
  'webhook endpoint',
  'report run',
];
const PARTS = [
  'Address',
  'Money',
  'Audit',
  'Status',
  'Limits',
  'Contact',
  'Schedule',
  'Tax',
  'Document',
  'Note',
  'Link',
  'Summary',
  'Preferences',
];

/** A small seeded generator (mulberry32): the same seed gives the same description. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pascal = (text) => text.replace(/(^|\s)(\w)/g, (_, __, c) => c.toUpperCase());
const kebab = (text) => text.replace(/\s+/g, '-');
const snake = (text) => text.replace(/\s+/g, '_');
const title = (text) => text[0].toUpperCase() + text.slice(1);

function writer(root) {
  let files = 0;
  return {
    write(path, value) {
      const file = join(root, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, typeof value === 'string' ? value : stringify(value, { lineWidth: 0 }));
      files++;
    },
    /** A relative `$ref` from one file of the tree to another. */
    ref(from, to) {
      const path = relative(dirname(join(root, from)), join(root, to))
        .split('\\')
        .join('/');
      return { $ref: path.startsWith('.') ? path : `./${path}` };
    },
    get files() {
      return files;
    },
  };
}

function longDescription(rand, { noun, domain, links }) {
  const n = 2 + Math.floor(rand() * 3);
  const paragraphs = Array.from(
    { length: n },
    (_, i) =>
      `${title(noun)}s in **${domain}** keep their history: every change is recorded with who made it and when (${i + 1}/${n}). Use the \`expand[]\` parameter to include related objects instead of fetching them one by one; see [${links[i % links.length].label}](${links[i % links.length].href}).`,
  );
  return [
    ...paragraphs,
    '## Behaviour',
    `- Results are sorted by \`created\`, newest first.\n- Deleted ${noun}s are kept for 30 days and then purged.\n- Amounts are integers in the currency's smallest unit (cents for \`usd\`).`,
    '| field | meaning |\n|---|---|\n| `id` | Unique identifier, prefixed. |\n| `livemode` | `true` for live data, `false` in test mode. |',
    '```json\n{\n  "id": "' + snake(noun).slice(0, 3) + '_1MqB2",\n  "object": "' + snake(noun) + '"\n}\n```',
    `:::note\nThis endpoint is rate limited to 25 requests per second per account.\n:::`,
  ].join('\n\n');
}

function schemaFiles(w, rand, { domain, noun, base, tag }) {
  const Name = pascal(noun).replace(/\s/g, '');
  const parts = PARTS.map((part) => `${Name}${part}`);
  for (const [i, part] of parts.entries()) {
    const next = parts[i + 1];
    w.write(`${base}/${part}.yaml`, {
      type: 'object',
      description: `The ${PARTS[i].toLowerCase()} of a ${noun}.\n\nPart of the [${title(noun)}](#tag/${kebab(tag)}) object.`,
      properties: {
        id: { type: 'string', example: `${PARTS[i].toLowerCase().slice(0, 3)}_${i}8Xk2` },
        label: { type: 'string', nullable: rand() < 0.5, maxLength: 120 },
        kind: { type: 'string', enum: ['primary', 'secondary', 'legacy'], default: 'primary' },
        created: { type: 'integer', format: 'unix-time', readOnly: true },
        ...(i % 3 === 0 && next ? { detail: w.ref(`${base}/${part}.yaml`, `${base}/${next}.yaml`) } : {}),
        ...(i === 1 ? { currency: w.ref(`${base}/${part}.yaml`, 'components/schemas/common/Currency.yaml') } : {}),
      },
    });
  }
  const ref = (from, part) => w.ref(from, `${base}/${Name}${part}.yaml`);
  const entity = {
    type: 'object',
    title: Name,
    required: ['id', 'object', 'created'],
    description: `A ${noun} of the ${domain} API.`,
    properties: {
      id: {
        type: 'string',
        description: 'Unique identifier for the object.',
        example: `${snake(noun).slice(0, 3)}_1MqB2`,
      },
      object: { type: 'string', enum: [snake(noun)], description: "String representing the object's type." },
      created: {
        type: 'integer',
        format: 'unix-time',
        readOnly: true,
        description: 'Time at which the object was created.',
      },
      livemode: { type: 'boolean' },
      metadata: {
        type: 'object',
        additionalProperties: { type: 'string', maxLength: 500 },
        description: 'Set of key-value pairs.',
      },
      status: {
        type: 'string',
        enum: ['draft', 'open', 'paid', 'void'],
        'x-enumDescriptions': { draft: 'Not sent yet.', open: 'Waiting.', paid: 'Settled.', void: 'Cancelled.' },
      },
      address: ref(`${base}/${Name}.yaml`, 'Address'),
      amount: ref(`${base}/${Name}.yaml`, 'Money'),
      audit: ref(`${base}/${Name}.yaml`, 'Audit'),
      limits: ref(`${base}/${Name}.yaml`, 'Limits'),
      notes: { type: 'array', items: ref(`${base}/${Name}.yaml`, 'Note') },
      owner: w.ref(`${base}/${Name}.yaml`, 'components/schemas/common/Owner.yaml'),
    },
  };
  w.write(`${base}/${Name}.yaml`, entity);
  w.write(`${base}/${Name}Create.yaml`, {
    type: 'object',
    required: ['kind'],
    properties: {
      kind: { type: 'string', enum: ['standard', 'express'] },
      address: ref(`${base}/${Name}Create.yaml`, 'Address'),
      metadata: { type: 'object', additionalProperties: { type: 'string' } },
    },
  });
  w.write(`${base}/${Name}Update.yaml`, {
    type: 'object',
    properties: {
      address: ref(`${base}/${Name}Update.yaml`, 'Address'),
      status: { type: 'string', enum: ['open', 'void'] },
    },
  });
  w.write(`${base}/${Name}List.yaml`, {
    type: 'object',
    required: ['data', 'has_more'],
    properties: {
      object: { type: 'string', enum: ['list'] },
      data: { type: 'array', items: ref(`${base}/${Name}List.yaml`, '') },
      has_more: { type: 'boolean' },
      url: { type: 'string' },
    },
  });
  return Name;
}

function codeSamples(method, path) {
  return [
    {
      lang: 'curl',
      label: 'cURL',
      source: `curl -X ${method.toUpperCase()} https://api.example.com/v1${path.replace(/\{(\w+)\}/g, 'xyz_123')} \\\n  -u "sk_test_4eC39HqLyjWDarjtT1zdp7dc:"`,
    },
    {
      lang: 'Node.js',
      source: `const client = require('example')('sk_test_...');\n\nconst result = await client.${method}('${path}');\nconsole.log(result.id);`,
    },
  ];
}

function operation(w, rand, { from, path, domain, noun, Name, base, method, kind, tag, links }) {
  const schemas = (to) => w.ref(from, `${base}/${Name}${to}.yaml`);
  const op = {
    tags: [tag],
    operationId: `${domain}_${kind}${Name}`,
    summary: {
      list: `List all ${domain} ${noun}s`,
      create: `Create a ${domain} ${noun}`,
      get: `Retrieve a ${domain} ${noun}`,
      update: `Update a ${domain} ${noun}`,
      delete: `Delete a ${domain} ${noun}`,
    }[kind],
    description: longDescription(rand, { noun, domain, links }),
    parameters:
      kind === 'list'
        ? [
            w.ref(from, 'components/parameters/limit.yaml'),
            w.ref(from, 'components/parameters/starting_after.yaml'),
            w.ref(from, 'components/parameters/ending_before.yaml'),
          ]
        : [w.ref(from, 'components/parameters/expand.yaml')],
    'x-codeSamples': codeSamples(method, path),
    responses: {
      200: {
        description: 'Successful response.',
        content: {
          'application/json': {
            schema: kind === 'list' ? schemas('List') : schemas(''),
            examples: {
              default: w.ref(from, `components/examples/${domain}/${Name}${kind === 'list' ? 'List' : ''}.yaml`),
            },
          },
        },
      },
      400: w.ref(from, 'components/responses/BadRequest.yaml'),
      401: w.ref(from, 'components/responses/Unauthorized.yaml'),
      404: w.ref(from, 'components/responses/NotFound.yaml'),
      429: w.ref(from, 'components/responses/TooManyRequests.yaml'),
    },
  };
  if (kind === 'create' || kind === 'update')
    op.requestBody = {
      required: kind === 'create',
      content: { 'application/json': { schema: schemas(kind === 'create' ? 'Create' : 'Update') } },
    };
  if (rand() < 0.05) op.deprecated = true;
  return op;
}

function sharedComponents(w) {
  w.write('components/schemas/common/Currency.yaml', {
    type: 'string',
    description: 'Three-letter ISO currency code, in lowercase.',
    pattern: '^[a-z]{3}$',
    example: 'usd',
  });
  w.write('components/schemas/common/Owner.yaml', {
    type: 'object',
    properties: { id: { type: 'string' }, email: { type: 'string', format: 'email', nullable: true } },
  });
  w.write('components/schemas/common/Error.yaml', {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        properties: {
          type: { type: 'string', enum: ['api_error', 'card_error', 'invalid_request_error'] },
          message: { type: 'string' },
          param: { type: 'string' },
        },
      },
    },
  });
  for (const [name, description] of [
    ['BadRequest', 'The request was unacceptable, often due to a missing parameter.'],
    ['Unauthorized', 'No valid API key provided.'],
    ['NotFound', "The requested resource doesn't exist."],
    ['TooManyRequests', 'Too many requests hit the API too quickly.'],
  ]) {
    w.write(`components/responses/${name}.yaml`, {
      description,
      headers: { 'Request-Id': w.ref(`components/responses/${name}.yaml`, 'components/headers/Request-Id.yaml') },
      content: {
        'application/json': {
          schema: w.ref(`components/responses/${name}.yaml`, 'components/schemas/common/Error.yaml'),
        },
      },
    });
  }
  w.write('components/headers/Request-Id.yaml', {
    description: 'Identifier of the request, for support.',
    schema: { type: 'string' },
  });
  w.write('components/parameters/limit.yaml', {
    name: 'limit',
    in: 'query',
    description: 'A limit on the number of objects to be returned, between 1 and 100.',
    schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
  });
  w.write('components/parameters/starting_after.yaml', {
    name: 'starting_after',
    in: 'query',
    description: 'A cursor for use in pagination: an object ID that defines your place in the list.',
    schema: { type: 'string' },
  });
  w.write('components/parameters/ending_before.yaml', {
    name: 'ending_before',
    in: 'query',
    description: 'A cursor for use in pagination, backwards.',
    schema: { type: 'string' },
  });
  w.write('components/parameters/expand.yaml', {
    name: 'expand[]',
    in: 'query',
    description: 'Specifies which fields in the response should be expanded.',
    style: 'form',
    explode: true,
    schema: { type: 'array', items: { type: 'string', maxLength: 5000 } },
  });
}

function rootDocument(tags, tagGroups, paths) {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Example Commerce API',
      version: '2025-01-27',
      description: [
        'The Example Commerce API is organised around REST: resource-oriented URLs, form-encoded or JSON request bodies and JSON responses.',
        '# Authentication',
        'Authenticate with your [secret key](#section/Authentication/secretKey) as the basic-auth user name. Keys of test mode start with `sk_test_`.',
        '# Errors',
        'Conventional HTTP status codes: `2xx` success, `4xx` a problem with the request, `5xx` ours. See [customers](#tag/Customer) for a typical resource and [listing customers](#operation/accounts_listCustomer) for pagination.',
        '# Pagination',
        'Every list endpoint takes `limit`, `starting_after` and `ending_before`. The [changelog](#operation/changelog_list) explains the older offset parameters.',
      ].join('\n\n'),
      contact: { name: 'API support', email: 'api@example.com', url: 'https://example.com/support' },
    },
    servers: [{ url: 'https://api.example.com/v1' }],
    security: [{ secretKey: [] }],
    tags,
    'x-tagGroups': tagGroups,
    paths,
    components: {
      securitySchemes: {
        secretKey: { type: 'http', scheme: 'basic', description: 'Your secret API key as the user name, no password.' },
      },
    },
  };
}

/** Writes the description into `root` (emptied first) and returns the root file's path and the number of files. */
export function generateMultiFileApi(root) {
  rmSync(root, { recursive: true, force: true });
  const w = writer(root);
  const rand = random(20250127);
  sharedComponents(w);
  const tags = [];
  const tagGroups = [];
  const paths = {};
  for (const domain of DOMAINS) {
    const group = { name: title(domain), tags: [] };
    for (const noun of NOUNS) {
      const base = `components/schemas/${domain}`;
      const tag = title(noun);
      const tagName = `${title(domain)}: ${tag}`;
      const Name = schemaFiles(w, rand, {
        domain,
        noun,
        tag: tagName,
        base: `${base}/${pascal(noun).replace(/\s/g, '')}`,
      });
      const fullBase = `${base}/${Name}`;
      w.write(`components/schemas/${domain}/${Name}/${Name}Id.yaml`, {
        name: 'id',
        in: 'path',
        required: true,
        description: `The identifier of the ${noun}.`,
        schema: { type: 'string' },
      });
      for (const suffix of ['', 'List'])
        w.write(`components/examples/${domain}/${Name}${suffix}.yaml`, {
          summary: `A ${noun}${suffix ? ' list' : ''}`,
          value: suffix
            ? { object: 'list', data: [{ id: 'obj_1', object: snake(noun) }], has_more: false }
            : { id: 'obj_1', object: snake(noun), created: 1700000000, livemode: false },
        });
      tags.push({
        name: tagName,
        description: `${title(noun)}s of ${domain}. Start with [${title(noun)}s](#tag/${kebab(tagName)}).`,
      });
      group.tags.push(tagName);
      const links = [
        { label: 'the object', href: `#tag/${encodeURIComponent(tagName)}` },
        { label: 'errors', href: '#section/Errors' },
        { label: 'retrieving one', href: `#operation/${domain}_get${Name}` },
      ];
      const collection = `/${domain}/${kebab(noun)}s`;
      const item = `${collection}/{id}`;
      const files = {
        collection: `paths/${domain}/${kebab(noun)}s.yaml`,
        item: `paths/${domain}/${kebab(noun)}s@{id}.yaml`,
      };
      const common = { w, rand, domain, noun, Name, base: fullBase, tag: tagName, links };
      w.write(files.collection, {
        get: operation(w, rand, { ...common, from: files.collection, path: collection, method: 'get', kind: 'list' }),
        post: operation(w, rand, {
          ...common,
          from: files.collection,
          path: collection,
          method: 'post',
          kind: 'create',
        }),
      });
      w.write(files.item, {
        parameters: [w.ref(files.item, `${fullBase}/${Name}Id.yaml`)],
        get: operation(w, rand, { ...common, from: files.item, path: item, method: 'get', kind: 'get' }),
        post: operation(w, rand, { ...common, from: files.item, path: item, method: 'post', kind: 'update' }),
        delete: operation(w, rand, { ...common, from: files.item, path: item, method: 'delete', kind: 'delete' }),
      });
      paths[collection] = { $ref: files.collection };
      paths[item] = { $ref: files.item };
    }
    tagGroups.push(group);
  }
  w.write('openapi.yaml', rootDocument(tags, tagGroups, paths));
  return { file: join(root, 'openapi.yaml'), files: w.files };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { file, files } = generateMultiFileApi(process.argv[2] ?? '.bench/multifile-api');
  console.log(`${file}: ${files} files`);
}
