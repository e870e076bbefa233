// One decoder of character references (src/shared/html-text.ts): whatever way HTML writes a
// character (hexadecimal, decimal, any HTML named reference), it reads back the character; and
// no other module of src/ keeps its own table of entities.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import { stringifyEntities } from 'stringify-entities';
import { decodeEntities } from '../../src/shared/html-text.js';
import { REPO } from '../helpers/mini-site.js';
import { seededRandom } from '../helpers/seeded-random.js';

// Characters HTML writers encode (markup, quotes, typography, symbols, accents, astral) and plain ones.
const ALPHABET = [...'&<>"\'=;# aZ0é©®™—–…’“”×÷±°µ¶§€£¥←→≤≥≠∞αΩ\u00a0', '𝔸', '😀', '&amp;', '&copy;'];

test('text encoded by an HTML writer in any of its modes decodes back to itself', () => {
  const { next, pick } = seededRandom(11);
  const modes = [
    {},
    { useNamedReferences: true },
    { useShortestReferences: true },
    { useNamedReferences: true, useShortestReferences: true },
  ];
  for (let n = 0; n < 400; n++) {
    const text = Array.from({ length: 1 + Math.floor(next() * 14) }, () => pick(ALPHABET)).join('');
    for (const characterReferences of modes) {
      // Every character but printable ASCII encoded, '&' and '<' too.
      const html = stringifyEntities(text, characterReferences);
      assert.equal(decodeEntities(html), text, JSON.stringify({ html, characterReferences }));
    }
  }
});

test('what is not a character reference stays as written', () => {
  for (const text of ['AT&T', '&nosuchname;', '&#xZZ;', '&#0;', '&#x110000;', 'a & b; c', '&;'])
    assert.equal(decodeEntities(text), text);
});

test('no module of src/ keeps its own table of entities', async () => {
  const files = await fg('src/**/*.{ts,tsx}', { cwd: REPO });
  const tables: string[] = [];
  for (const file of files) {
    const source = await readFile(join(REPO, file), 'utf8');
    if (/['"]?&?(amp|lt|quot);?['"]?\s*:\s*['"][&<"]['"]/.test(source)) tables.push(file);
  }
  assert.deepEqual(tables, []);
});
