// A `$ref` that leaves the site root is never read into the site, unless config allowedPaths lists the folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import { runBuild } from '../../src/build.js';
import { loadApiSpec } from '../../src/openapi/load-api-spec.js';
import { createMiniSite } from '../helpers/mini-site.js';

const SECRET = 'sk_live_51Hx9SECRET';

/** A monorepo: the site in docs/site, an error schema shared by the services two folders up, and a secret beside it. */
async function monorepo(
  refsFor: (workspace: string) => Record<string, string>,
): Promise<{ workspace: string; root: string }> {
  const workspace = await mkdtemp(join(tmpdir(), 'docsgen-monorepo-'));
  const files: Record<string, string> = {
    'shared/errors.yaml': stringify({
      Problem: {
        type: 'object',
        required: ['title'],
        properties: { title: { type: 'string' }, detail: { type: 'string' } },
        example: { title: 'Locker not found', detail: 'No locker lk-999.' },
      },
    }),
    'shared/.env.yaml': stringify({ Token: { type: 'string', example: SECRET } }),
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(workspace, path)), { recursive: true });
    await writeFile(join(workspace, path), text);
  }
  const responses = Object.fromEntries(
    Object.entries(refsFor(workspace)).map(([status, ref]) => [
      status,
      { description: 'Problem', content: { 'application/problem+json': { schema: { $ref: ref } } } },
    ]),
  );
  const description = {
    openapi: '3.1.0',
    info: { title: 'Parcel Lockers API', version: '2.3.0' },
    servers: [{ url: 'https://api.lockers.test/v2' }],
    paths: {
      '/lockers/{id}': {
        get: {
          summary: 'Get a locker',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'The locker' }, ...responses },
        },
      },
    },
  };
  const root = await createMiniSite({
    config: `openapi: 'openapi/lockers.json',`,
    files: { 'openapi/lockers.json': JSON.stringify(description, null, 2) },
  });
  // The mini site lives elsewhere in tmp: its $refs reach the workspace by absolute path.
  return { workspace, root };
}

test('a $ref to /etc/passwd or to a file above the site root is refused with DG307 at its pointer; nothing is read', async () => {
  const { root } = await monorepo((workspace) => ({
    '404': '/etc/passwd',
    '401': `${join(workspace, 'shared/.env.yaml')}#/Token`,
  }));
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.equal(result.files, undefined, 'nothing is written');
  const refused = result.diagnostics.filter((d) => d.code === 'DG307');
  assert.deepEqual(refused.map((d) => [d.file, d.pointer]).sort(), [
    ['openapi/lockers.json', '#/paths/~1lockers~1{id}/get/responses/401/content/application~1problem+json/schema'],
    ['openapi/lockers.json', '#/paths/~1lockers~1{id}/get/responses/404/content/application~1problem+json/schema'],
  ]);
  assert.match(
    refused.find((d) => d.pointer?.includes('404'))?.message ?? '',
    /"\/etc\/passwd" points outside the site root/,
  );
  assert.match(refused[0].hint ?? '', /allowedPaths/);
  assert.ok(
    !JSON.stringify(result.diagnostics).includes(SECRET),
    '!JSON.stringify(result.diagnostics).includes(SECRET)',
  );
  assert.ok(
    !JSON.stringify(result.diagnostics).includes('root:x:0:0'),
    "!JSON.stringify(result.diagnostics).includes('root:x:0:0')",
  );
});

test('a relative $ref that climbs out of the root (../../../shared/errors.yaml) is refused; allowedPaths lets it in', async () => {
  const site = await mkdtemp(join(tmpdir(), 'docsgen-climb-'));
  const description = {
    openapi: '3.1.0',
    info: { title: 'Parcel Lockers API', version: '2.3.0' },
    paths: {
      '/lockers': {
        get: {
          responses: {
            '200': { description: 'OK' },
            default: {
              description: 'Problem',
              content: { 'application/json': { schema: { $ref: '../../../shared/errors.yaml#/Problem' } } },
            },
          },
        },
      },
    },
  };
  await mkdir(join(site, 'docs/site/openapi'), { recursive: true });
  await mkdir(join(site, 'shared'), { recursive: true });
  await writeFile(join(site, 'docs/site/openapi/lockers.json'), JSON.stringify(description, null, 2));
  await writeFile(
    join(site, 'shared/errors.yaml'),
    stringify({ Problem: { type: 'object', properties: { title: { type: 'string', example: 'Locker not found' } } } }),
  );
  const root = join(site, 'docs/site');
  const refused = await loadApiSpec('openapi/lockers.json', { root });
  assert.deepEqual(
    refused.diagnostics.map((d) => [d.code, d.pointer]),
    [['DG307', '#/paths/~1lockers/get/responses/default/content/application~1json/schema']],
  );
  assert.equal(refused.spec, undefined);
  const allowed = await loadApiSpec('openapi/lockers.json', { root, allowedPaths: ['../../shared'] });
  assert.deepEqual(allowed.diagnostics, []);
  assert.match(JSON.stringify(allowed.spec?.document), /Locker not found/);
});

test('a symbolic link inside the root that points out is judged by its target', async () => {
  const outside = await mkdtemp(join(tmpdir(), 'docsgen-outside-'));
  await writeFile(join(outside, 'token.yaml'), stringify({ Token: { type: 'string', example: SECRET } }));
  const root = await mkdtemp(join(tmpdir(), 'docsgen-linked-'));
  await mkdir(join(root, 'openapi'));
  await symlink(outside, join(root, 'openapi/vendor'));
  const description = {
    openapi: '3.1.0',
    info: { title: 'Parcel Lockers API', version: '2.3.0' },
    paths: {
      '/token': {
        get: {
          responses: {
            '200': { description: 'OK', content: { 'text/plain': { schema: { $ref: './vendor/token.yaml#/Token' } } } },
          },
        },
      },
    },
  };
  await writeFile(join(root, 'openapi/lockers.json'), JSON.stringify(description));
  const { spec, diagnostics } = await loadApiSpec('openapi/lockers.json', { root });
  assert.equal(spec, undefined);
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    ['DG307'],
  );
});

test('an HTTP $ref is never fetched: DG303, only local files are read', async () => {
  const root = await mkdtemp(join(tmpdir(), 'docsgen-http-'));
  const description = {
    openapi: '3.1.0',
    info: { title: 'Parcel Lockers API', version: '2.3.0' },
    paths: { '/a': { get: { responses: { '200': { $ref: 'https://schemas.lockers.test/responses.yaml#/Ok' } } } } },
  };
  await writeFile(join(root, 'api.json'), JSON.stringify(description));
  const { diagnostics } = await loadApiSpec('api.json', { root });
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    ['DG303'],
  );
  assert.match(diagnostics[0].message, /only local files are read/);
});
