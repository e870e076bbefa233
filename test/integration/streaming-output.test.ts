// `docsgen build` streams its output: each page is rendered when the writer takes it, so a large
// site's HTML is never all in memory. What it writes must be byte for byte what the in-memory
// pipeline produces (`runBuild`'s `files`, which is how every build was written before streaming),
// for the real site and for a site large enough for the parse and search worker threads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBuild, type BuildOptions } from '../../src/build.js';
import { buildCommand } from '../../src/cli/build-command.js';
import { createMemoryWriter } from '../../src/output/writer.js';
import { PARALLEL_THRESHOLD } from '../../src/content/parse-pages.js';
import { REPO, copyRealSite, createMiniSite } from '../helpers/mini-site.js';

type Output = Map<string, Buffer>;

/** A copy of the real site rendered with docsgen's own templates (a copy of them would not find React). */
async function realSiteCopy(): Promise<string> {
  const root = await copyRealSite();
  const config = await readFile(join(root, 'site.config.ts'), 'utf8');
  const withTemplates = config.replace(
    'defineConfig({',
    `defineConfig({ templatesDir: ${JSON.stringify(join(REPO, 'templates'))},`,
  );
  assert.notEqual(withTemplates, config, 'the config names docsgen templates');
  await writeFile(join(root, 'site.config.ts'), withTemplates);
  return root;
}

async function inMemory(configPath: string): Promise<Output> {
  const result = await runBuild({ configPath });
  assert.ok(result.files, `in-memory build failed: ${JSON.stringify(result.diagnostics.slice(0, 3))}`);
  return new Map(result.files.map((file) => [file.path, Buffer.from(file.contents)]));
}

/** The output of a streamed build; `stages` gets the stages it went through (`onProgress`). */
async function streamed(
  configPath: string,
  options: Partial<BuildOptions> = {},
  stages: string[] = [],
): Promise<Output> {
  const result = await runBuild({ configPath, stream: true, onProgress: (stage) => stages.push(stage), ...options });
  assert.ok(result.stream, `streamed build failed: ${JSON.stringify(result.diagnostics.slice(0, 3))}`);
  assert.equal(result.files, undefined, 'a streamed build holds no file list');
  const writer = createMemoryWriter();
  await writer.write(result.stream);
  return new Map([...writer.files].map(([path, contents]) => [path, Buffer.from(contents)]));
}

