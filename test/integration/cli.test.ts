import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cp, mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, baseConfigSource, createMiniSite } from '../helpers/mini-site.js';

const cli = (args: string[], cwd = REPO) =>
  spawnSync(process.execPath, [join(REPO, 'bin/docsgen.js'), ...args], { cwd, encoding: 'utf8' });

test('--help and --version exit 0; usage errors exit 2', () => {
  const help = cli(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /Usage: docsgen/);
  assert.match(help.stdout, /build/);
  assert.match(help.stdout, /serve/);
  assert.equal(cli(['--version']).status, 0);
  assert.match(cli(['--version']).stdout, /^\d+\.\d+\.\d+/);
  assert.equal(cli(['frobnicate']).status, 2);
  assert.equal(cli(['build', '--no-such-flag']).status, 2);
  assert.equal(cli(['serve', '--port', 'abc']).status, 2);
});

test('a mini site builds with clean URLs, sitemap, robots, meta index and hashed assets', async () => {
  const root = await createMiniSite();
  const result = cli(['build'], root);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /docsgen: \d+ pages, \d+ files .* written to build\/ in [\d.]+ s/);
  const out = join(root, 'build');
  for (const file of [
    'index.html',
    'guides/start/index.html',
    'guides/next/index.html',
    '404.html',
    'sitemap.xml',
    'robots.txt',
    'meta/index.json',
    'search/index.html',
  ]) {
    assert.ok(existsSync(join(out, file)), file);
  }
  const assets = await readdir(join(out, 'assets/js'));
  assert.ok(
    assets.some((f) => /^entry\.[A-Z0-9]+\.js$/i.test(f)),
    assets.join(),
  );
  const meta = JSON.parse(await readFile(join(out, 'meta/index.json'), 'utf8'));
  assert.deepEqual(
    meta.docs.map((d: { path: string }) => d.path),
    ['/', '/guides/next', '/guides/start'],
  );
  assert.equal(meta.docs[2].sidebar, 'guidesSidebar');
});

test('every problem is reported at once with file and line, and the previous output is kept', async () => {
  const root = await createMiniSite({
    files: {
      'content/guides/bad-yaml.md': '---\ntitle: [oops\n---\nbody\n',
      'content/guides/links.md':
        '---\ntitle: Links\n---\n\nSee [nowhere](./nowhere.md) and [gone](/guides/gone) and [anchor](./start.md#missing).\n',
    },
  });
  const out = join(root, 'build');
  await mkdir(out);
  await writeFile(join(out, 'keep.txt'), 'previous build');
  const result = cli(['build'], root);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /content\/guides\/bad-yaml\.md:\d+(:\d+)? {2}error {2}Invalid front matter/);
  assert.match(result.stderr, /content\/guides\/links\.md:5:5 {2}error {2}Broken link "\.\/nowhere\.md"/);
  assert.match(result.stderr, /content\/guides\/links\.md:5:\d+ {2}error {2}Broken link "\/guides\/gone"/);
  assert.match(result.stderr, /content\/guides\/links\.md:5:\d+ {2}error {2}Broken anchor "\.\/start\.md#missing"/);
  assert.match(result.stderr, /build failed with 4 errors/);
  assert.deepEqual(await readdir(out), ['keep.txt']);
});

test('a bad config value names the key and the value', async () => {
  const root = await createMiniSite({ config: "baseUrl: 'docs'," });
  const result = cli(['build'], root);
  assert.equal(result.status, 1);
  assert.match(
    result.stderr,
    /site\.config\.ts {2}error {2}Invalid config value at "baseUrl": .*\(got "docs"\) {2}DG101/,
  );
});

