// A swizzled src/theme/MDXComponents, as Docusaurus sites write it: its components are on every
// MDX page without imports (site components hydrate as islands, only where used), its tag
// overrides apply to what the author wrote in Markdown, an override docsgen cannot apply exactly
// is DG255 at its place, the page's own names win, and the build cache follows the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import { createBuildCache } from '../../src/build-cache/build-cache.js';
import { createMiniSite, fixtureSiteFiles, REPO } from '../helpers/mini-site.js';

const FIXTURE = join(REPO, 'test/markdown/fixtures/mdx-scope');

function textOf(result: Awaited<ReturnType<typeof runBuild>>, path: string): string {
  const file = result.files?.find((f) => f.path === path);
  assert.ok(file, path);
  return Buffer.from(file.contents as Uint8Array).toString('utf8');
}

const bodyOf = (html: string) => html.slice(html.indexOf('markdown__body'), html.indexOf('</article>'));

test('the components of MDXComponents render on every page, site components as islands where used', async () => {
  const root = await createMiniSite({ files: fixtureSiteFiles(FIXTURE) });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(
    result.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`),
    ['DG255 src/theme/MDXComponents.js:30:3'],
    'only the code override, at its key',
  );
  const page = bodyOf(textOf(result, 'guides/send-data/index.html'));
  assert.match(page, /data-island="src\/components\/Highlight\/index\.jsx#default"/, 'Highlight is an island');
  assert.match(
    page,
    /data-island="src\/components\/FeeCard\/index\.jsx#default" data-props="\{&quot;bytesPerPacket&quot;:48/,
  );
  assert.match(page, /class="FeeCard_[0-9a-f]{6}_card"/, 'its CSS module');
  assert.match(page, /<kbd class="kbd">Ctrl<\/kbd>/, 'a component the mapping defines itself, rendered on the server');
  assert.match(page, /data-tabs-group="sdk"/, 'Tabs and TabItem from the mapping');
  // Tag overrides: what the author wrote, not docsgen's own markup.
  assert.match(page, /<h2 id="estimate-the-cost" class="anchored-heading">Estimate the cost<a class="hash-link"/);
  assert.match(page, /rel="noopener noreferrer" class="link--external">fees page<span class="sr-only">/);
  assert.match(page, /<a href="\/guides">guides overview<\/a>/, 'an internal link has no external class');
  assert.match(page, /<code data-inline="true">client\.send\(\)<\/code>/);
  assert.match(page, /<code class="hljs language-bash">meshtide send/, "code blocks stay docsgen's");
  assert.doesNotMatch(page, /hash-link[^>]*link--external|class="anchored-heading"[^>]*hash-link/);
  // The page's own Highlight wins; a page that uses no site component hydrates none.
  const own = bodyOf(textOf(result, 'guides/own-highlight/index.html'));
  assert.match(own, /<mark class="page-highlight">this page&#x27;s own<\/mark>/);
  assert.doesNotMatch(textOf(result, 'guides/own-highlight/index.html'), /docsgen-island|FeeCard/);
  assert.ok(
    result.files?.some((f) => /^assets\/js\/FeeCard\.[^/]+\.js$/.test(f.path)),
    'FeeCard has its chunk',
  );
  assert.ok(
    result.watchFiles.some((file) => file.endsWith('src/theme/MDXComponents.js')),
    'dev watches the file',
  );
  assert.ok(
    result.watchFiles.some((file) => file.endsWith('src/components/FeeCard/index.jsx')),
    'and its imports',
  );
});

test('an unknown component is still DG233, and its hint names MDXComponents', async () => {
  const root = await createMiniSite({
    files: {
      ...fixtureSiteFiles(FIXTURE),
      'content/guides/typo.mdx': '---\ntitle: Typo\n---\n\nCost: <FeeCrad />\n',
    },
  });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  const unknown = result.diagnostics.find((d) => d.code === 'DG233');
  assert.ok(unknown, 'DG233');
  assert.equal(`${unknown.file}:${unknown.line}:${unknown.column}`, 'content/guides/typo.mdx:5:7');
  assert.match(unknown.hint ?? '', /src\/theme\/MDXComponents\.js .*\.\.\.MDXComponents, FeeCrad/);
});

test('a mapping that does not load is reported at its file: a missing import at its place, a bad export', async () => {
  const files = fixtureSiteFiles(FIXTURE);
  const missing = await createMiniSite({
    files: {
      ...files,
      'src/theme/MDXComponents.js': files['src/theme/MDXComponents.js'].replace(
        "import FeeCard from '@site/src/components/FeeCard';",
        "import FeeCard from '@site/src/components/FeeCalculator';",
      ),
    },
  });
  const unresolved = (await runBuild({ configPath: join(missing, 'site.config.ts') })).diagnostics.find(
    (d) => d.code === 'DG231',
  );
  assert.ok(unresolved, 'DG231');
  assert.equal(`${unresolved.file}:${unresolved.line}`, 'src/theme/MDXComponents.js:7');
  assert.match(unresolved.message, /@site\/src\/components\/FeeCalculator/);

  const notObject = await createMiniSite({
    files: { ...files, 'src/theme/MDXComponents.js': 'export default function Components() { return null; }\n' },
  });
  const result = await runBuild({ configPath: join(notObject, 'site.config.ts') });
  assert.ok(
    result.diagnostics.some((d) => d.code === 'DG256' && d.file === 'src/theme/MDXComponents.js'),
    'DG256',
  );
});

test('a component the mapping defines itself with state or handlers is DG257 at its key; markup-only ones are not', async () => {
  // As real mappings do: a helper component written in the file, next to the imported ones.
  const mapping = [
    "import React, { useState } from 'react';",
    "import MDXComponents from '@theme-original/MDXComponents';",
    '',
    'function Kbd({ children }) {',
    '  return <kbd className="kbd">{children}</kbd>;',
    '}',
    '',
    'function RevealKey({ children }) {',
    '  const [shown, setShown] = useState(false);',
    '  return shown ? <code>{children}</code> : <button onClick={() => setShown(true)}>Show key</button>;',
    '}',
    '',
    'const CopyHash = ({ hash }) => <code onClick={() => navigator.clipboard.writeText(hash)}>{hash}</code>;',
    '',
    'export default {',
    '  ...MDXComponents,',
    '  Kbd,',
    '  RevealKey,',
    "  'CopyHash': CopyHash,",
    '};',
  ].join('\n');
  const root = await createMiniSite({
    files: {
      'static/img/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'src/theme/MDXComponents.jsx': mapping,
      'content/guides/keys.mdx':
        '---\ntitle: Keys\n---\n\nPress <Kbd>Ctrl</Kbd>, then <RevealKey>abc123</RevealKey>.\n',
    },
  });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(
    result.diagnostics.map((d) => `${d.code} ${d.severity} ${d.file}:${d.line}:${d.column}`),
    ['DG257 warning src/theme/MDXComponents.jsx:18:3', 'DG257 warning src/theme/MDXComponents.jsx:19:15'], // placeOfKey: the last mention on the line, the shorthand value,
  );
  assert.match(result.diagnostics[0].message, /<RevealKey> of the MDX component mapping uses useState\(\)/);
  assert.match(result.diagnostics[1].message, /<CopyHash> .* uses an onClick handler/);
  assert.match(textOf(result, 'guides/keys/index.html'), /<button>Show key<\/button>/, 'rendered on the server');
});

test('the build cache follows MDXComponents and what it imports; warm equals cold', async () => {
  const root = await createMiniSite({ files: fixtureSiteFiles(FIXTURE) });
  const configPath = join(root, 'site.config.ts');
  const cache = createBuildCache();
  const entry = (page: string) => cache.steps.get(`mdx-page:${join(root, 'content/guides', page)}`)?.value;
  await runBuild({ configPath, cache });
  const kept = entry('own-highlight.mdx');
  assert.ok(kept, 'cached');
  await runBuild({ configPath, cache });
  assert.equal(entry('own-highlight.mdx'), kept, 'unchanged: kept');
  const mapping = join(root, 'src/theme/MDXComponents.js');
  await writeFile(mapping, (await readFile(mapping, 'utf8')).replace('anchored-heading', 'doc-heading'));
  const edited = await runBuild({ configPath, cache });
  assert.notEqual(entry('own-highlight.mdx'), kept, 'every MDX page depends on the mapping');
  assert.match(textOf(edited, 'guides/send-data/index.html'), /<h2 id="send-a-packet" class="doc-heading">/);
  const highlight = join(root, 'src/components/Highlight/index.jsx');
  await writeFile(highlight, (await readFile(highlight, 'utf8')).replace("'#25c2a0'", "'#e13238'"));
  await writeFile(
    join(root, 'content/guides/default-colour.mdx'),
    '---\ntitle: Default colour\n---\n\nThe <Highlight>default</Highlight> colour.\n',
  );
  const again = await runBuild({ configPath, cache });
  const cold = await runBuild({ configPath });
  const page = textOf(again, 'guides/default-colour/index.html');
  assert.match(page, /background-color:#e13238/);
  for (const path of ['guides/default-colour/index.html', 'guides/send-data/index.html'])
    assert.equal(textOf(again, path), textOf(cold, path), path);
});
