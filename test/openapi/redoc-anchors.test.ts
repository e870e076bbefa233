import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadApiSpec } from '../../src/openapi/load-api-spec.js';
import { buildRouteTable } from '../../src/routes/build-route-table.js';
import { checkLinks, DEFAULT_LINK_POLICY } from '../../src/routes/check-links.js';
import type { Page } from '../../src/model.js';
import { buildPages } from './helpers.js';

/** A description written for Redoc: its links use Redoc's single-page fragments. */
async function redocPages(): Promise<Page[]> {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-redoc-'));
  cpSync(join(import.meta.dirname, 'fixtures/redoc-anchors'), root, { recursive: true });
  const { spec, diagnostics } = await loadApiSpec('openapi.yaml', { root });
  assert.ok(spec, JSON.stringify(diagnostics));
  const built = buildPages(spec);
  assert.deepEqual(built.diagnostics, []);
  return built.pages;
}

const OVERVIEW = '/api/reference/parcelpoint-shipping-api';
const hrefs = (page: Page) => {
  const body =
    page.body.type === 'api-overview'
      ? page.body.overview.descriptionHtml
      : page.body.type === 'api-operation'
        ? page.body.operation.descriptionHtml
        : '';
  return [...(body ?? '').matchAll(/href="([^"]+)"/g)]
    .map((m) => m[1])
    .filter((h) => !h.startsWith('#') || h.includes('/'));
};

test('Redoc-style anchors point at docsgen pages: tags at the overview, operations at their pages', async () => {
  const pages = await redocPages();
  const overview = pages.find((p) => p.kind === 'api-overview')!;
  assert.deepEqual(hrefs(overview), [
    `${OVERVIEW}#tag-shipments`,
    '/api/reference/buy-a-label',
    '/api/reference/reprint-a-label',
    `${OVERVIEW}#errors`,
    // `#section/Authentication/{scheme}` is the scheme's own entry in the overview's authentication section.
    `${OVERVIEW}#auth-secret-key`,
    `${OVERVIEW}#auth-oauth`,
  ]);
  const create = pages.find((p) => p.id === 'api/create-a-shipment')!;
  // `#tag/…/paths/{pointer}/{method}` is Redoc's anchor of an operation without an operationId.
  assert.deepEqual(hrefs(create), ['/api/reference/list-rates', '/api/reference/buy-a-label']);
});

test('links that still do not resolve are warnings with their JSON pointer; config can make them errors or silence them', async () => {
  const pages = await redocPages();
  const table = buildRouteTable(pages, {});
  const diagnostics = checkLinks(table, new Set());
  assert.deepEqual(diagnostics.map((d) => [d.severity, d.code, d.file, d.pointer, d.message.split(':')[0]]).sort(), [
    [
      'warning',
      'DG402',
      'openapi.yaml',
      '#/paths/~1shipments~1{id}~1label/post/responses/201/description',
      'Broken link "/docs/labels"',
    ],
    ['warning', 'DG405', 'openapi.yaml', '#/info/description', 'Broken anchor "#section/Errors"'],
    [
      'warning',
      'DG405',
      'openapi.yaml',
      '#/paths/~1shipments~1{id}~1rates/get/responses/200/description',
      'Broken anchor "#operation/getQuote"',
    ],
    ['warning', 'DG405', 'openapi.yaml', '#/tags/1/description', 'Broken anchor "#schema/Label"'],
  ]);
  assert.match(diagnostics.find((d) => d.message.includes('getQuote'))!.hint!, /Redoc-style anchors/);
  const strict = checkLinks(table, new Set(), {
    ...DEFAULT_LINK_POLICY,
    api: { onBrokenLinks: 'throw', onBrokenAnchors: 'ignore' },
  });
  assert.deepEqual(
    strict.map((d) => [d.severity, d.code]),
    [['error', 'DG402']],
  );
});

test("the site's own Markdown keeps failing the build on broken links, unless its own setting says otherwise", () => {
  const doc: Page = {
    id: 'guides/a',
    route: '/guides/a',
    kind: 'doc',
    title: 'A',
    description: '',
    tags: [],
    hideTableOfContents: false,
    sourcePath: 'content/guides/a.md',
    toc: [],
    anchors: [],
    links: [
      { route: '/gone', raw: '/gone', line: 3 },
      { route: '', hash: 'tag/Shipments', raw: '#tag/Shipments', line: 4 },
    ],
    body: { type: 'none' },
    text: '',
    docsFeatures: [],
  };
  const table = buildRouteTable([doc], {});
  assert.deepEqual(
    checkLinks(table, new Set()).map((d) => [d.severity, d.code, d.line]),
    [
      ['error', 'DG402', 3],
      ['error', 'DG405', 4],
    ],
  );
  const relaxed = checkLinks(table, new Set(), {
    ...DEFAULT_LINK_POLICY,
    site: { onBrokenLinks: 'warn', onBrokenAnchors: 'ignore' },
  });
  assert.deepEqual(
    relaxed.map((d) => [d.severity, d.code]),
    [['warning', 'DG402']],
  );
});