test('baseUrl other than / prefixes every link, asset and sitemap URL', async () => {
  const root = await createMiniSite({ config: "baseUrl: '/docs/'," });
  const result = cli(['build'], root);
  assert.equal(result.status, 0, result.stderr);
  const out = join(root, 'build');
  const html = await readFile(join(out, 'guides/start/index.html'), 'utf8');
  const urls = [...html.matchAll(/(?:href|src)="(\/[^"]*)"/g)].map((m) => m[1]);
  assert.ok(urls.length > 10, 'urls.length > 10');
  for (const url of urls) assert.ok(url.startsWith('/docs/'), url);
  assert.match(html, /href="\/docs\/guides\/next#details"/);
  const sitemap = await readFile(join(out, 'sitemap.xml'), 'utf8');
  assert.match(sitemap, /<loc>https:\/\/docs\.acme\.example\/docs\/guides\/start<\/loc>/);
  assert.doesNotMatch(html + sitemap, new RegExp(root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
});

test('images are copied with content-hashed names; static files as they are', async () => {
  const root = await createMiniSite({
    files: {
      'content/guides/pic.md': '---\ntitle: Picture\n---\n\n![Coverage map](./map.svg)\n',
      'content/guides/map.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    },
  });
  assert.equal(cli(['build'], root).status, 0);
  const html = await readFile(join(root, 'build/guides/pic/index.html'), 'utf8');
  const src = /<img src="\/(assets\/media\/map\.[0-9a-f]{10}\.svg)" alt="Coverage map"/.exec(html)?.[1];
  assert.ok(src, html.slice(html.indexOf('<img'), html.indexOf('<img') + 120));
  assert.ok(existsSync(join(root, 'build', src)), "existsSync(join(root, 'build', src))");
  assert.ok(existsSync(join(root, 'build/img/logo.svg')), "existsSync(join(root, 'build/img/logo.svg'))");
  const broken = await createMiniSite({
    files: { 'content/guides/pic.md': '---\ntitle: Picture\n---\n\n![x](./missing.png)\n' },
  });
  const result = cli(['build'], broken);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /content\/guides\/pic\.md:5:1 {2}error {2}Missing file "content\/guides\/missing\.png"/);
});

test('--openapi builds with another description, YAML included', async () => {
  const root = await createMiniSite({
    config:
      "sidebars: { guidesSidebar: [{ type: 'autogenerated', dirName: 'guides' }], apiSidebar: [{ type: 'openapi' }] },",
    files: {
      'other.yaml':
        'openapi: 3.0.3\ninfo: { title: Other API, version: "1" }\npaths:\n  /things:\n    get:\n      summary: List things\n      responses: { "200": { description: OK } }\n',
    },
  });
  // The base config already has a sidebars key; the override above replaces it (last key wins).
  const result = cli(['build', '--openapi', 'other.yaml'], root);
  assert.equal(result.status, 0, result.stderr);
  assert.ok(
    existsSync(join(root, 'build/api/reference/list-things/index.html')),
    "existsSync(join(root, 'build/api/reference/list-things/index.html'))",
  );
  assert.ok(
    existsSync(join(root, 'build/api/reference/other-api/index.html')),
    "existsSync(join(root, 'build/api/reference/other-api/index.html'))",
  );
  assert.ok(existsSync(join(root, 'build/openapi/acme.json')), "existsSync(join(root, 'build/openapi/acme.json'))");
});

/** Every file of a build directory with its bytes, for byte-for-byte comparisons. */
async function snapshot(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
  return new Map(await Promise.all(files.map(async (file) => [file, await readFile(join(dir, file))] as const)));
}

function assertSameBuild(actual: Map<string, Buffer>, expected: Map<string, Buffer>, label: string): void {
  assert.deepEqual([...actual.keys()], [...expected.keys()], `${label}: file list`);
  for (const [file, bytes] of expected) assert.ok(actual.get(file)!.equals(bytes), `${label}: ${file} differs`);
}

test('the build cache: a warm build writes what a cold one does, and follows every edit', async () => {
  const root = await createMiniSite();
  const cacheDir = join(root, 'node_modules/.cache/docsgen');
  const build = (out: string, ...flags: string[]) => {
    const result = cli(['build', '--out', out, ...flags], root);
    assert.equal(result.status, 0, result.stderr);
  };
  const cacheFiles = async () =>
    existsSync(cacheDir) ? (await readdir(cacheDir)).filter((f) => /^cache-.*\.v8$/.test(f)) : [];
  build('cold', '--no-cache');
  assert.deepEqual(await cacheFiles(), [], '--no-cache writes no cache');
  build('first');
  assert.equal((await cacheFiles()).length, 1, 'a build leaves its cache');
  build('warm');
  const cold = await snapshot(join(root, 'cold'));
  assertSameBuild(await snapshot(join(root, 'first')), cold, 'first build');
  assertSameBuild(await snapshot(join(root, 'warm')), cold, 'warm build');

  // An edited page, a new page and a changed title must all show up through the cache.
  await writeFile(
    join(root, 'content/guides/next.md'),
    '---\ntitle: Then\ndescription: Then this.\nsidebar_position: 2\n---\n\n## Details\n\nEdited text. Back to [start](./start.md).\n',
  );
  await writeFile(
    join(root, 'content/guides/third.md'),
    '---\ntitle: Third\ndescription: Last.\nsidebar_position: 3\n---\n\nThe end.\n',
  );
  build('edited');
  build('edited-cold', '--no-cache');
  const edited = await snapshot(join(root, 'edited'));
  assertSameBuild(edited, await snapshot(join(root, 'edited-cold')), 'warm build after edits');
  assert.match(edited.get('guides/next/index.html')!.toString(), /Edited text\./);
  assert.match(
    edited.get('guides/start/index.html')!.toString(),
    /href="\/guides\/next"><span class="menu-label">Then<\/span>/,
    'the sidebar of other pages shows the new title',
  );
  assert.ok(edited.has('guides/third/index.html'), "edited.has('guides/third/index.html')");
});

test('a site with its own templates is rendered with them, as the client bundle hydrates them', async () => {
  const root = await createMiniSite({ config: "templatesDir: 'templates'," });
  await cp(join(REPO, 'templates'), join(root, 'templates'), { recursive: true });
  // As in the dev-server tests' sites: copied templates import docsgen's shared helpers relatively,
  // and React comes from the site's node_modules.
  await symlink(join(REPO, 'src'), join(root, 'src'), 'dir');
  await symlink(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  const footer = join(root, 'templates/components/Footer.tsx');
  await writeFile(
    footer,
    (await readFile(footer, 'utf8')).replace(
      '<p className="footer__copyright">{footer.copyright}</p>',
      '<p className="footer__copyright">{footer.copyright} (own template)</p>',
    ),
  );
  const result = cli(['build', '--out', 'out', '--no-cache'], root);
  assert.equal(result.status, 0, result.stderr);
  assert.match(
    await readFile(join(root, 'out/guides/start/index.html'), 'utf8'),
    /Copyright Acme(<!-- -->)? \(own template\)/,
  );

  // A template that does not compile fails the build with its file and line.
  await writeFile(footer, (await readFile(footer, 'utf8')).replace('(own template)</p>', '(own template)</div>'));
  const broken = cli(['build', '--out', 'out', '--no-cache'], root);
  assert.equal(broken.status, 1);
  assert.match(broken.stderr, /templates\/components\/Footer\.tsx:\d+:\d+.*DG50[12]/s);
});

test('an exception behind a problem keeps its stack: --debug prints it under the diagnostic, without it a hint says so', async () => {
  // A config that reads a secret through a helper, the way real configs read the environment.
  const source = baseConfigSource(
    `search: { appId: requireEnv('DOCS_SEARCH_APP_ID'), apiKey: 'x', indexName: 'docs' },`,
  );
  const root = await createMiniSite({
    files: {
      'site.config.ts': `${source}\nfunction requireEnv(name: string): string {\n  throw new Error(\`\${name} is not set\`, { cause: new TypeError('no such variable') });\n}\n`,
    },
  });
  const plain = cli(['build'], root);
  assert.equal(plain.status, 1);
  // Line 13, column 9 is the \`new Error\` inside requireEnv: the config's lines 1-11, a blank line, the function.
  assert.match(
    plain.stderr,
    /site\.config\.ts:13:9 {2}error {2}Config file threw while loading: DOCS_SEARCH_APP_ID is not set {2}DG104/,
  );
  assert.doesNotMatch(plain.stderr, /at requireEnv/);
  assert.match(plain.stderr, /Run again with --debug for the stack/);
  const debug = cli(['build', '--debug'], root);
  assert.equal(debug.status, 1);
  assert.match(
    debug.stderr,
    /DG104\n.*\n {4}Error: DOCS_SEARCH_APP_ID is not set\n {8}at requireEnv \(.*site\.config\.ts:13:9\)/,
  );
  assert.match(debug.stderr, /\n {4}Caused by: TypeError: no such variable/);
});
