// The code samples send the request body the description gives, whatever its JSON holds: nested
// arrays, nulls, quotes, backslashes and line breaks in strings, keys that are not identifiers.
// snippetz 0.6.19 (the last release for Node 20) got these wrong in the JavaScript, Node.js,
// PowerShell, Dart, Swift and Objective-C samples; docsgen fixes them (sample-bodies.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { transformSync } from 'esbuild';
import { snippetz } from '@scalar/snippetz';
import { jsLiteral } from '../../src/openapi/js-object-literal.js';
import { buildFromDocument, minimalDocument } from './helpers.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { decodeEntities } from '../../src/shared/html-text.js';
import { printWithJsonBody } from '../../src/openapi/sample-bodies.js';
import type { HarRequest } from '../../src/openapi/har-request.js';

const PIECES = ['lamp', "it's", 'C:\\temp', 'a"b', 'line\nbreak', 'tab\there', '€ 5', '\u2028', '${x}', '`tick`', ''];
const KEYS = ['name', 'hotspot_id', 'a.b', '@id', 'x-api', 'two words', '2fa', 'ünits', "o'clock", '$ref', '_'];

function jsonValue(random: ReturnType<typeof seededRandom>, depth: number): unknown {
  const { next, pick } = random;
  const kind = depth > 3 ? Math.floor(next() * 4) : Math.floor(next() * 6);
  if (kind === 0) return pick(PIECES) + pick(PIECES);
  if (kind === 1) return pick([0, -1.5, 1e21, 42, 3.14]);
  if (kind === 2) return pick([true, false, null]);
  if (kind === 3) return pick(PIECES);
  const size = Math.floor(next() * 4);
  if (kind === 4) return Array.from({ length: size }, () => jsonValue(random, depth + 1));
  return Object.fromEntries(Array.from({ length: size }, () => [pick(KEYS), jsonValue(random, depth + 1)]));
}

/** What a literal evaluates to, as JSON data of this realm (the VM's arrays have other prototypes). */
const evaluate = (literal: string): unknown => JSON.parse(JSON.stringify(runInNewContext(`(${literal})`)));

test('property: the literal evaluates back to the JSON value, for any value', () => {
  for (let seed = 1; seed <= 400; seed++) {
    const value = jsonValue(seededRandom(seed), 0);
    const literal = jsLiteral(value, 2);
    assert.deepEqual(evaluate(literal), value, `seed ${seed}: ${literal}`);
  }
});

test('bodies snippetz prints right keep its layout', () => {
  const flat = { name: 'lamp', count: 3, tags: ['iot', 'mobile'], owner: { id: 7, 'display-name': 'Ann' } };
  const printed = snippetz().print('js', 'fetch', {
    method: 'POST',
    url: 'https://api.acme.test/v1/items',
    headers: [],
    postData: { mimeType: 'application/json', text: JSON.stringify(flat) },
  } as never)!;
  assert.ok(printed.includes(`body: JSON.stringify(${jsLiteral(flat, 2)})`), printed);
});

/** The sample's code as a reader copies it. */
const codeOf = (html: string) => decodeEntities(html.replace(/<button[^]*?<\/button>/g, '').replace(/<[^>]+>/g, ''));

const HOSTILE = {
  name: "Ann's hotspot",
  path: 'C:\\radios\\"new"',
  bounds: [
    [37.77, -122.41],
    [37.8, -122.39],
  ],
  'geo.h3': '8c2830828b8d1ff',
  '@type': 'Gateway',
  retired: null,
  note: 'first line\nsecond',
};

test('the fetch and undici samples of a hostile JSON body run and send that body', async () => {
  const example = HOSTILE;
  const { pages } = await buildFromDocument(
    minimalDocument({
      '/hotspots': {
        post: {
          summary: 'Register a hotspot',
          requestBody: { content: { 'application/merge-patch+json': { schema: { type: 'object' }, example } } },
          responses: { '201': { description: 'Created' } },
        },
      },
    }),
    { languages: ['javascript', 'nodejs'] },
  );
  const body = pages[1].body;
  assert.ok(body.type === 'api-operation', 'an operation page');
  for (const sample of body.operation.codeSamples) {
    const code = codeOf(sample.html);
    // The whole sample parses as a module (undici's uses top-level await).
    assert.doesNotThrow(() => transformSync(code, { loader: 'js', format: 'esm' }), code);
    // The body's literal ends where its closing brace is back at the options' indentation.
    const literal = /JSON\.stringify\((\{[^]*?\n {2}\})\)/.exec(code)?.[1];
    assert.ok(literal, `${sample.language}: a JSON.stringify body in\n${code}`);
    assert.deepEqual(evaluate(literal), example, sample.language);
  }
});

