import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from '../helpers/mini-site.js';

const FIXTURE = join(REPO, 'test/docusaurus/fixtures/lantern-site');

const cli = (args: string[], cwd: string) =>
  spawnSync(process.execPath, [join(REPO, 'bin/docsgen.js'), ...args], { cwd, encoding: 'utf8' });

/** The fixture copied outside the repository, with none of its npm packages installed. */
async function copyFixture(): Promise<{ parent: string; site: string }> {
  const parent = await mkdtemp(join(tmpdir(), 'docsgen-migrate-'));
  await cp(FIXTURE, join(parent, 'lantern'), { recursive: true });
  return { parent, site: join(parent, 'lantern') };
}

// Each thing the fixture has that docsgen does not carry over, where it is written.
const NOT_CARRIED = [
  /lantern\/docusaurus\.config\.ts:24:3 {2}warning {2}"onBrokenMarkdownLinks" is not carried over {2}DG160/,
  /lantern\/docusaurus\.config\.ts:38:11 {2}warning {2}The docs option "editUrl" is not carried over {2}DG160/,
  /lantern\/docusaurus\.config\.ts:47:9 {2}warning {2}The blog is not carried over {2}DG161/,
  /lantern\/docusaurus\.config\.ts:53:11 {2}warning {2}Custom CSS \(\.\/src\/css\/custom\.css\) is not carried over {2}DG161/,
  /lantern\/docusaurus\.config\.ts:74:5 {2}warning {2}The plugin "@docusaurus\/plugin-ideal-image" is not carried over {2}DG161/,
  /lantern\/docusaurus\.config\.ts:\d+:\d+ {2}warning {2}The local plugin "changelogStats" is not carried over {2}DG161/,
  /lantern\/docusaurus\.config\.ts:82:3 {2}warning {2}"stylesheets" is not carried over {2}DG160/,
  /lantern\/docusaurus\.config\.ts:99:5 {2}warning {2}"themeConfig\.docs" is not carried over {2}DG160/,
  /lantern\/docusaurus\.config\.ts:116:30 {2}warning {2}Navbar link "Changelog" to the blog is left out/,
  /lantern\/docusaurus\.config\.ts:119:18 {2}warning {2}Navbar item of type "dropdown" is not carried over {2}DG160/,
  /lantern\/docusaurus\.config\.ts:152:21 {2}warning {2}Footer link "Changelog" to the blog is left out/,
  /lantern\/docusaurus\.config\.ts:153:14 {2}warning {2}A footer item without a label/,
  /lantern\/docusaurus\.config\.ts:159:5 {2}warning {2}"themeConfig\.prism" is not carried over {2}DG160/,
  /lantern\/docusaurus\.config\.ts:169:7 {2}warning {2}"themeConfig\.algolia\.insights" is not carried over/,
  /lantern\/src\/pages\/index\.tsx {2}warning {2}The page src\/pages\/index\.tsx is not carried over {2}DG162/,
  /lantern\/src\/pages\/support\.md {2}warning {2}The page src\/pages\/support\.md is not carried over {2}DG162/,
  /lantern\/src\/theme\/Footer {2}warning {2}The swizzled component src\/theme\/Footer is not carried over {2}DG162/,
];

