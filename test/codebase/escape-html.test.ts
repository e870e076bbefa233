// One escaper for markup written as strings (src/shared/escape-html.ts): it round-trips any text
// through an HTML parser, in element content and in an attribute, and no other module has its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';
import type { Element } from 'hast';
import { escapeHtml } from '../../src/shared/escape-html.js';
import { REPO } from '../helpers/mini-site.js';

/** A small pseudo-random generator, so that failures reproduce. */
function random(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) & 0x7fffffff), s / 0x7fffffff);
}
const ALPHABET = [
  '&',
  '<',
  '>',
  '"',
  "'",
  '=',
  '/',
  ' ',
  'a',
  'Z',
  '0',
  ';',
  '#',
  'é',
  '&amp;',
  '&lt;',
  '<!--',
  '</p>',
];

test('escaped text parses back to itself, in element content and in a double-quoted attribute', () => {
  const next = random(7);
  for (let n = 0; n < 500; n++) {
    const text = Array.from({ length: Math.floor(next() * 12) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)])
      .join('')
      .replace(/^\s+|\s+$/g, '');
    const tree = fromHtml(`<p title="${escapeHtml(text)}">${escapeHtml(text)}</p>`, { fragment: true });
    const p = tree.children[0] as Element;
    assert.equal(toString(p), text, `content of ${JSON.stringify(text)}`);
    assert.equal(p.properties.title, text, `attribute of ${JSON.stringify(text)}`);
  }
});

test('no module of src/ writes its own HTML escaper', async () => {
  const files = await fg('src/**/*.{ts,tsx}', { cwd: REPO, ignore: ['src/shared/escape-html.ts'] });
  const copies: string[] = [];
  for (const file of files) {
    const source = await readFile(join(REPO, file), 'utf8');
    if (/replace\(\/&\/g,\s*['"]&amp;['"]\)/.test(source)) copies.push(file);
  }
  assert.deepEqual(copies, []);
});
