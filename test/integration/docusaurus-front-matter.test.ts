import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import type { OutputFile } from '../../src/output/output-file.js';
import { REPO, createMiniSite } from '../helpers/mini-site.js';

const FIXTURE = join(REPO, 'test/markdown/fixtures/docusaurus/content/guides');
const fixtureFiles = Object.fromEntries(
  readdirSync(FIXTURE).map((name) => [`content/guides/${name}`, readFileSync(join(FIXTURE, name), 'utf8')]),
);

async function buildFixture(config = '') {
  const root = await createMiniSite({ config, files: fixtureFiles });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  const text = (path: string) => {
    const file = result.files?.find((f: OutputFile) => f.path === path);
    assert.ok(file, `${path} is written`);
    return typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('utf8');
  };
  return { root, result, text };
}

test('Docusaurus front matter: title, head tags, TOC levels, edit link, last update and tag objects', async () => {
  const { result, text } = await buildFixture();
  assert.deepEqual(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  const intro = text('guides/intro/index.html');
  // hide_title: no generated h1 (the body's own h1 stays).
  assert.doesNotMatch(intro, /<h1>Getting started with the API<\/h1>/);
  assert.match(intro, /<h1 id="welcome-aboard">Welcome aboard/);
  assert.match(intro, /<meta name="keywords" content="helium, hotspot rewards, api key"\/>/);
  assert.match(intro, /<meta property="og:image" content="https:\/\/docs.acme.example\/img\/cards\/intro.png"\/>/);
  // toc_max_heading_level: 4 lists h4 but not h5.
  const toc = intro.slice(intro.indexOf('class="toc'));
  assert.match(toc, /href="#rotate-it-yearly"/);
  assert.doesNotMatch(toc, /href="#too-deep-for-the-toc"/);
  assert.match(
    intro,
    /<a href="https:\/\/example.invalid\/edit\/docs\/intro.md" class="doc-footer__edit"[^>]*>Edit this page/,
  );
  assert.match(intro, /Last updated<!-- --> on <time dateTime="2024-05-02">May 2, 2024<\/time> by Ops team/);
  // sidebar_class_name on the page's sidebar item, on every page that shows the sidebar.
  assert.match(
    text('guides/start/index.html'),
    /<li class="menu-item sidebar-item--highlighted"><a[^>]*href="\/guides\/intro"/,
  );
  const meta = JSON.parse(text('meta/index.json'));
  assert.deepEqual(meta.docs.find((d: { id: string }) => d.id === 'guides/intro').tags, [
    'Getting started',
    'quickstart',
  ]);
});

test('pagination_next/prev/label replace the sidebar neighbours', async () => {
  const { text } = await buildFixture();
  const nav = (path: string) => {
    const html = text(path);
    const part = html.slice(html.indexOf('class="pagination-nav"'));
    const label = (rel: string) =>
      new RegExp(
        `rel="${rel}"><span class="pagination-nav__sublabel">\\w+</span><span class="pagination-nav__label">([^<]*)`,
      ).exec(part)?.[1];
    return { previous: label('prev'), next: label('next') };
  };
  // Sidebar order: intro, start, next, onboarding, exports (beta-endpoints is unlisted).
  assert.deepEqual(nav('guides/intro/index.html'), { previous: undefined, next: 'Exporting reward data' });
  assert.deepEqual(nav('guides/start/index.html'), { previous: 'Start here', next: 'Next' });
  assert.deepEqual(nav('guides/onboarding/index.html'), { previous: undefined, next: 'Exporting reward data' });
});

test('unlisted pages are built with noindex and a banner, but are in no sidebar, sitemap, search or meta index', async () => {
  const { text, result } = await buildFixture();
  const page = text('guides/beta-endpoints/index.html');
  assert.match(page, /<meta name="robots" content="noindex, nofollow"\/>/);
  assert.match(page, /<p class="admonition-title">Unlisted page<\/p>/);
  assert.doesNotMatch(text('guides/start/index.html'), /beta-endpoints/);
  assert.doesNotMatch(text('sitemap.xml'), /beta-endpoints/);
  assert.doesNotMatch(text('meta/index.json'), /beta-endpoints/);
  const searchFiles = result.files!.filter((f) => f.path.includes('search') && f.path.endsWith('.json'));
  assert.ok(searchFiles.length > 0, 'searchFiles.length > 0');
  for (const file of searchFiles) assert.doesNotMatch(text(file.path), /These endpoints may change/);
  assert.ok(
    searchFiles.some((file) => /power-cycle/.test(text(file.path))),
    'listed pages are indexed',
  );
  assert.match(text('guides/intro/index.html'), /Getting started with the API/);
});

test('an unknown front matter key is a DG208 warning with its line and a did-you-mean; --strict and config strict fail on it', async () => {
  const { result, root } = await buildFixture();
  const warning = result.diagnostics.find((d) => d.code === 'DG208');
  assert.deepEqual(
    { ...warning },
    {
      code: 'DG208',
      severity: 'warning',
      message: 'Unknown front matter key "sidebar_positon" (ignored)',
      file: 'content/guides/intro.md',
      line: 26,
      column: 1,
      hint: 'Did you mean "sidebar_position"?',
    },
  );
  const cli = (args: string[], cwd: string) =>
    spawnSync(process.execPath, [join(REPO, 'bin/docsgen.js'), 'build', '--no-cache', ...args], {
      cwd,
      encoding: 'utf8',
    });
  const plain = cli([], root);
  assert.equal(plain.status, 0, plain.stderr);
  assert.match(
    plain.stderr,
    /content\/guides\/intro\.md:26:1 {2}warning {2}Unknown front matter key "sidebar_positon"/,
  );
  const strict = cli(['--strict'], root);
  assert.equal(strict.status, 1);
  assert.match(
    strict.stderr,
    /intro\.md:26:1 {2}error {2}Unknown front matter key "sidebar_positon" \(ignored\) \(a warning; strict mode fails on it\)/,
  );
  const strictConfig = await createMiniSite({ config: 'strict: true,', files: fixtureFiles });
  assert.equal(cli([], strictConfig).status, 1);
});

test('a pagination_next that names no doc is a DG411 error', async () => {
  const root = await createMiniSite({
    files: { 'content/guides/x.md': '---\ntitle: X\npagination_next: guides/strat\n---\nText.\n' },
  });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  const error = result.diagnostics.find((d) => d.code === 'DG411');
  assert.equal(error?.message, 'Front matter pagination_next names the doc "guides/strat", which does not exist');
  assert.equal(error?.file, 'content/guides/x.md');
});

test("a body's own top-level h1 is the title, as in Docusaurus: no second h1, no missing-title warning", async () => {
  const root = await createMiniSite({
    files: {
      // No title in front matter: the h1 (with its custom id) is the title.
      'content/guides/keys.md':
        '---\ndescription: Keys.\n---\n\n# Rotating API keys {#rotating}\n\nRotate yearly.\n\n```bash\n# not a title\n```\n',
      // A title in front matter and an h1 in the body: the page shows the body's h1 only.
      'content/guides/both.md': '---\ntitle: Front title\ndescription: Both.\n---\n\n# Body title\n\nText.\n',
      // Only a shell comment in a code block and an h1 inside an admonition: neither is a title.
      'content/guides/none.md':
        '---\ndescription: None.\n---\n\n```bash\n# install it\n```\n\n:::note\n\n# Inside a note\n\n:::\n',
    },
  });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  const html = (route: string) => {
    const file = result.files?.find((f: OutputFile) => f.path === `guides/${route}/index.html`);
    assert.ok(file, `guides/${route} is written`);
    return String(file.contents);
  };
  const h1s = (page: string) => page.match(/<h1[ >]/g)?.length ?? 0;
  const missingTitle = result.diagnostics.filter((d) => d.code === 'DG206').map((d) => d.file);
  assert.deepEqual(missingTitle, ['content/guides/none.md']);

  assert.match(html('keys'), /<title>Rotating API keys \| /);
  assert.match(html('keys'), /<h1 id="rotating">Rotating API keys/);
  assert.equal(h1s(html('keys')), 1);
  assert.match(html('both'), /<title>Front title \| /);
  assert.match(html('both'), /<h1 id="body-title">Body title/);
  assert.equal(h1s(html('both')), 1);
  // Without any title the template's h1 shows the doc id, and the note keeps its own heading.
  assert.match(html('none'), /<header><h1>guides\/none<\/h1><\/header>/);
  assert.equal(h1s(html('none')), 2);
});

test('a front matter value of the wrong type is DG202 naming the key; two docs with one id are DG205 naming both', async () => {
  const root = await createMiniSite({
    files: {
      // Hand-written values Docusaurus rejects too: a word for a position, a string for a boolean.
      'content/guides/antennas.md':
        '---\ntitle: Antennas\nsidebar_position: first\nhide_title: "no"\n---\n\nGain and height.\n',
      // A copied page that kept the original's id (its slug was changed, so the routes differ).
      'content/guides/install.md': '---\nid: install\ntitle: Install the CLI\n---\n\nWith npm.\n',
      'content/guides/install-linux.md':
        '---\nid: install\nslug: /guides/linux\ntitle: Install on Linux\n---\n\nWith apt.\n',
    },
  });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  const wrongType = result.diagnostics.filter((d) => d.code === 'DG202');
  assert.deepEqual(
    wrongType
      .map((d) => `${d.severity} ${d.file}:${d.line} ${/Invalid front matter "(\w+)"/.exec(d.message)?.[1]}`)
      .sort(),
    ['error content/guides/antennas.md:3 sidebar_position', 'error content/guides/antennas.md:4 hide_title'],
    'each key of the wrong type',
  );
  const clash = result.diagnostics.filter((d) => d.code === 'DG205');
  assert.equal(clash.length, 1, JSON.stringify(result.diagnostics));
  assert.equal(result.diagnostics.filter((d) => d.code === 'DG204').length, 0, 'the routes differ');
  assert.equal(clash[0].severity, 'error');
  assert.match(
    clash[0].message,
    /doc id "guides\/install": content\/guides\/install(-linux)?\.md and content\/guides\/install(-linux)?\.md/,
  );
});
