// Infima's classes (Docusaurus' CSS framework) in pages, as Docusaurus docs write them: a row of
// col--6 cards with buttons in MDX, an alert in a Markdown page's HTML, and a class docsgen does not
// style (pills), which must be a warning at its place, not a page that silently looks different.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import { styledInfimaClasses } from '../../src/content/infima-classes.js';
import { createMiniSite, fixtureSiteFiles, REPO } from '../helpers/mini-site.js';

const FIXTURE = join(REPO, 'test/markdown/fixtures/infima');

test('pages using Infima classes link its stylesheet; others do not; unstyled Infima classes are DG258 at their place', async () => {
  const root = await createMiniSite({ files: fixtureSiteFiles(FIXTURE) });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(
    result.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}:${d.column} ${d.message}`),
    [
      'DG258 content/guides/keys.md:13:12 The Infima class "pills" (Docusaurus\' CSS framework) has no style in docsgen',
      'DG258 content/guides/keys.md:14:14 The Infima class "pills__item" (Docusaurus\' CSS framework) has no style in docsgen',
      'DG258 content/guides/keys.md:14:26 The Infima class "pills__item--active" (Docusaurus\' CSS framework) has no style in docsgen',
    ],
  );
  const files = new Map((result.files ?? []).map((f) => [f.path, String(f.contents)]));
  const css = [...files.keys()].filter((path) => /^assets\/infima-compat\.[0-9a-f]{8}\.css$/.test(path));
  assert.equal(css.length, 1, 'the stylesheet is written once');
  const link = `<link rel="stylesheet" href="/${css[0]}" data-page-asset=""/>`;
  assert.ok(files.get('guides/quickstart/index.html')?.includes(link), 'the MDX page with a grid links it');
  assert.ok(files.get('guides/keys/index.html')?.includes(link), 'the Markdown page with an alert links it');
  assert.ok(!files.get('guides/plain/index.html')?.includes('infima-compat'), 'a page without Infima classes does not');
  assert.ok(!files.get('index.html')?.includes('infima-compat'), 'nor does the home page');
  // Minified, and scoped to page content.
  const sheet = files.get(css[0])!;
  assert.ok(!sheet.includes('\n  '), 'minified');
  assert.match(sheet, /\.markdown__body \.col--6\{--dg-col-width: ?50%\}/);
});

test('a site without Infima classes writes no stylesheet for them', async () => {
  const root = await createMiniSite();
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(result.diagnostics, []);
  assert.deepEqual(
    (result.files ?? []).filter((f) => f.path.includes('infima')).map((f) => f.path),
    [],
  );
});

test('the classes the stylesheet styles are those real docs use most', () => {
  const styled = styledInfimaClasses();
  for (const name of [
    'row',
    'col',
    'col--4',
    'col--6',
    'col--offset-2',
    'margin-bottom--lg',
    'padding-vert--md',
    'text--center',
    'button',
    'button--primary',
    'button--outline',
    'button--lg',
    'card',
    'card__header',
    'card__body',
    'card__footer',
    'badge',
    'badge--success',
    'alert',
    'alert--warning',
    'avatar',
    'avatar__photo',
    'container',
    'shadow--md',
  ])
    assert.ok(styled.has(name), `${name} is styled`);
  assert.ok(!styled.has('markdown__body'), 'the scope is not an Infima class');
});
