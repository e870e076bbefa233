/**
 * A file of static/ at a path docsgen generates a file at is left out with a warning naming both
 * (DG602), never dropped without a word; static/robots.txt replaces docsgen's default one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import { planStaticFiles } from '../../src/output/static-collisions.js';
import { createMemoryWriter } from '../../src/output/writer.js';
import { createMiniSite } from '../helpers/mini-site.js';

test('planStaticFiles leaves out the files a generated file takes the place of, with a warning each', () => {
  const files = [
    { path: 'img/logo.svg', contents: '<svg/>' },
    { path: 'sitemap.xml', contents: '<urlset/>' },
    { path: 'robots.txt', contents: 'User-agent: *\nDisallow: /drafts/\n' },
  ];
  const generated = new Map([
    ['sitemap.xml', 'its sitemap.xml'],
    ['index.html', 'the page /'],
  ]);
  const planned = planStaticFiles(files, (path) => generated.get(path), 'static');
  assert.deepEqual(
    planned.files.map((file) => file.path),
    ['img/logo.svg', 'robots.txt'],
  );
  assert.equal(planned.ownRobotsTxt, true);
  assert.deepEqual(
    planned.diagnostics.map(({ code, severity, file, message }) => ({ code, severity, file, message })),
    [
      {
        code: 'DG602',
        severity: 'warning',
        file: join('static', 'sitemap.xml'),
        message: `${join('static', 'sitemap.xml')} is not copied to the output: docsgen writes its sitemap.xml at sitemap.xml`,
      },
    ],
  );
  assert.equal(planStaticFiles(files.slice(0, 2), (path) => generated.get(path), 'static').ownRobotsTxt, false);
});

test('a migrated site whose static/ holds a sitemap, a page, a twin and robots.txt: warned, generated files kept, its robots.txt used', async () => {
  const ownRobots = 'User-agent: *\nDisallow: /drafts/\n';
  const root = await createMiniSite({
    files: {
      'static/sitemap.xml': '<urlset><!-- hand-written --></urlset>',
      'static/guides/start.md': 'A download that happens to sit at the twin path.',
      'static/guides/next/index.html': '<p>An old export of the page</p>',
      'static/robots.txt': ownRobots,
      'static/index.md': 'The home page as Markdown, by hand.',
      'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      // Paths no generated file takes: copied as they are.
      'static/downloads/notes.md': 'Release notes to download.',
      'static/legacy/index.html': '<p>An old page kept as it was</p>',
    },
  });
  const configPath = join(root, 'site.config.ts');
  const result = await runBuild({ configPath, stream: true });
  const warned = result.diagnostics
    .filter((diagnostic) => diagnostic.code === 'DG602')
    .map((diagnostic) => [diagnostic.file, diagnostic.message]);
  assert.deepEqual(
    warned.map(([file]) => file).sort(),
    ['static/guides/next/index.html', 'static/guides/start.md', 'static/index.md', 'static/sitemap.xml'].map((path) =>
      join(path),
    ),
  );
  assert.ok(
    warned.some(([, message]) => message!.includes('the Markdown twin of /guides/start')),
    'the twin is named',
  );
  assert.ok(
    warned.some(([, message]) => message!.includes('the page /guides/next')),
    'the page is named',
  );

  // Each path reaches the writer once: no file overwrites another, whatever order they are written in.
  const paths: string[] = [];
  async function* counted() {
    for await (const file of result.stream!) {
      paths.push(file.path);
      yield file;
    }
  }
  const writer = createMemoryWriter();
  await writer.write(counted());
  assert.deepEqual(
    paths.filter((path, i) => paths.indexOf(path) !== i),
    [],
    'no path given twice',
  );
  const text = (path: string) => Buffer.from(writer.files.get(path)!).toString();
  assert.match(
    text('sitemap.xml'),
    /<loc>https:\/\/docs\.acme\.example\/guides\/start<\/loc>/,
    'the generated sitemap',
  );
  assert.match(text('guides/start.md'), /^# Start/, 'the twin');
  assert.match(text('guides/next/index.html'), /<html/, 'the page');
  assert.equal(text('robots.txt'), ownRobots, "the site's own robots.txt");
  for (const path of ['img/logo.svg', 'downloads/notes.md', 'legacy/index.html'])
    assert.ok(writer.files.has(path), `${path}: other static files are copied`);
  assert.match(text('index.md'), /^# Home/, "the home page's twin");
});
