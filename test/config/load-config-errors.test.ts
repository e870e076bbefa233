// A config that fails while it runs is reported at its own line, not at the compiled copy under node_modules/.cache.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../src/config/load-config.js';
import { REPO, baseConfigSource } from '../helpers/mini-site.js';

/** A site whose config has `head` before `export default` and `extra` inside it; `files` beside it. */
async function siteWithConfig(head: string, extra = '', files: Record<string, string> = {}): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'docsgen-config-'));
  const source = baseConfigSource(extra).replace('export default', `${head}\nexport default`);
  await writeFile(join(root, 'site.config.ts'), source);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

const lineOf = (source: string, text: string) => source.split('\n').findIndex((line) => line.includes(text)) + 1;

test('a config that throws is DG104 at site.config.ts and the line that threw, not the compiled file', async () => {
  const head = [
    "import { readFileSync } from 'node:fs';",
    '',
    '// The release the docs describe, from the API package.',
    "const release = JSON.parse(readFileSync(new URL('./api/package.json', import.meta.url), 'utf8')).version;",
  ].join('\n');
  const root = await siteWithConfig(head, 'tagline: `Release ${release}`,', {
    'api/package.json': '{ "name": "lockers-api", version: "2.3.0" }',
  });
  const configPath = join(root, 'site.config.ts');
  const { config, diagnostics } = await loadConfig({ configPath });
  assert.equal(config, undefined);
  assert.equal(diagnostics.length, 1);
  const [problem] = diagnostics;
  assert.equal(problem.code, 'DG104');
  assert.ok(problem.file?.endsWith('site.config.ts'), problem.file);
  assert.equal(
    problem.line,
    lineOf(baseConfigSource().replace('export default', `${head}\nexport default`), 'JSON.parse'),
  );
  assert.doesNotMatch(`${problem.file} ${problem.message}`, /node_modules\/\.cache|site\.config\.[0-9a-f]{12}\.mjs/);
});

test('a config that imports a package that is not installed is DG106 at the import line', async () => {
  const head = "import { slugify } from '@lockers/docs-helpers';";
  const root = await siteWithConfig(head, "tagline: slugify('Parcel lockers'),");
  const { diagnostics } = await loadConfig({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.file?.endsWith('site.config.ts'), d.line]),
    [['DG106', true, 2]],
  );
  assert.match(diagnostics[0].message, /"@lockers\/docs-helpers", which is not installed/);
  assert.doesNotMatch(`${diagnostics[0].file} ${diagnostics[0].message}`, /\.cache/);
});

test("import.meta.url inside the config is the config's own URL", async () => {
  const root = await siteWithConfig('const here = import.meta.url;', 'tagline: here,');
  const configPath = join(root, 'site.config.ts');
  const { config, diagnostics } = await loadConfig({ configPath });
  assert.deepEqual(diagnostics, []);
  assert.equal(config?.tagline, pathToFileURL(configPath).href);
});

test('a config whose top-level await never settles ends with DG107 and exit code 1 (was 13 and no message)', async () => {
  const root = await siteWithConfig(
    "await new Promise<void>(() => { /* a resolve nobody calls */ });\nconst ready = 'x';",
    'tagline: ready,',
  );
  const result = spawnSync(process.execPath, [join(REPO, 'bin/docsgen.js'), 'build', '--no-cache'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(result.status, 1, result.stderr);
  assert.match(result.stderr, /site\.config\.ts {2}error {2}Config file never finished loading: .* {2}DG107/);
});
