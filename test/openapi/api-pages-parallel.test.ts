import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CODE_LANGUAGES } from '../../src/config/schema.js';
import { createHighlighter } from '../../src/content/highlighter.js';
import type { Page } from '../../src/model.js';
import type { ApiSpec } from '../../src/openapi/api-spec.js';
import { buildApiPages, type ApiPages, type BuildApiPagesOptions } from '../../src/openapi/build-api-pages.js';
import {
  apiPageWorkers,
  buildApiPagesParallel,
  operationShares,
  PARALLEL_OPERATIONS,
} from '../../src/openapi/build-api-pages-parallel.js';
import { pageMarkdown } from '../../src/output/markdown/page-markdown.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { generateLargeSpec } from './fixtures/generate-large-spec.js';
import { loadFixture } from './helpers.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');

const options = (): BuildApiPagesOptions => ({
  routePrefix: '/api/reference',
  productSlug: 'acme',
  baseUrl: '/docs/',
  highlighter: createHighlighter(),
  languages: DEFAULT_CODE_LANGUAGES,
  visibleTabs: 6,
});

async function loadSpec(files: Record<string, unknown>, entry?: string): Promise<ApiSpec> {
  const { spec, diagnostics } = await loadFixture(files, entry);
  assert.ok(spec, `the fixture loads: ${JSON.stringify(diagnostics)}`);
  return spec;
}

/** A page without the twin a worker attaches: the rest must be what the main thread builds. */
const withoutTwin = (page: Page): Page =>
  page.body.type === 'api-operation'
    ? { ...page, body: { type: 'api-operation', operation: page.body.operation } }
    : page;

/** Pages (with their Markdown twins), sidebar and problems equal to the single-threaded build's. */
function assertSameReference(parallel: ApiPages, alone: ApiPages, what: string): void {
  assert.deepEqual(parallel.pages.map(withoutTwin), alone.pages, `${what}: same pages`);
  assert.deepEqual(parallel.pages.map(pageMarkdown), alone.pages.map(pageMarkdown), `${what}: same twins`);
  assert.deepEqual(parallel.sidebar, alone.sidebar, `${what}: same sidebar`);
  assert.deepEqual(parallel.diagnostics, alone.diagnostics, `${what}: same problems, in the same order`);
}

test('operation pages built on 1 or 3 workers are the pages, twins and problems of a build on the main thread', async () => {
  // Real-looking descriptions: callbacks, webhooks, links, Redoc-style anchors and broken links (problems).
  const constructs = readdirSync(join(FIXTURES, 'constructs')).sort();
  const cases: { name: string; spec: ApiSpec }[] = [];
  for (const name of constructs.slice(0, 3))
    cases.push({ name, spec: await loadSpec({ [name]: readFileSync(join(FIXTURES, 'constructs', name), 'utf8') }) });
  cases.push({
    name: 'redoc-anchors',
    spec: await loadSpec({ 'openapi.yaml': readFileSync(join(FIXTURES, 'redoc-anchors', 'openapi.yaml'), 'utf8') }),
  });
  const random = seededRandom(14);
  const count = 5 + Math.floor(random.next() * 40);
  cases.push({
    name: `generated, ${count} operations`,
    spec: await loadSpec({ 'openapi.json': generateLargeSpec(count) }),
  });
  for (const [i, { name, spec }] of cases.entries()) {
    assert.ok(spec.operations.length > 1, `${name} has operations to share`);
    const workers = i % 2 === 0 ? 1 : 3;
    const parallel = await buildApiPagesParallel(spec, options(), workers);
    const twins = parallel.pages.filter((page) => page.body.type === 'api-operation' && page.body.markdown);
    assert.ok(twins.length > 0, `${name}: some pages came from a worker (with their twin)`);
    assertSameReference(parallel, buildApiPages(spec, options()), `${name} on ${workers} worker(s)`);
  }
});

test('operation shares cover every operation once, in order, as even as they divide', () => {
  const random = seededRandom(1400);
  for (let run = 0; run < 300; run++) {
    const count = Math.floor(random.next() * 3000);
    const parts = 1 + Math.floor(random.next() * 8);
    const shares = operationShares(count, parts);
    assert.equal(shares.length, parts, 'one share per thread');
    assert.equal(shares[0].start, 0, 'the first share starts at the first operation');
    assert.equal(shares.at(-1)!.end, count, 'the last share ends at the last operation');
    for (let i = 1; i < parts; i++) assert.equal(shares[i].start, shares[i - 1].end, 'shares follow each other');
    const sizes = shares.map((s) => s.end - s.start);
    assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `even shares of ${count} in ${parts}: ${sizes}`);
  }
});

test('workers: none for a small API, one per spare core, fewer when memory is short', () => {
  const GB = 1024 ** 3;
  assert.equal(apiPageWorkers(PARALLEL_OPERATIONS - 1, 8, 16 * GB), 0, 'a small API stays on the main thread');
  assert.equal(apiPageWorkers(660, 1, 16 * GB), 0, 'no spare core');
  assert.equal(apiPageWorkers(660, 2, 16 * GB), 1, 'two cores: one worker');
  assert.equal(apiPageWorkers(660, 8, 16 * GB), 7, 'eight cores: seven workers');
  assert.equal(apiPageWorkers(660, 8, 0.6 * GB), 2, 'memory for two workers only');
  assert.equal(apiPageWorkers(660, 8, 0.1 * GB), 0, 'no memory to spare');
});