/** `docsgen build --no-cache` into a folder (streamed through the file-system writer), read back. */
async function writtenByCli(configPath: string): Promise<Output> {
  const out = join(await mkdtemp(join(tmpdir(), 'docsgen-stream-')), 'build');
  assert.equal(await buildCommand({ config: configPath, out, cache: false }), 0, 'docsgen build succeeds');
  const entries = await readdir(out, { withFileTypes: true, recursive: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(out.length + 1));
  return new Map(await Promise.all(files.map(async (file) => [file, await readFile(join(out, file))] as const)));
}

function assertSameOutput(actual: Output, expected: Output, what: string): void {
  assert.deepEqual([...actual.keys()].sort(), [...expected.keys()].sort(), `${what}: the same files`);
  const differing = [...expected].filter(([path, bytes]) => !actual.get(path)!.equals(bytes)).map(([path]) => path);
  assert.deepEqual(differing, [], `${what}: the same bytes`);
}

/**
 * The real site plus its guides and examples copied into `content/copies/copy-NN/` (links between
 * them stay relative, so they resolve inside each copy), each copy with its own titles and a line
 * of its own, until the site has more than 300 pages.
 */
async function largeRealSite(copies = 19): Promise<string> {
  const root = await realSiteCopy();
  for (let copy = 0; copy < copies; copy++) {
    const dir = join(root, 'content', 'copies', `copy-${String(copy).padStart(2, '0')}`);
    for (const part of ['guides', 'examples', 'glossary.md'])
      await cp(join(root, 'content', part), join(dir, part), { recursive: true });
    const pages = (await readdir(dir, { recursive: true })).filter((path) => path.endsWith('.md'));
    for (const path of pages) {
      const text = await readFile(join(dir, path), 'utf8');
      const varied = text
        .replace(/^title: (.*)$/m, (_, title: string) => `title: ${title.replace(/^['"]|['"]$/g, '')} (copy ${copy})`)
        .concat(`\nThis is copy ${copy} of ${path}, kept for ${copy * 7 + 3} days.\n`);
      await writeFile(join(dir, path), varied);
    }
  }
  return join(root, 'site.config.ts');
}

test('the real site: streamed output (memory and file-system writers) equals the in-memory build, byte for byte', async () => {
  const config = join(await realSiteCopy(), 'site.config.ts');
  const expected = await inMemory(config);
  assert.ok(expected.has('guides/pagination/index.html'), 'the real site has its pages');
  assertSameOutput(await streamed(config), expected, 'streamed');
  assertSameOutput(await writtenByCli(config), expected, 'docsgen build');
});

test('a 320-page site (parse and search workers): streamed output equals the in-memory build, byte for byte', async () => {
  const config = await largeRealSite();
  const expected = await inMemory(config);
  const pages = [...expected.keys()].filter((path) => path.endsWith('index.html')).length;
  assert.ok(pages > Math.max(300, PARALLEL_THRESHOLD), `a site large enough for the workers (${pages} pages)`);
  assert.ok(expected.has('copies/copy-18/guides/pagination/index.html'), 'the copies are built');
  assertSameOutput(await writtenByCli(config), expected, 'docsgen build');
});

test('a 480-page site: pages and twins rendered on workers equal those rendered on the main thread', async () => {
  const config = await largeRealSite(24);
  const stages: string[] = [];
  const onWorkers = await streamed(config, { renderWorkers: true }, stages);
  assert.ok(
    stages.some((stage) => /^write pages \(\d render workers?\)$/.test(stage)),
    `pages rendered on workers (${stages.join(', ')})`,
  );
  const pages = [...onWorkers.keys()].filter((path) => path.endsWith('index.html')).length;
  assert.ok(pages >= 400, `a site as large as those measured (${pages} pages)`);
  assert.ok(onWorkers.has('copies/copy-23/guides/pagination.md'), 'the copies have their twins');
  const mainStages: string[] = [];
  assertSameOutput(onWorkers, await streamed(config, {}, mainStages), 'render workers');
  assert.ok(mainStages.includes('write pages'), 'by default the main thread renders');
  // --no-cache: bodies spilled to the scratch folder, which the workers read themselves.
  process.env.DOCSGEN_RENDER_WORKERS = '1';
  try {
    assertSameOutput(await writtenByCli(config), onWorkers, 'docsgen build --no-cache on render workers');
  } finally {
    delete process.env.DOCSGEN_RENDER_WORKERS;
  }
});

test("render workers load the site's own templates: the same output as the main thread renders with them", async () => {
  const root = await createMiniSite({ config: "templatesDir: 'templates'," });
  await cp(join(REPO, 'templates'), join(root, 'templates'), { recursive: true });
  // Copied templates import docsgen's shared helpers relatively; React comes from the site's packages.
  await symlink(join(REPO, 'src'), join(root, 'src'), 'dir');
  await mkdir(join(root, 'node_modules'));
  for (const name of await readdir(join(REPO, 'node_modules')))
    if (name !== '.cache') await symlink(join(REPO, 'node_modules', name), join(root, 'node_modules', name));
  const footer = join(root, 'templates/components/Footer.tsx');
  const source = await readFile(footer, 'utf8');
  const line = '<p className="footer__copyright">{footer.copyright}</p>';
  assert.ok(source.includes(line), 'the footer template has its copyright line');
  await writeFile(footer, source.replace(line, line.replace('</p>', ' (own template)</p>')));
  const config = join(root, 'site.config.ts');
  const stages: string[] = [];
  const onWorkers = await streamed(config, { renderWorkers: true }, stages);
  assert.ok(
    stages.some((stage) => /^write pages \(\d render workers?\)$/.test(stage)),
    `pages rendered on workers (${stages.join(', ')})`,
  );
  assert.match(onWorkers.get('index.html')!.toString(), /Copyright Acme(<!-- -->)? \(own template\)/);
  assertSameOutput(onWorkers, await streamed(config, { renderWorkers: false }), 'own templates on workers');
});
