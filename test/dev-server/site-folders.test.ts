// The folders docsgen dev watches come from the config: an API description kept in spec/ (or two
// in v0/ and v1/) is watched there, and no folder name is assumed once the config is known.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveConfig } from '../../src/config/resolve-config.js';
import { siteFolders } from '../../src/dev-server/dev-session.js';

const base = {
  product: { name: 'Acme', slug: 'acme', website: 'https://acme.example' },
  title: 'Acme',
  url: 'https://docs.acme.example',
  navbar: { items: [] },
  footer: { copyright: '©' },
};
const configOf = (input: Record<string, unknown>) =>
  resolveConfig({ ...base, ...input }, { root: '/site', configFile: 'site.config.ts' }).config!;

test('the folders of the configured API descriptions are watched, not a fixed openapi/', () => {
  const config = configOf({ openapi: 'spec/things.yaml', contentDir: 'docs' });
  // templatesDir: docsgen's own templates, as this site has no templates/ folder.
  assert.deepEqual(siteFolders(config, '/site'), ['/site/docs', '/site/static', config.templatesDir, '/site/spec']);
  const two = configOf({
    apis: [
      { id: 'v0', file: 'api/v0/openapi.yaml' },
      { id: 'v1', file: 'api/v1/openapi.yaml' },
    ],
  });
  assert.deepEqual(siteFolders(two, '/site').slice(3), ['/site/api/v0', '/site/api/v1']);
  assert.deepEqual(siteFolders(configOf({}), '/site').slice(3), [], 'a site without an API watches no API folder');
});

test('the folders of older docs versions are watched too', () => {
  const config = resolveConfig(
    { ...base, contentDir: 'docs' },
    { root: '/site', configFile: 'site.config.ts', versionNames: ['2.0', '1.0'] },
  ).config!;
  assert.deepEqual(siteFolders(config, '/site').slice(3), [
    '/site/versioned_docs/version-2.0',
    '/site/versioned_docs/version-1.0',
  ]);
});

test('before the config loads, the folders docsgen init makes are watched', () => {
  assert.deepEqual(siteFolders(undefined, '/site'), [
    '/site/content',
    '/site/static',
    '/site/templates',
    '/site/openapi',
  ]);
});
