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

/** A mapping as real ones are written: helpers in the file, a package's component, one object exported. */
const INTERACTIVE_MAPPING = [
  "import React, { useState } from 'react';",
  "import MDXComponents from '@theme-original/MDXComponents';",
  "import { HexToggle } from '@meshtide/hex-toggle';",
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
  'const components = {',
  '  ...MDXComponents,',
  '  Kbd,',
  '  RevealKey,',
  "  'CopyHash': CopyHash,",
  '  HexToggle,',
  '};',
  '',
  'export default components;',
].join('\n');

const HEX_TOGGLE = join(REPO, 'test/markdown/fixtures/mdx-own/npm/@meshtide/hex-toggle');

async function interactiveMappingSite(mapping: string, more: Record<string, string> = {}) {
  return createMiniSite({
    files: {
      ...more,
      'static/img/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'node_modules/@meshtide/hex-toggle/package.json': await readFile(join(HEX_TOGGLE, 'package.json'), 'utf8'),
      'node_modules/@meshtide/hex-toggle/dist/index.js': await readFile(join(HEX_TOGGLE, 'dist/index.js'), 'utf8'),
      'src/theme/MDXComponents.jsx': mapping,
      'content/guides/keys.mdx':
        '---\ntitle: Keys\n---\n\nPress <Kbd>Ctrl</Kbd>, then <RevealKey>abc123</RevealKey>. Cell: <HexToggle res={7} />\n',
      'content/guides/shortcuts.mdx': '---\ntitle: Shortcuts\n---\n\nPress <Kbd>Ctrl</Kbd>+<Kbd>K</Kbd> to search.\n',
    },
  });
}

test("the mapping's own components with state or handlers hydrate as islands of the mapping; markup-only ones stay HTML", async () => {
  const root = await interactiveMappingSite(INTERACTIVE_MAPPING);
  const cache = createBuildCache();
  await runBuild({ configPath: join(root, 'site.config.ts'), cache });
  // Warm (the mapping's bundles and its browser check kept) equals cold.
  const result = await runBuild({ configPath: join(root, 'site.config.ts'), cache });
  assert.ok(cache.steps.has('mdx-scope-browser'), 'the browser check is a cached stage');
  assert.deepEqual(result.diagnostics, [], 'no DG257: they hydrate');
  const keys = bodyOf(textOf(result, 'guides/keys/index.html'));
  assert.match(
    keys,
    /<docsgen-island data-island="src\/theme\/MDXComponents\.jsx#RevealKey" data-props="\{&quot;children&quot;:&quot;abc123&quot;\}"/,
  );
  assert.match(keys, /data-island="src\/theme\/MDXComponents\.jsx#HexToggle" data-props="\{&quot;res&quot;:7\}"/);
  assert.match(keys, /<button>Show key<\/button>/, 'rendered on the server');
  assert.match(keys, /<kbd class="kbd">Ctrl<\/kbd>/);
  assert.doesNotMatch(keys, /MDXComponents\.jsx#Kbd/, 'a markup-only component is no island');
  assert.doesNotMatch(textOf(result, 'guides/shortcuts/index.html'), /docsgen-island/, 'a page with only Kbd');
  const chunks = (result.files ?? []).filter((f) => /^assets\/js\/.*\.js$/.test(f.path));
  const withCode = chunks.filter((f) => /Show key/.test(Buffer.from(f.contents as Uint8Array).toString('utf8')));
  assert.equal(withCode.length, 1, 'the mapping is one chunk');
  assert.ok(!/^assets\/js\/entry\./.test(withCode[0].path), 'not in the entry every page loads');
  const cold = await runBuild({ configPath: join(root, 'site.config.ts') });
  for (const path of ['guides/keys/index.html', 'guides/shortcuts/index.html', withCode[0].path])
    assert.equal(textOf(result, path), textOf(cold, path), path);
});

test('when the mapping does not bundle for the browser, its interactive components are DG257 at their keys', async () => {
  // A mapping that takes data from a package built for Node only (its "exports" have no browser entry).
  const mapping = INTERACTIVE_MAPPING.replace(
    "import { HexToggle } from '@meshtide/hex-toggle';",
    "import { HexToggle } from '@meshtide/hex-toggle';\nimport { NETWORK } from '@meshtide/node-config';",
  ).replace('<kbd className="kbd">', '<kbd className="kbd" data-network={NETWORK}>');
  const root = await interactiveMappingSite(mapping, {
    'node_modules/@meshtide/node-config/package.json': JSON.stringify({
      name: '@meshtide/node-config',
      version: '1.0.0',
      exports: { '.': { node: './index.cjs' } },
    }),
    'node_modules/@meshtide/node-config/index.cjs': "exports.NETWORK = 'IOT';\n",
  });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(
    result.diagnostics.map((d) => `${d.code} ${d.severity} ${d.file}:${d.line}:${d.column}`),
    [
      'DG257 warning src/theme/MDXComponents.jsx:20:3',
      'DG257 warning src/theme/MDXComponents.jsx:21:15', // placeOfKey: the last mention on the line, the shorthand value
      'DG257 warning src/theme/MDXComponents.jsx:22:3',
    ],
  );
  assert.match(result.diagnostics[0].message, /<RevealKey> of the MDX component mapping uses useState\(\)/);
  assert.match(
    result.diagnostics[0].message,
    /does not bundle for the browser \(Could not resolve "@meshtide\/node-config"/,
  );
  assert.match(result.diagnostics[1].message, /<CopyHash> .* uses an onClick handler/);
  const keys = textOf(result, 'guides/keys/index.html');
  assert.match(keys, /<button>Show key<\/button>/, 'rendered on the server');
  assert.doesNotMatch(keys, /docsgen-island/, 'not hydrated');
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