test('init --from-docusaurus migrates a Docusaurus site without its packages, says what it left and where, and the site builds with zero warnings', async () => {
  const { parent, site } = await copyFixture();
  assert.ok(!existsSync(join(site, 'node_modules')), 'none of the Docusaurus packages are installed');
  const migrated = cli(['init', '--from-docusaurus', 'lantern'], parent);
  assert.equal(migrated.status, 0, migrated.stderr);
  for (const expected of NOT_CARRIED) assert.match(migrated.stderr, expected);
  const reported = migrated.stderr.match(/ {2}warning {2}/g) ?? [];
  assert.equal(reported.length, NOT_CARRIED.length, `one line per thing left out:\n${migrated.stderr}`);
  assert.doesNotMatch(migrated.stderr, /MDXComponents/, 'the MDX component mapping is carried over');
  assert.match(migrated.stdout, /wrote lantern\/site\.config\.ts/);

  const build = cli(['build'], site);
  assert.equal(build.status, 0, build.stderr);
  assert.equal(build.stderr, '', 'the migrated site builds without a warning');
  const page = (route: string) => readFile(join(site, 'build', route, 'index.html'), 'utf8');

  // Routes as Docusaurus gives them: routeBasePath 'docs', `slug: /` on the intro, front matter ids.
  const intro = await page('docs');
  assert.match(intro, /<h1[^>]*>Lantern Relay documentation/, 'the body h1 is the title, as in Docusaurus');
  assert.match(intro, /Who this is for/, 'the legacy admonition title');
  assert.match(intro, /href="\/docs\/quickstart"/);
  const quickstart = await page('docs/quickstart');
  assert.match(quickstart, /id="create-endpoint"/, 'the {#custom-id} heading id');
  assert.doesNotMatch(quickstart, /\{#create-endpoint\}/);
  const retries = await page('docs/concepts/retries');
  assert.match(retries, /class="katex"/, 'math, from remark-math and rehype-katex in the config');
  assert.match(retries, /Deliveries can arrive twice/);
  // Docusaurus reads .md files as MDX by default, so its sites import theme components in .md files.
  assert.match(await readFile(join(site, 'site.config.ts'), 'utf8'), /format: 'mdx'/);
  const localTesting = await page('docs/guides/local-testing');
  assert.doesNotMatch(
    localTesting,
    /import Tabs|&lt;TabItem/,
    'the imports and JSX of a .md page are not shown as text',
  );
  assert.match(localTesting, />macOS</, 'the tab labels of a .md page');
  assert.match(localTesting, />Linux</);
  assert.match(localTesting, /role="tab"/, 'drawn as a tab group');
  // The swizzled src/theme/MDXComponents.tsx: Tabs and the site's RetrySchedule without imports, hydrated.
  const replay = await page('docs/guides/replay');
  assert.match(
    replay,
    /data-island="src\/components\/RetrySchedule\/index\.tsx#default" data-props="\{&quot;attempts&quot;:8\}"/,
  );
  assert.match(replay.replaceAll('<!-- -->', ''), /Attempt 4: after 2 min/, 'rendered on the server');
  assert.match(replay, /data-tabs-group="client"/);
  const concepts = await page('docs/category/concepts');
  assert.match(concepts, /How Relay delivers/, 'the generated-index page of the sidebars file');
  assert.ok(existsSync(join(site, 'build/api/reference/create-an-endpoint/index.html')), 'the OpenAPI plugin spec');

  // What themeConfig said: navbar, footer, announcement bar, colour mode, Algolia.
  assert.match(intro, /class="menu-item sidebar-item--beta"/, 'className from sidebars.ts');
  assert.match(intro, /Relay v2 signs every delivery with Ed25519/);
  assert.match(intro, /data-theme="dark"/);
  assert.match(intro, /R3LAYD0CS7/);
  assert.match(intro, /href="https:\/\/github\.com\/lantern-labs\/relay"/);
  assert.doesNotMatch(intro, /href="\/blog"/, 'no link to the blog that was left behind');

  // Versions, read in place: versions.json, versioned_docs/version-1.x/, versioned_sidebars/; the docs
  // options lastVersion and versions carried over.
  const config = await readFile(join(site, 'site.config.ts'), 'utf8');
  assert.match(config, /lastVersion: 'current'/);
  assert.match(config, /'1\.x': \{\s*label: '1\.x',\s*banner: 'unmaintained',?\s*\}/);
  const old = await page('docs/1.x/quickstart');
  assert.match(old, /id="create-endpoint"/);
  assert.match(old, /relay endpoints create/);
  assert.match(old, /which is no longer actively maintained/);
  assert.match(old, /href="\/docs\/quickstart" data-version-latest="true"/, 'the banner links the latest quickstart');
  assert.match(old, /href="\/docs\/1\.x\/concepts\/deliveries"/, 'a relative link stays in 1.x');
  assert.match(await page('docs/1.x'), /Plan your move to Ed25519 signatures/);
  const versionsOf = (html: string) =>
    JSON.parse(
      /data-island="VersionDropdown" data-props="([^"]*)"/.exec(html)![1].replaceAll('&quot;', '"'),
    ).versions.map((v: { label: string; href: string }) => `${v.label} ${v.href}`);
  assert.deepEqual(versionsOf(quickstart), ['2.x /docs/quickstart', '1.x /docs/1.x/quickstart']);
  // A doc 1.x does not have: its dropdown entry goes to 1.x's main doc.
  assert.deepEqual(versionsOf(await page('docs/guides/signing')), ['2.x /docs/guides/signing', '1.x /docs/1.x']);
});

