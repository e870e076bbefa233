// docs/errors.md is the reference a reader lands on from a diagnostic: it must list every code the
// code can report, and nothing else (a heading for a code no longer used sends readers astray).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import { REPO } from '../helpers/mini-site.js';

async function codesInUse(): Promise<string[]> {
  const files = await fg(['src/**/*.{ts,tsx}', 'templates/**/*.{ts,tsx}'], { cwd: REPO, ignore: ['**/*.test.ts'] });
  const codes = new Set<string>();
  for (const file of files) {
    const source = await readFile(join(REPO, file), 'utf8');
    for (const match of source.matchAll(/['"`](DG\d{3})['"`]/g)) codes.add(match[1]);
  }
  return [...codes].sort();
}

test('docs/errors.md has a heading for exactly the diagnostic codes in use', async () => {
  const used = await codesInUse();
  // A scan that finds nothing would make the comparison below pass for an empty page.
  assert.ok(used.length >= 30, `only ${used.length} codes found in src/ and templates/`);
  const documented = [...(await readFile(join(REPO, 'docs/errors.md'), 'utf8')).matchAll(/^### (DG\d{3})\b/gm)]
    .map((m) => m[1])
    .sort();
  assert.deepEqual(
    used.filter((code) => !documented.includes(code)),
    [],
    'codes reported by docsgen without a heading in docs/errors.md',
  );
  assert.deepEqual(
    documented.filter((code) => !used.includes(code)),
    [],
    'headings in docs/errors.md for codes docsgen never reports',
  );
  assert.equal(new Set(documented).size, documented.length, 'a code with two headings');
});
