// The 52 operation pages of openapi/heliumgeek.json have exactly the slugs of the spec's route
// list, in its order, under the overview page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadApiSpec } from '../../src/openapi/load-api-spec.js';
import { buildPages, renderPageBody } from './helpers.js';
import { specRoutes } from '../helpers/spec-routes.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

test('openapi/heliumgeek.json builds the 52 API routes of the spec, in order', async () => {
  const { spec, diagnostics } = await loadApiSpec('openapi/heliumgeek.json', { root });
  assert.deepEqual(
    diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  assert.ok(spec, 'spec');
  const { pages, sidebar, diagnostics: buildDiagnostics } = buildPages(spec, { productSlug: 'heliumgeek' });
  assert.deepEqual(buildDiagnostics, []);
  const expected = specRoutes().filter((route) => route.startsWith('/api/reference/'));
  assert.equal(expected.length, 53);
  // Then one page per components/schemas entry, which the spec's route list leaves open.
  const schemaPages = pages.filter((p) => p.kind === 'api-schema');
  assert.equal(schemaPages.length, Object.keys(spec.document.components?.schemas ?? {}).length);
  assert.ok(
    schemaPages.every((p) => p.route.startsWith('/api/reference/schemas/')),
    "schemaPages.every((p) => p.route.startsWith('/api/reference/schemas/'))",
  );
  assert.deepEqual(
    pages.filter((p) => p.kind !== 'api-schema').map((p) => p.route),
    expected,
  );
  assert.equal(pages[0].kind, 'api-overview');
  assert.equal(sidebar.length, 1 + 6 + 1);
  assert.deepEqual(
    sidebar.slice(1).map((item) => item.label),
    ['Gateways', 'IoT', 'Mobile', 'Coverage and boosting', 'Radios', 'Network', 'Schemas'],
  );
  for (const page of pages.slice(1, expected.length)) assert.equal(page.badge, 'GET');
  // Every page renders, and is plain serialisable data.
  for (const page of pages) {
    assert.ok(renderPageBody(page).length > 1000, page.id);
    assert.deepEqual(JSON.parse(JSON.stringify(page)), page);
  }
});