/** A sample of `value` as a JSON body, printed by snippetz with docsgen's fixes. */
function sampleOf(client: string, value: unknown, mimeType = 'application/json'): string {
  const [target, name] = client.split(' ');
  const har: HarRequest = {
    method: 'POST',
    url: 'https://api.acme.test/v1/hotspots',
    headers: [{ name: 'Content-Type', value: mimeType }],
    cookies: [],
    postData: { mimeType, text: JSON.stringify(value) },
  };
  const print = (request: HarRequest) =>
    snippetz().print(target as never, name as never, request as never) || undefined;
  return printWithJsonBody(client, har, print) ?? print(har)!;
}

test('PowerShell and Dart quote the body text so that it reads back as the JSON sent', () => {
  const powershell = sampleOf('powershell restmethod', HOSTILE, 'application/vnd.api+json');
  const single = /-Body '((?:[^']|'')*)'/.exec(powershell)?.[1];
  assert.ok(single !== undefined, powershell);
  assert.deepEqual(JSON.parse(single.replace(/''/g, "'")), HOSTILE);
  const dart = sampleOf('dart http', HOSTILE);
  const quoted = /final body = '((?:[^'\\]|\\.)*)';/.exec(dart)?.[1];
  assert.ok(quoted !== undefined, dart);
  assert.deepEqual(JSON.parse(quoted.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c))), HOSTILE);
  // A body without a quote keeps snippetz' raw string.
  assert.match(sampleOf('dart http', { name: 'lamp' }), /final body = r'\{"name":"lamp"\}';/);
});

/** The strings of a C-family literal (Swift, Objective-C), decoded. */
function cStrings(code: string): string[] {
  return [...code.matchAll(/"((?:[^"\\\n]|\\.)*)"/g)].map(([, body]) =>
    body.replace(/\\(u\{[0-9a-f]+\}|[0-7]{3}|.)/g, (_, e: string) => {
      if (e.startsWith('u{')) return String.fromCodePoint(parseInt(e.slice(2, -1), 16));
      if (/^[0-7]{3}$/.test(e)) return String.fromCharCode(parseInt(e, 8));
      return ({ n: '\n', r: '\r', t: '\t' } as Record<string, string>)[e] ?? e;
    }),
  );
}

/** Every string and key of a JSON value, and its number of nulls. */
function contents(value: unknown, into = { texts: new Set<string>(), nulls: 0 }) {
  if (value === null) into.nulls++;
  else if (typeof value === 'string') into.texts.add(value);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if (!Array.isArray(value)) into.texts.add(key);
      contents(item, into);
    }
  return into;
}

test('property: the Swift and Objective-C literals hold every string, key and null of the body', () => {
  for (const [client, nullObject] of [
    ['swift nsurlsession', 'NSNull()'],
    ['objc nsurlsession', '[NSNull null]'],
  ] as const) {
    for (let seed = 1; seed <= 200; seed++) {
      const random = seededRandom(seed);
      const value = Object.fromEntries(KEYS.map((key) => [key, jsonValue(random, 1)]));
      const code = sampleOf(client, value);
      const declaration = /parameters = ([^]*?)(?: as \[String : Any\]|;)\n/.exec(code)?.[1] ?? '';
      const expected = contents(value);
      assert.equal(declaration.split(nullObject).length - 1, expected.nulls, `${client} seed ${seed}: nulls`);
      assert.doesNotMatch(declaration, /:\s*(?:,|\]|\}|$)/m, `${client} seed ${seed}: a value left empty`);
      const found = new Set(cStrings(declaration.split(nullObject).join('')));
      assert.deepEqual(found, expected.texts, `${client} seed ${seed}`);
    }
  }
});
