import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { ApiOperationView, ApiOverviewView } from '../../src/api-view.js';
import type { Page } from '../../src/model.js';
import { operationMarkdown } from '../../src/output/markdown/operation-markdown.js';
import { buildPages, loadFixture, renderPageBody } from './helpers.js';

/** The operation header's authorization line as text. */
function authorization(html: string): string {
  const line = /<p class="api-security">(.*?)<\/p>/s.exec(html)?.[1] ?? '';
  return line
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

async function accounts() {
  const text = readFileSync(new URL('./fixtures/constructs/accounts-3.1.yaml', import.meta.url), 'utf8');
  const loaded = await loadFixture({ 'openapi.yaml': text });
  assert.ok(loaded.spec, `loads: ${JSON.stringify(loaded.diagnostics)}`);
  return buildPages(loaded.spec);
}

function operation(pages: Page[], title: string): { view: ApiOperationView; html: string } {
  const page = pages.find((p) => p.title === title);
  assert.ok(page && page.body.type === 'api-operation', `an operation page titled ${title}`);
  return { view: page.body.operation, html: renderPageBody(page) };
}

function overview(pages: Page[]): { view: ApiOverviewView; html: string; page: Page } {
  const page = pages.find((p) => p.body.type === 'api-overview');
  assert.ok(page && page.body.type === 'api-overview', 'an overview page');
  return { view: page.body.overview, html: renderPageBody(page), page };
}

test('several named examples get a selector: one <details> each, labelled by summary or name, the first open', async () => {
  const { pages } = await accounts();
  const { view, html } = operation(pages, 'Open an account');
  const request = view.requestBody?.contents[0];
  assert.deepEqual(
    request?.examples.map((e) => e.label),
    ['A personal account', 'A business account'],
    'the $ref resolves; an externalValue-only example cannot be shown inline and is left out',
  );
  assert.match(request?.examples[0].summaryHtml ?? '', /<em>simplest<\/em>/);
  assert.deepEqual(
    view.responses[0].content?.examples.map((e) => e.label),
    ['minimal', 'Everything filled in'],
  );
  const selectors = [
    ...html.matchAll(
      /<div class="api-examples api-alternatives" role="group" aria-label="Examples">(.*?)<\/div><\/div>(?=<\/)/gs,
    ),
  ];
  assert.equal(selectors.length, 2, 'the request body and the response example each have a selector');
  const summaries = [
    ...html.matchAll(
      /<details class="api-alternative" name="([^"]+)"( open="")?><summary class="api-alternative__label">([^<]+)<\/summary><div class="api-alternative__body api-example">/g,
    ),
  ];
  assert.deepEqual(
    summaries.map((m) => [m[3], Boolean(m[2])]),
    [
      ['minimal', true],
      ['Everything filled in', false],
      ['A personal account', true],
      ['A business account', false],
    ],
  );
  assert.equal(new Set(summaries.map((m) => m[1])).size, 2, 'each selector is its own group');
  assert.match(html, /Analytical Engines Ltd/);
  // Parameter examples: each value with its label (a blank summary falls back to the name).
  const region = view.parameterGroups[0].parameters[0];
  assert.deepEqual(region.examples, [
    { label: 'European Union', value: 'eu-west' },
    { label: 'us', value: 'us-east' },
  ]);
  assert.match(html, /<code>eu-west<\/code> <span class="api-muted">\(European Union\)<\/span>/);
});

test('the overview explains every security scheme once, OAuth 2.0 flows with their URLs and scopes', async () => {
  const { pages } = await accounts();
  const { view, html, page } = overview(pages);
  assert.deepEqual(
    view.securitySchemes.map((s) => [s.id, s.words]),
    [
      ['auth-api-key', 'API key in header X-Tally-Key'],
      ['auth-bearer', 'Bearer token (JWT) in header Authorization'],
      ['auth-basic', 'HTTP Basic credentials in header Authorization'],
      ['auth-mtls-org', 'Mutual TLS client certificate'],
      [
        'auth-oidc',
        'OpenID Connect token in header Authorization (discovery: https://id.tallybook.test/.well-known/openid-configuration)',
      ],
      ['auth-oauth', 'OAuth 2.0 access token in header Authorization (authorizationCode, clientCredentials)'],
    ],
  );
  const oauth = view.securitySchemes.at(-1);
  assert.deepEqual(
    oauth?.flows?.map((f) => [f.label, f.authorizationUrl, f.tokenUrl, f.refreshUrl, f.scopes.map((s) => s.name)]),
    [
      [
        'Authorization code',
        'https://id.tallybook.test/authorize',
        'https://id.tallybook.test/token',
        'https://id.tallybook.test/token',
        ['accounts:read', 'accounts:write'],
      ],
      ['Client credentials', undefined, 'https://id.tallybook.test/token', undefined, []],
    ],
  );
  assert.match(html, /<td><code>accounts:write<\/code><\/td><td>Open and close accounts<\/td>/);
  assert.match(html, /<h3[^>]*id="auth-oauth"/);
  for (const scheme of view.securitySchemes)
    assert.ok(page.anchors.includes(scheme.id), `${scheme.id} is a known anchor`);
});

test('each operation names its schemes with the scopes it needs, linked to the overview; security: [] says no credentials', async () => {
  const { pages } = await accounts();
  const overviewRoute = overview(pages).page.route;
  const open = operation(pages, 'Open an account');
  assert.deepEqual(
    open.view.securityRequirements?.map((a) => a.schemes.map((s) => [s.name, s.scopes, s.href])),
    [
      [['oauth', ['accounts:write', 'accounts:read'], `${overviewRoute}#auth-oauth`]],
      [
        ['bearer', [], `${overviewRoute}#auth-bearer`],
        ['mtlsOrg', [], `${overviewRoute}#auth-mtls-org`],
      ],
    ],
  );
  assert.equal(
    authorization(open.html),
    'Authorization: OAuth 2.0 access token in header Authorization (authorizationCode, clientCredentials) with scopes accounts:write, accounts:read, or Bearer token (JWT) in header Authorization and Mutual TLS client certificate',
  );
  assert.deepEqual(
    [...open.html.matchAll(/<a href="([^"]+#auth-[^"]+)">/g)].map((m) => m[1]),
    ['auth-oauth', 'auth-bearer', 'auth-mtls-org'].map((id) => `${overviewRoute}#${id}`),
  );
  const status = operation(pages, 'Service status');
  assert.equal(status.view.public, true);
  assert.equal(authorization(status.html), 'Authorization: none: this operation needs no credentials');
  assert.match(operationMarkdown(status.view), /## Authentication\n\nNone: this operation needs no credentials\./);
  const legacy = operation(pages, 'Balance (basic auth)');
  assert.equal(
    authorization(legacy.html),
    'Authorization: HTTP Basic credentials in header Authorization, or OpenID Connect token in header Authorization (discovery: https://id.tallybook.test/.well-known/openid-configuration) with scopes openid, profile',
  );
  for (const page of pages)
    assert.doesNotMatch(renderPageBody(page), /undefined|\[object Object\]|NaN/, `${page.route} shows no undefined`);
});