test('the written config is the same on every run; a second run overwrites nothing', async () => {
  const first = await copyFixture();
  const second = await copyFixture();
  assert.equal(cli(['init', '--from-docusaurus', '.'], first.site).status, 0);
  assert.equal(cli(['init', '--from-docusaurus', '.'], second.site).status, 0);
  const text = await readFile(join(first.site, 'site.config.ts'), 'utf8');
  assert.equal(text, await readFile(join(second.site, 'site.config.ts'), 'utf8'));
  const again = cli(['init', '--from-docusaurus', '.'], first.site);
  assert.equal(again.status, 1);
  assert.match(again.stderr, /site\.config\.ts already exists .*DG150/);
});

test('no Docusaurus config is DG152; one that throws is DG153 at its line', async () => {
  const empty = await mkdtemp(join(tmpdir(), 'docsgen-migrate-'));
  const none = cli(['init', '--from-docusaurus', '.'], empty);
  assert.equal(none.status, 1);
  assert.match(none.stderr, /No Docusaurus config in \. {2}DG152/);

  const broken = await mkdtemp(join(tmpdir(), 'docsgen-migrate-'));
  await mkdir(join(broken, 'docs'));
  await writeFile(
    join(broken, 'docusaurus.config.js'),
    "// @ts-check\nconst {themes} = require('prism-react-renderer');\n\nmodule.exports = {\n  title: 'Broken',\n  url: siteUrl(),\n};\n",
  );
  const failed = cli(['init', '--from-docusaurus', '.'], broken);
  assert.equal(failed.status, 1);
  assert.match(
    failed.stderr,
    /docusaurus\.config\.js:6:\d+ {2}error {2}The Docusaurus config could not be read: siteUrl is not defined {2}DG153/,
  );
  assert.ok(!existsSync(join(broken, 'site.config.ts')), 'nothing is written');
});

// Docusaurus 3's template (ESM, `// @ts-check`, JSDoc types) and Docusaurus 2's (CommonJS with
// require), in docs-only mode (routeBasePath '/') under a project baseUrl, docs in their own folder.
const ESM_CONFIG = `// @ts-check
import {themes as prismThemes} from 'prism-react-renderer';

/** @type {import('@docusaurus/types').Config} */
const config = {
  title: 'Tidewater Telemetry',
  tagline: 'Buoy data, hourly',
  favicon: 'img/favicon.ico',
  url: 'https://tidewater.example.org',
  baseUrl: '/telemetry/',
  onBrokenLinks: 'throw',
  presets: [
    [
      'classic',
      /** @type {import('@docusaurus/preset-classic').Options} */
      ({
        docs: {
          path: 'handbook',
          routeBasePath: '/',
        },
        blog: false,
      }),
    ],
  ],
  themeConfig:
    /** @type {import('@docusaurus/preset-classic').ThemeConfig} */
    ({
      navbar: {title: 'Tidewater'},
    }),
};

export default config;
`;

