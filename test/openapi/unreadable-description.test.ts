// An API description that cannot be read: the parser's own position, one error for one cause.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import { createMiniSite } from '../helpers/mini-site.js';
import { loadFixture } from './helpers.js';

/** A parcel-locker API written the way generators print JSON: two-space indent, one key a line. */
const lockers = {
  openapi: '3.1.0',
  info: {
    title: 'Parcel Lockers API',
    version: '2.3.0',
    description:
      'Reserve a compartment, drop a parcel, collect it with a one-time code.\n\n## Errors\n\nEvery error is `{ "error": "..." }`.',
  },
  servers: [{ url: 'https://api.lockers.test/v2', description: 'Production' }],
  tags: [{ name: 'Lockers' }, { name: 'Reservations', description: 'Holding a compartment for a parcel.' }],
  paths: {
    '/lockers': {
      get: {
        tags: ['Lockers'],
        summary: 'List lockers near a point',
        operationId: 'listLockers',
        parameters: [
          {
            name: 'lat',
            in: 'query',
            required: true,
            schema: { type: 'number', minimum: -90, maximum: 90 },
            example: 52.37,
          },
          { name: 'lon', in: 'query', required: true, schema: { type: 'number' }, example: 4.89 },
          { name: 'radius', in: 'query', schema: { type: 'integer', default: 500 }, description: 'Metres.' },
        ],
        responses: {
          '200': {
            description: 'Lockers, nearest first',
            content: { 'application/json': { example: [{ id: 'lk-104', free: [1, 4, 7], address: 'Damrak 1' }] } },
          },
        },
      },
    },
    '/reservations': {
      post: {
        tags: ['Reservations'],
        summary: 'Reserve a compartment',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['locker'],
                properties: { locker: { type: 'string' }, size: { enum: ['S', 'M', 'L'] } },
              },
            },
          },
        },
        responses: { '201': { description: 'Reserved' }, '409': { description: 'No free compartment of that size' } },
        'x-codeSamples': [
          {
            lang: 'Shell',
            label: 'curl',
            source: 'curl -X POST https://api.lockers.test/v2/reservations -d \'{"locker":"lk-104"}\'',
          },
        ],
      },
    },
  },
};

const lockersJson = JSON.stringify(lockers, null, 2);

/** 1-based line and column of a character offset. */
function positionOf(text: string, offset: number): [number, number] {
  const before = text.slice(0, offset);
  return [before.split('\n').length, offset - before.lastIndexOf('\n')];
}

test('one stray comma in a JSON description: DG302 at the line and column JSON.parse stopped, and nothing else', async () => {
  const comma = lockersJson.indexOf('"version": "2.3.0",') + '"version": "2.3.0",'.length;
  const broken = `${lockersJson.slice(0, comma)},${lockersJson.slice(comma)}`;
  const { spec, diagnostics } = await loadFixture({ 'openapi/lockers.json': broken });
  assert.equal(spec, undefined);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.file, d.line, d.column]),
    [['DG302', 'openapi/lockers.json', ...positionOf(broken, comma)]],
  );
  assert.match(diagnostics[0].message, /invalid JSON/);
  assert.doesNotMatch(diagnostics[0].message, /not an object/);
  assert.match(diagnostics[0].hint ?? '', /commas/);
});

test('property: a doubled comma anywhere in the JSON is reported at that comma', async () => {
  const commas = [...lockersJson.matchAll(/,/g)].map((m) => m.index);
  let seed = 11;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let run = 0; run < 12; run++) {
    const at = commas[Math.floor(random() * commas.length)] + 1;
    const broken = `${lockersJson.slice(0, at)},${lockersJson.slice(at)}`;
    // A comma inside a string (the curl sample, the description) is not JSON syntax: skip those.
    if (isInsideString(lockersJson, at)) continue;
    const { diagnostics } = await loadFixture({ 'api.json': broken });
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.line, d.column]),
      [['DG302', ...positionOf(broken, at)]],
      broken.slice(at - 30, at + 10),
    );
  }
});

function isInsideString(json: string, offset: number): boolean {
  let inside = false;
  for (let i = 0; i < offset; i++) {
    if (json[i] === '\\') i++;
    else if (json[i] === '"') inside = !inside;
  }
  return inside;
}

