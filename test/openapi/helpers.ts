import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { stringify } from 'yaml';
import { DEFAULT_CODE_LANGUAGES } from '../../src/config/schema.js';
import { createHighlighter } from '../../src/content/highlighter.js';
import type { Page } from '../../src/model.js';
import { buildApiPages, type ApiPages } from '../../src/openapi/build-api-pages.js';
import { loadApiSpec, type LoadApiSpecResult } from '../../src/openapi/load-api-spec.js';
import { ApiOperationPage } from '../../templates/ApiOperationPage.js';
import { ApiOverviewPage } from '../../templates/ApiOverviewPage.js';
import { ApiSchemaPage } from '../../templates/ApiSchemaPage.js';

/** Writes files (objects as YAML or JSON by extension) into a fresh temporary folder. */
export function writeFixture(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-openapi-'));
  for (const [name, content] of Object.entries(files)) {
    const path = join(root, name);
    mkdirSync(dirname(path), { recursive: true });
    const text =
      typeof content === 'string'
        ? content
        : name.endsWith('.json')
          ? JSON.stringify(content, null, 2)
          : stringify(content);
    writeFileSync(path, text);
  }
  return root;
}

export async function loadFixture(
  files: Record<string, unknown>,
  entry = Object.keys(files)[0],
): Promise<LoadApiSpecResult & { root: string }> {
  const root = writeFixture(files);
  return { ...(await loadApiSpec(entry, { root })), root };
}

export function buildPages(
  spec: NonNullable<LoadApiSpecResult['spec']>,
  overrides: Partial<Parameters<typeof buildApiPages>[1]> = {},
): ApiPages {
  return buildApiPages(spec, {
    routePrefix: '/api/reference',
    productSlug: 'acme',
    baseUrl: '/',
    highlighter: createHighlighter(),
    languages: DEFAULT_CODE_LANGUAGES,
    visibleTabs: 6,
    ...overrides,
  });
}

/** Loads a description written by the test and builds its pages; fails on any error. */
export async function buildFromDocument(
  document: Record<string, unknown>,
  overrides: Partial<Parameters<typeof buildApiPages>[1]> = {},
): Promise<ApiPages> {
  const { spec, diagnostics } = await loadFixture({ 'openapi.json': document });
  if (!spec) throw new Error(`Could not load: ${JSON.stringify(diagnostics)}`);
  return buildPages(spec, overrides);
}

/** The page's body as static HTML, through the real templates. */
export function renderPageBody(page: Page): string {
  if (page.body.type === 'api-operation')
    return renderToStaticMarkup(createElement(ApiOperationPage, { operation: page.body.operation }));
  if (page.body.type === 'api-overview')
    return renderToStaticMarkup(createElement(ApiOverviewPage, { overview: page.body.overview }));
  if (page.body.type === 'api-schema')
    return renderToStaticMarkup(createElement(ApiSchemaPage, { view: page.body.schema }));
  throw new Error(`Not an API page: ${page.id}`);
}

/** A minimal valid OpenAPI 3.1 document around the given paths. */
export function minimalDocument(
  paths: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Acme API', version: '1.0.0' },
    servers: [{ url: 'https://api.acme.test/v1' }],
    paths,
    ...extra,
  };
}

/** A GET operation answering 200 with a string. */
export function getOperation(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'string' } } } } },
    ...fields,
  };
}

/** What a page must never show: a value the templates failed to turn into words. */
export const SHOWN_WRONG = /\bundefined\b|\[object Object\]|\bNaN\b/;

/** Fails when a page's title, description or rendered body shows `undefined`, `[object Object]` or `NaN`. */
export function assertShownRight(page: Page): void {
  const shown = [page.title, page.description, renderPageBody(page)].join('\n');
  const match = SHOWN_WRONG.exec(shown);
  if (match) {
    const at = match.index;
    throw new Error(`${page.route}: "${match[0]}" in …${shown.slice(Math.max(0, at - 120), at + 40)}…`);
  }
}