const CJS_CONFIG = `// @ts-check
// Note: type annotations allow type checking and IDEs autocompletion

const lightCodeTheme = require('prism-react-renderer/themes/github');
const darkCodeTheme = require('prism-react-renderer/themes/dracula');

/** @type {import('@docusaurus/types').Config} */
const config = {
  title: 'Tidewater Telemetry',
  tagline: 'Buoy data, hourly',
  url: 'https://tidewater.example.org',
  baseUrl: '/telemetry/',
  favicon: 'img/favicon.ico',
  onBrokenLinks: 'throw',
  presets: [
    [
      'classic',
      /** @type {import('@docusaurus/preset-classic').Options} */
      ({
        docs: {
          path: 'handbook',
          routeBasePath: '/',
        },
        blog: false,
      }),
    ],
  ],
  themeConfig:
    /** @type {import('@docusaurus/preset-classic').ThemeConfig} */
    ({
      navbar: {title: 'Tidewater'},
      prism: {theme: lightCodeTheme, darkTheme: darkCodeTheme},
    }),
};

module.exports = config;
`;

const TIDEWATER_DOCS: Record<string, string> = {
  'handbook/intro.md':
    '---\nslug: /\nsidebar_position: 1\n---\n\n# Tidewater telemetry\n\n![Buoy data flow](/img/buoy-flow.svg)\n\nRead [the sensors](./sensors.mdx).\n',
  'handbook/sensors.mdx':
    "---\nsidebar_position: 2\n---\n\nimport useBaseUrl from '@docusaurus/useBaseUrl';\n\n# Sensors\n\n" +
    '<img alt="Buoy" src={useBaseUrl(\'/img/buoy-flow.svg\')} width="320" />\n',
  'static/img/buoy-flow.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 5h10"/></svg>',
  'static/img/favicon.ico': 'ico',
};

for (const [file, text] of [
  ['docusaurus.config.mjs', ESM_CONFIG],
  ['docusaurus.config.js', CJS_CONFIG],
] as const)
  test(`${file}: title, url, baseUrl, favicon, the docs folder and routeBasePath are carried; images get the baseUrl`, async () => {
    const site = await mkdtemp(join(tmpdir(), 'docsgen-migrate-'));
    for (const [path, content] of Object.entries({ ...TIDEWATER_DOCS, [file]: text })) {
      await mkdir(join(site, path, '..'), { recursive: true });
      await writeFile(join(site, path), content);
    }
    const migrated = cli(['init', '--from-docusaurus', '.'], site);
    assert.equal(migrated.status, 0, migrated.stderr);
    const config = await readFile(join(site, 'site.config.ts'), 'utf8');
    assert.match(config, /title: 'Tidewater Telemetry'/);
    assert.match(config, /url: 'https:\/\/tidewater\.example\.org'/);
    assert.match(config, /baseUrl: '\/telemetry\/'/);
    assert.match(config, /favicon: '\/?img\/favicon\.ico'/);
    assert.match(config, /contentDir: 'handbook'/);
    assert.match(config, /routeBasePath: '\/'/);
    const build = cli(['build'], site);
    assert.equal(build.status, 0, build.stderr);
    assert.equal(build.stderr, '', 'no warning');
    const intro = await readFile(join(site, 'build/index.html'), 'utf8');
    assert.match(intro, /<h1[^>]*>Tidewater telemetry/);
    assert.match(intro, /<img src="\/telemetry\/img\/buoy-flow\.svg" alt="Buoy data flow"/, 'a Markdown image');
    assert.match(intro, /href="\/telemetry\/sensors"/);
    assert.match(intro, /<link rel="icon" href="\/telemetry\/img\/favicon\.ico"/);
    const sensors = await readFile(join(site, 'build/sensors/index.html'), 'utf8');
    assert.match(sensors, /<img alt="Buoy" src="\/telemetry\/img\/buoy-flow\.svg" width="320"/, 'useBaseUrl in JSX');
  });
