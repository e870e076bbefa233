// The JavaScript (fetch) and Node.js (undici) samples send the request body the description
// gives, whatever its JSON holds: nested arrays, quotes and backslashes in strings, keys that are
// not identifiers. snippetz 0.6.19 (the last release for Node 20) printed nested arrays as
// objects and left quotes unescaped; docsgen prints these bodies itself (js-object-literal.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { transformSync } from 'esbuild';
import { snippetz } from '@scalar/snippetz';
import { jsLiteral } from '../../src/openapi/js-object-literal.js';
import { buildFromDocument, minimalDocument } from './helpers.js';
import { decodeEntities } from '../../src/shared/html-text.js';

/** A small seeded generator (mulberry32), so a failure names the seed that reproduces it. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['lamp', "it's", 'C:\\temp', 'a"b', 'line\nbreak', 'tab\there', '€ 5', '\u2028', '${x}', '`tick`', ''];
const KEYS = ['name', 'hotspot_id', 'a.b', '@id', 'x-api', 'two words', '2fa', 'ünits', "o'clock", '$ref', '_'];

function jsonValue(next: () => number, depth: number): unknown {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const kind = depth > 3 ? Math.floor(next() * 4) : Math.floor(next() * 6);
  if (kind === 0) return pick(PIECES) + pick(PIECES);
  if (kind === 1) return pick([0, -1.5, 1e21, 42, 3.14]);
  if (kind === 2) return pick([true, false, null]);
  if (kind === 3) return pick(PIECES);
  const size = Math.floor(next() * 4);
  if (kind === 4) return Array.from({ length: size }, () => jsonValue(next, depth + 1));
  return Object.fromEntries(Array.from({ length: size }, () => [pick(KEYS), jsonValue(next, depth + 1)]));
}

/** What a literal evaluates to, as JSON data of this realm (the VM's arrays have other prototypes). */
const evaluate = (literal: string): unknown => JSON.parse(JSON.stringify(runInNewContext(`(${literal})`)));

test('property: the literal evaluates back to the JSON value, for any value', () => {
  for (let seed = 1; seed <= 400; seed++) {
    const value = jsonValue(random(seed), 0);
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

test('the fetch and undici samples of a hostile JSON body run and send that body', async () => {
  const example = {
    name: "Ann's hotspot",
    path: 'C:\\radios\\"new"',
    bounds: [
      [37.77, -122.41],
      [37.8, -122.39],
    ],
    'geo.h3': '8c2830828b8d1ff',
    '@type': 'Gateway',
  };
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
