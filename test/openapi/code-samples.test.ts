import { test } from 'node:test';
import assert from 'node:assert/strict';
import { snippetz } from '@scalar/snippetz';
import { DEFAULT_CODE_LANGUAGES } from '../../src/config/schema.js';
import type { ApiOperationView } from '../../src/api-view.js';
import { CODE_LANGUAGES } from '../../src/openapi/code-languages.js';
import { buildFromDocument, minimalDocument, renderPageBody } from './helpers.js';

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', amp: '&' };
/** The code of a rendered sample, as a reader would copy it. */
const codeText = (html: string) =>
  html
    .replace(/<button[^]*?<\/button>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|lt|gt|quot|amp);/gi, (_, e: string) =>
      e[0] === '#' ? String.fromCodePoint(Number(e[1] === 'x' ? `0${e.slice(1)}` : e.slice(1))) : ENTITIES[e],
    );

const apiKey = {
  components: { securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
  security: [{ ApiKey: [] }],
};

function gatewayRewards(extra: Record<string, unknown> = {}) {
  return {
    summary: 'Gateway rewards',
    parameters: [
      { name: 'address', in: 'path', required: true, schema: { type: 'string' }, example: '11cxkqa2PjpJ9YgY9qK3' },
      {
        name: 'min_time',
        in: 'query',
        required: true,
        schema: { type: 'string', format: 'date-time' },
        example: '2024-07-01T00:00:00Z',
      },
      { name: 'bucket', in: 'query', required: true, schema: { type: 'string', enum: ['hour', 'day'] } },
      { name: 'limit', in: 'query', schema: { type: 'integer', default: 100 } },
    ],
    responses: { '200': { description: 'OK' } },
    ...extra,
  };
}

async function operationView(
  operation: Record<string, unknown>,
  extra: Record<string, unknown> = apiKey,
): Promise<ApiOperationView> {
  const { pages } = await buildFromDocument(
    minimalDocument({ '/gateways/{address}/rewards': { get: operation } }, extra),
  );
  const body = pages[1].body;
  assert.ok(body.type === 'api-operation', "body.type === 'api-operation'");
  return body.operation;
}

test('snippetz has a client for each of the 20 languages', () => {
  const snippets = snippetz();
  assert.equal(DEFAULT_CODE_LANGUAGES.length, 20);
  for (const language of DEFAULT_CODE_LANGUAGES) {
    const target = CODE_LANGUAGES[language];
    assert.ok(target && snippets.hasPlugin(target.target, target.client), language);
  }
});

test('code samples in all 20 languages carry the method, URL with example values, required query and x-api-key', async () => {
  const view = await operationView(gatewayRewards());
  assert.deepEqual(
    view.codeSamples.map((s) => s.language),
    [...DEFAULT_CODE_LANGUAGES],
  );
  for (const sample of view.codeSamples) {
    const code = codeText(sample.html);
    assert.match(code, /x-api-key/, `${sample.language}: header name`);
    assert.match(code, /YOUR_API_KEY/, `${sample.language}: key placeholder`);
    assert.match(code, /gateways\/11cxkqa2PjpJ9YgY9qK3\/rewards/, `${sample.language}: path with the example value`);
    assert.match(code, /min_time/, `${sample.language}: required query parameter`);
    assert.match(code, /2024-07-01T00(:|%3A)00(:|%3A)00Z/, `${sample.language}: its example value`);
    assert.match(code, /hour/, `${sample.language}: enum parameters use their first value`);
    assert.doesNotMatch(code, /limit/, `${sample.language}: optional parameters are left out`);
    assert.match(sample.html, /class="hljs language-/, `${sample.language}: highlighted`);
    assert.doesNotMatch(sample.html, /language-plaintext/, `${sample.language}: a highlight.js grammar`);
  }
  const curl = codeText(view.codeSamples[0].html);
  assert.match(
    curl,
    /^curl 'https:\/\/api\.acme\.test\/v1\/gateways\/11cxkqa2PjpJ9YgY9qK3\/rewards\?min_time=2024-07-01T00:00:00Z&bucket=hour' \\\n {2}--header 'x-api-key: YOUR_API_KEY'$/,
  );
});

test('samples printed from a shared template equal samples printed directly', async () => {
  const snippets = snippetz();
  const view = await operationView(gatewayRewards());
  for (const sample of view.codeSamples) {
    const { target, client, separateQuery } = CODE_LANGUAGES[sample.language];
    const url = 'https://api.acme.test/v1/gateways/11cxkqa2PjpJ9YgY9qK3/rewards';
    const query = [
      { name: 'min_time', value: '2024-07-01T00:00:00Z' },
      { name: 'bucket', value: 'hour' },
    ];
    const har = separateQuery
      ? { method: 'GET', url, queryString: query }
      : { method: 'GET', url: `${url}?${query.map((q) => `${q.name}=${q.value}`).join('&')}` };
    const direct = snippets.print(
      target as never,
      client as never,
      { ...har, headers: [{ name: 'x-api-key', value: 'YOUR_API_KEY' }], cookies: [] } as never,
    )!;
    const expected = separateQuery ? direct.replace(/%3A/g, ':') : direct;
    assert.equal(codeText(sample.html), expected.replace(/\n+$/, ''), sample.language);
  }
});

test('values that need quoting or encoding are printed for real', async () => {
  const view = await operationView(
    gatewayRewards({
      parameters: [
        { name: 'address', in: 'path', required: true, schema: { type: 'string' }, example: 'a b/c' },
        { name: 'name', in: 'query', required: true, schema: { type: 'string' }, example: "O'Brien & sons" },
      ],
    }),
  );
  const curl = codeText(view.codeSamples[0].html);
  assert.match(
    curl,
    /^curl 'https:\/\/api\.acme\.test\/v1\/gateways\/a%20b%2Fc\/rewards\?name=O%27Brien%20%26%20sons' \\$/m,
  );
  const python = codeText(view.codeSamples.find((s) => s.language === 'python')!.html);
  assert.match(python, /gateways\/a%20b%2Fc\/rewards\?name=O%27Brien%20%26%20sons"/);
});

test('x-codeSamples replace the generated sample of their language; others come after', async () => {
  const view = await operationView(
    gatewayRewards({
      'x-codeSamples': [
        { lang: 'Python', label: 'Python SDK', source: 'from heliumgeek import Client\nClient().rewards("11cx")' },
        { lang: 'TypeScript', source: 'await client.rewards("11cx")' },
      ],
    }),
  );
  const python = view.codeSamples.find((s) => s.language === 'python')!;
  assert.equal(python.label, 'Python SDK');
  assert.match(codeText(python.html), /from heliumgeek import Client/);
  assert.equal(view.codeSamples.length, 21);
  assert.deepEqual(view.codeSamples.at(-1), {
    ...view.codeSamples.at(-1)!,
    language: 'typescript',
    label: 'TypeScript',
    id: 'sample-typescript',
  });
});

test('a request body is sent with its media type; no security means no key', async () => {
  const { pages } = await buildFromDocument(
    minimalDocument({
      '/items': {
        post: {
          summary: 'Create item',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { name: { type: 'string', example: 'lamp' }, id: { type: 'string', readOnly: true } },
                },
              },
            },
          },
          responses: { '201': { description: 'Created' } },
        },
      },
    }),
    { languages: ['curl', 'python'] },
  );
  const body = pages[1].body;
  assert.ok(body.type === 'api-operation', "body.type === 'api-operation'");
  const curl = codeText(body.operation.codeSamples[0].html);
  assert.match(curl, /--request POST/);
  assert.match(curl, /Content-Type: application\/json/);
  assert.match(curl, /"name": "lamp"/);
  assert.doesNotMatch(curl, /"id"/, 'read-only properties are not sent');
  assert.doesNotMatch(curl, /x-api-key/);
  assert.equal(body.operation.codeSamples.length, 2);
});