test('a JSON file is parsed as JSON strictly: an array missing a comma is an error, not the string "1 4"', async () => {
  const broken = lockersJson.replace(/"free": \[[^\]]*\]/, '"free": [1 4, 7]');
  assert.notEqual(broken, lockersJson);
  const { diagnostics } = await loadFixture({ 'api.json': broken });
  assert.equal(diagnostics[0]?.code, 'DG302');
  assert.match(diagnostics[0].message, /invalid JSON/);
  assert.ok(diagnostics[0].line && diagnostics[0].column, 'diagnostics[0].line && diagnostics[0].column');
});

test('a YAML syntax error gives the YAML parser line and column', async () => {
  const yaml = 'openapi: 3.1.0\ninfo:\n  title: Parcel Lockers API\n  version: "2.3.0\npaths: {}\n';
  const { diagnostics } = await loadFixture({ 'openapi.yaml': yaml });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.file, typeof d.line, typeof d.column]),
    [['DG302', 'openapi.yaml', 'number', 'number']],
  );
  assert.match(diagnostics[0].message, /invalid YAML/);
  const tabs = await loadFixture({ 'openapi.yaml': 'openapi: 3.1.0\ninfo:\n  title: X\n   version: 1\npaths: {}\n' });
  assert.deepEqual([tabs.diagnostics[0].line, tabs.diagnostics[0].column], [3, 10]);
});

test('a syntax error in a file reached by $ref is reported in that file, at its position', async () => {
  const { diagnostics } = await loadFixture({
    'openapi.yaml':
      'openapi: 3.1.0\ninfo: {title: Lockers, version: "1"}\npaths:\n  /lockers:\n    get:\n      responses:\n        "200": {$ref: "./responses.json#/Lockers"}\n',
    'responses.json': '{\n  "Lockers": {\n    "description": "Lockers",\n  }\n}\n',
  });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.file, d.line, d.column]),
    [['DG302', 'responses.json', 4, 3]],
  );
});

test('a missing description, a directory and an empty file each say so', async () => {
  const missing = await loadFixture({ 'site.config.ts': '' }, 'openapi/lockers.yaml');
  assert.deepEqual(
    missing.diagnostics.map((d) => [d.code, d.key]),
    [['DG302', 'openapi']],
  );
  assert.match(missing.diagnostics[0].message, /openapi\/lockers\.yaml does not exist/);
  const folder = await loadFixture({ 'openapi/lockers.yaml': 'openapi: 3.1.0' }, 'openapi');
  assert.match(folder.diagnostics[0].message, /openapi is a directory, not a file/);
  const empty = await loadFixture({ 'openapi.yaml': '\n\n' });
  assert.match(empty.diagnostics[0].message, /the file is empty/);
});

test('a build whose description does not parse reports that once: no follow-on broken links or empty API sidebar', async () => {
  const root = await createMiniSite({
    config: `openapi: 'openapi/lockers.json',
  navbar: { items: [
    { type: 'docSidebar', sidebarId: 'guidesSidebar', label: 'Guides', position: 'left' },
    { type: 'docSidebar', sidebarId: 'apiSidebar', label: 'API', position: 'left' },
  ] },
  sidebars: { guidesSidebar: [{ type: 'autogenerated', dirName: 'guides' }], apiSidebar: [{ type: 'openapi' }] },`,
    files: {
      'content/guides/reserve.md':
        '---\ntitle: Reserving\ndescription: Hold a compartment.\n---\n\nCall [Reserve a compartment](/api/reference/reserve-a-compartment) and then [list lockers](/api/reference/list-lockers-near-a-point).\n\nA [broken link](/guides/nowhere) is still reported.\n',
    },
  });
  await mkdir(join(root, 'openapi'), { recursive: true });
  await writeFile(join(root, 'openapi/lockers.json'), lockersJson.replace('"2.3.0",', '"2.3.0",,'));
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(result.diagnostics.map((d) => [d.code, d.file]).sort(), [
    ['DG302', 'openapi/lockers.json'],
    ['DG402', 'content/guides/reserve.md'],
  ]);
  assert.equal(result.files, undefined);
});
