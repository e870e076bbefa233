// Redoc's x-tagGroups: the API sidebar groups the tag categories under the group names, in the
// given order; a tag in no group is left out of the sidebar (as Redoc documents) but its
// operations keep their pages, and a warning (DG312) names it; the overview lists the groups.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { NavItem } from '../../src/model.js';
import { assertShownRight, buildPages, loadFixture, renderPageBody } from './helpers.js';

async function depot() {
  const text = readFileSync(new URL('./fixtures/constructs/depot-tag-groups-3.0.yaml', import.meta.url), 'utf8');
  const loaded = await loadFixture({ 'openapi.yaml': text });
  assert.ok(loaded.spec, `loads: ${JSON.stringify(loaded.diagnostics)}`);
  return buildPages(loaded.spec);
}

function tree(items: readonly NavItem[]): unknown[] {
  return items.map((item) => (item.type === 'category' ? { [item.label]: tree(item.items) } : item.label));
}

test('the sidebar groups the tags under the x-tagGroups names in their order; ungrouped tags are left out', async () => {
  const { sidebar, pages } = await depot();
  assert.deepEqual(tree(sidebar), [
    'Depot Fleet API',
    { Fleet: [{ Vehicles: ['List vehicles'] }, { Telemetry: ['Vehicle positions'] }] },
    { People: [{ Drivers: ['List drivers'] }, { Shifts: ['Plan a shift'] }] },
    'Health check',
  ]);
  assert.ok(
    pages.some((p) => p.title === 'List fuel cards' && p.kind === 'api-operation'),
    'the ungrouped tag keeps its pages',
  );
  for (const page of pages) assertShownRight(page);
});

test('ungrouped tags and unreadable groups are DG312 warnings', async () => {
  const { diagnostics } = await depot();
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.pointer]),
    [
      ['DG312', 'warning', '#/x-tagGroups/2'],
      ['DG312', 'warning', '#/x-tagGroups/3'],
      ['DG312', 'warning', '#/x-tagGroups'],
    ],
  );
  assert.match(diagnostics[2].message, /^Tag "Fuel cards" is in no x-tagGroups group: its operations have pages/);
});

test('the overview lists the groups with their tags linked to their sections', async () => {
  const { pages } = await depot();
  const overview = pages.find((p) => p.kind === 'api-overview')!;
  const html = renderPageBody(overview);
  assert.match(
    html,
    /<ul class="api-list api-tag-groups"><li><strong>Fleet<\/strong>: <span><a href="#tag-vehicles">Vehicles<\/a><\/span><span>, <a href="#tag-telemetry">Telemetry<\/a><\/span><\/li><li><strong>People<\/strong>: /,
  );
  assert.match(html, /id="tag-fuel-cards"/, 'the overview still has every tag section');
});

test('without x-tagGroups the sidebar is unchanged: one category per tag', async () => {
  const text = readFileSync(new URL('./fixtures/constructs/depot-tag-groups-3.0.yaml', import.meta.url), 'utf8');
  const loaded = await loadFixture({ 'openapi.yaml': text.replace(/^x-tagGroups:[\s\S]*?(?=^paths:)/m, '') });
  assert.ok(loaded.spec, 'loads');
  const { sidebar, diagnostics } = buildPages(loaded.spec);
  assert.deepEqual(diagnostics, []);
  assert.deepEqual(
    sidebar.map((item) => item.label),
    ['Depot Fleet API', 'Vehicles', 'Drivers', 'Shifts', 'Fuel cards', 'Telemetry', 'Health check'],
  );
});
