/**
 * Relevance of the embedded search on the real site: each reader query must have its page among
 * the first three results (and, where given, the matched heading among that page's hits). Runs
 * the browser's query code in Node against the index `docsgen build` writes.
 */
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildRealSite } from '../helpers/build-real-site.js';
import { createSearchEngine, type SearchEngine } from '../../src/search/search-engine.js';
import { RELEVANCE_QUERIES } from './relevance-queries.js';

let engine: SearchEngine;

before(async () => {
  const out = await buildRealSite();
  const load = async (name: string) => JSON.parse(await readFile(join(out, 'search', name), 'utf8'));
  engine = createSearchEngine(load);
  await engine.ready();
});

test(`at least 30 reader queries`, () => {
  assert.ok(RELEVANCE_QUERIES.length >= 30);
});

for (const { query, expect, anchor } of RELEVANCE_QUERIES) {
  test(`"${query}" → ${expect}${anchor ? `#${anchor}` : ''} in the top 3`, async () => {
    const outcome = await engine.search(query);
    const top = await engine.loadSnippets(outcome.groups.slice(0, 3), { hitsPerGroup: 3 });
    const routes = top.map((g) => g.route);
    const position = routes.indexOf(expect);
    assert.ok(position >= 0, `"${query}": expected ${expect} in the top 3, got:\n  ${routes.join('\n  ')}`);
    if (anchor) {
      const anchors = top[position].hits.map((hit) => hit.route.split('#')[1] ?? '');
      assert.ok(anchors.includes(anchor), `"${query}": expected #${anchor} among ${anchors.join(', ')}`);
    }
  });
}

// Parameter names are searchable: every operation that takes one is found, and a snake_case name
// (which only the API uses) puts an operation among the first three results.
for (const parameter of ['min_time', 'cbsd_id', 'max_time', 'cbsd_ids', 'bucket']) {
  test(`parameter ${parameter}: every operation that takes it is found`, async () => {
    const spec = JSON.parse(await readFile(join(import.meta.dirname, '../../openapi/heliumgeek.json'), 'utf8'));
    const summaries = new Set<string>();
    for (const item of Object.values(spec.paths) as Record<
      string,
      { summary?: string; parameters?: { name?: string; $ref?: string }[] }
    >[]) {
      for (const op of Object.values(item)) {
        if (typeof op !== 'object' || !op || !('responses' in op)) continue;
        const names = [
          ...(op.parameters ?? []),
          ...((item as { parameters?: { name?: string; $ref?: string }[] }).parameters ?? []),
        ].map((p) => p.name ?? resolveName(spec, p.$ref));
        if (names.includes(parameter)) summaries.add(op.summary!);
      }
    }
    assert.ok(summaries.size > 0, `no operation takes ${parameter}`);
    const outcome = await engine.search(parameter);
    const groups = await engine.loadSnippets(outcome.groups);
    const titles = groups.map((g) => g.titleText);
    for (const summary of summaries)
      assert.ok(titles.includes(summary), `${parameter}: "${summary}" is not among the results`);
    if (parameter.includes('_'))
      assert.ok(
        groups.slice(0, 3).some((g) => g.type === 'operation'),
        `${parameter}: no operation in the top 3`,
      );
  });
}

function resolveName(
  spec: { components?: { parameters?: Record<string, { name: string }> } },
  ref?: string,
): string | undefined {
  const key = ref?.split('/').pop();
  return key ? spec.components?.parameters?.[key]?.name : undefined;
}
