import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildFromDocument, renderPageBody } from './helpers.js';
import { generateLargeSpec } from './fixtures/generate-large-spec.js';

test('a 1,000-operation description builds one page per operation', async () => {
  const { pages: all, sidebar, diagnostics } = await buildFromDocument(generateLargeSpec(1000));
  assert.deepEqual(diagnostics, []);
  // The overview and the operations; the schema pages come last.
  const pages = all.filter((p) => p.kind !== 'api-schema');
  assert.equal(pages.length, 1001);
  assert.equal(new Set(all.map((p) => p.route)).size, all.length);
  assert.equal(sidebar.length, 1 + 8 + 1);
  // Shared components are built once and reused, and each page only holds what it shows.
  const sizes = pages.slice(1).map((p) => JSON.stringify(p).length);
  assert.ok(Math.max(...sizes) < 80_000, `largest page ${Math.max(...sizes)} bytes`);
  const html = renderPageBody(pages[1000]);
  assert.match(html, /items999/);
  assert.match(html, /circular reference to Tree/);
});
