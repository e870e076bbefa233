// A site with MDX and Markdown pages, built whole: .mdx pages go through MDX, .md pages stay
// CommonMark; output is deterministic; MDX problems fail the build with their places.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { runBuild } from '../../src/build.js';
import { REPO, createMiniSite } from '../helpers/mini-site.js';

const FIXTURE = join(REPO, 'test/markdown/fixtures/mdx');
const fixtureFiles = Object.fromEntries(
  fg
    .sync(['content/**', 'src/**', 'static/**'], { cwd: FIXTURE })
    .map((path) => [path, readFileSync(join(FIXTURE, path), 'utf8')]),
);
const FAVICON = { 'static/img/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>' };

async function build(files: Record<string, string>) {
  const root = await createMiniSite({ files: { ...fixtureFiles, ...FAVICON, ...files } });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  const text = (path: string) => {
    const file = result.files?.find((f) => f.path === path);
    assert.ok(file, path);
    return typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('utf8');
  };
  return { root, result, text };
}

const scriptsOf = (html: string) => [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);

test('MDX and Markdown pages in one site: both built, .md stays CommonMark, same scripts, byte-identical rebuild', async () => {
  const { result, text } = await build({
    'content/guides/plain.md': '---\ntitle: Plain\n---\n\nimport Tabs from "@theme/Tabs";\n\nA *Markdown* page.\n',
  });
  assert.deepEqual(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  const mdx = text('guides/install-cli/index.html');
  assert.match(mdx, /<h1[^>]*>Install the Meshtide CLI<\/h1>/);
  assert.match(mdx, /data-tabs-group="operating-systems"/);
  assert.match(mdx, /<meta name="description" content="Install the command-line tool/);
  assert.match(text('guides/plain/index.html'), /<p>import Tabs from "@theme\/Tabs";<\/p>/, '.md is not MDX');
  // An MDX page ships the same scripts as a Markdown page (the docs-tabs chunk loads on demand).
  assert.deepEqual(scriptsOf(mdx), scriptsOf(text('guides/plain/index.html')));
  assert.match(text('guides/install-cli.md'), /\[macOS\]\(#tabs-1-mac\)/, 'the Markdown twin has the tabs');
  const again = await build({
    'content/guides/plain.md': '---\ntitle: Plain\n---\n\nimport Tabs from "@theme/Tabs";\n\nA *Markdown* page.\n',
  });
  for (const path of ['guides/install-cli/index.html', 'guides/sdk-clients/index.html', 'guides/index.html'])
    assert.equal(again.text(path), text(path), path);
});

test('MDX problems fail the build with file:line:col, and other pages are still checked', async () => {
  const { result } = await build({
    'content/guides/broken.mdx':
      "---\ntitle: Broken\n---\n\nimport Gauge from '@site/src/components/Gauge';\n\n<Spinner />\n",
    'content/guides/links.mdx':
      '---\ntitle: Links\n---\n\nimport Link from \'@docusaurus/Link\';\n\nSee <Link to="/guides/sdk-clients#pick-a-language">the SDK</Link> and\n<Link to="/guides/uninstall">removal</Link>.\n',
  });
  const links = result.diagnostics
    .filter((d) => d.file === 'content/guides/links.mdx')
    .map((d) => `${d.code} ${d.line}:${d.column} ${d.message}`);
  assert.equal(links.length, 1, links.join('\n'));
  assert.match(links[0], /^DG402 8:1 .*\/guides\/uninstall/);
  assert.equal(result.files, undefined, 'nothing is written');
  const found = result.diagnostics
    .filter((d) => d.file === 'content/guides/broken.mdx')
    .map((d) => `${d.code} ${d.line}:${d.column}`);
  assert.deepEqual(found.sort(), ['DG231 5:1', 'DG233 7:1']);
});