test('the code-sample tabs show the first visibleTabs languages and the rest in an overflow menu', async () => {
  const { pages } = await buildFromDocument(
    minimalDocument({ '/a': { get: gatewayRewards({ parameters: [] }) } }, apiKey),
    { visibleTabs: 4 },
  );
  const html = renderPageBody(pages[1]);
  // The samples' tab group ends where the next one (response examples, or the reference) starts.
  const samples = html.slice(
    html.indexOf('data-code-tabs="language"'),
    html.indexOf('<section', html.indexOf('data-code-tabs="language"')),
  );
  const [visible, overflow] = samples.split('<details class="api-tabs__more">');
  assert.equal((visible.match(/role="tab"/g) ?? []).length, 4);
  assert.equal((overflow.slice(0, overflow.indexOf('</details>')).match(/role="tab"/g) ?? []).length, 16);
  assert.equal((samples.match(/role="tabpanel"/g) ?? []).length, 20);
  assert.equal((samples.match(/role="tabpanel"[^>]*hidden=""/g) ?? []).length, 19);
  assert.match(
    samples,
    /<a role="tab" id="tab-sample-curl" href="#sample-curl" aria-controls="sample-curl" aria-selected="true" data-tab-value="curl"/,
  );
  assert.match(
    samples,
    /<div role="tabpanel" id="sample-python" class="api-tabs__panel" aria-labelledby="tab-sample-python" data-tab-panel="python" tabindex="0" hidden="">/,
  );
});
