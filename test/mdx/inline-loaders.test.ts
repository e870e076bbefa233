// webpack's inline loader syntax in MDX imports (`!!raw-loader!./file`), which Docusaurus docs use
// to show a file's source in a <CodeBlock>: raw-loader gives the text, other loaders are DG236.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import { createMiniSite } from '../helpers/mini-site.js';
import { htmlOf, parseMdx } from './mdx-helpers.js';
import { inlineLoaderOf, withoutInlineLoader } from '../../src/content/mdx/inline-loaders.js';

const FM = '---\ntitle: Reward sums\n---\n'; // 3 lines: the body starts on line 4

const POLLER = `export async function fetchRewardSums(address, minTime) {
  const response = await fetch(\`/v0/hotspots/\${address}/rewards/sum?min_time=\${minTime}\`);
  if (!response.ok) throw new Error(\`HTTP \${response.status}\`);
  return response.json();
}
`;

const siteWithExamples = () =>
  createMiniSite({
    files: {
      'src/examples/reward-sums.js': POLLER,
      'content/guides/snippets/query.sql': "SELECT hotspot, sum(amount) FROM rewards WHERE ts > '2024-01-01';\n",
    },
  });

test('!!raw-loader! imports give the file text (extension resolved, @site/ and relative), shown by CodeBlock', async () => {
  const root = await siteWithExamples();
  const text =
    `${FM}import CodeBlock from '@theme/CodeBlock';\n` +
    "import SumsSource from '!!raw-loader!@site/src/examples/reward-sums';\n" +
    "import Query from 'raw-loader!./snippets/query.sql';\n\n" +
    '<CodeBlock language="js" title="src/examples/reward-sums.js">{SumsSource}</CodeBlock>\n\n' +
    'The query has {Query.split("\\n")[0].length} characters.\n';
  const outcome = await parseMdx(text, 'sums', { root });
  assert.deepEqual(outcome.diagnostics, []);
  const html = htmlOf(outcome);
  assert.match(html, /<div class="code-title">src\/examples\/reward-sums\.js<\/div>/);
  assert.match(html, /fetchRewardSums/, 'the source text is in the code block');
  assert.match(html, /has 65 characters/, 'the relative file is its text too');
  assert.deepEqual(
    (outcome.files ?? []).map((path) => path.slice(root.length + 1)).sort(),
    ['content/guides/snippets/query.sql', 'src/examples/reward-sums.js'],
    'both files are inputs of the page, so editing them rebuilds it',
  );
});

test('another webpack loader is DG236 at its import; a raw-loader file that is missing is DG231 naming no package', async () => {
  const root = await siteWithExamples();
  const text =
    `${FM}\nimport Diagram from '!!file-loader!./coverage.png';\n` +
    "import Gone from '!!raw-loader!@site/src/examples/removed.js';\n\n<img src={Diagram} alt={Gone} />\n";
  const outcome = await parseMdx(text, 'sums', { root });
  assert.deepEqual(
    outcome.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`),
    ['DG236 5:1', 'DG231 6:1'],
  );
  assert.match(outcome.diagnostics[0].message, /webpack loader "file-loader"/);
  assert.match(outcome.diagnostics[0].hint ?? '', /"\.\/coverage\.png"/);
  assert.match(outcome.diagnostics[1].message, /"!!raw-loader!@site\/src\/examples\/removed\.js": no such file/);
  assert.ok(outcome.parsed === undefined, 'the page is not built');
});

test('the inline syntax: every prefix webpack accepts; plain imports and paths with "!" elsewhere are left alone', () => {
  const cases = [
    ['!!raw-loader!./a.js', 'raw-loader', './a.js'],
    ['!raw-loader!./a.js', 'raw-loader', './a.js'],
    ['-!raw-loader!@site/src/a', 'raw-loader', '@site/src/a'],
    ['raw-loader!../a.txt', 'raw-loader', '../a.txt'],
    ['!!@svgr/webpack!./icon.svg', '@svgr/webpack', './icon.svg'],
    ['./plain.js', undefined, './plain.js'],
    ['@site/src/components/Hotspot', undefined, '@site/src/components/Hotspot'],
  ] as const;
  for (const [specifier, loader, request] of cases) {
    assert.equal(inlineLoaderOf(specifier), loader, specifier);
    assert.equal(withoutInlineLoader(specifier), request, specifier);
  }
});

test('a hydrated site component that imports !!raw-loader! gets the text in its browser chunk too', async () => {
  const root = await createMiniSite({
    files: {
      'src/components/SourceToggle/index.jsx':
        "import { useState } from 'react';\nimport source from '!!raw-loader!./request.sh';\n" +
        'export default function SourceToggle() {\n  const [open, setOpen] = useState(false);\n' +
        '  return <div><button onClick={() => setOpen(!open)}>Show request</button>{open && <pre>{source}</pre>}</div>;\n}\n',
      'src/components/SourceToggle/request.sh': 'curl -s "$API/v0/hotspots?limit=10"\n',
      'content/guides/request.mdx': `${FM}import SourceToggle from '@site/src/components/SourceToggle';\n\n<SourceToggle />\n`,
    },
  });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  const chunks = (result.files ?? []).filter((file) => /^assets\/js\/SourceToggle\.\w+\.js$/.test(file.path));
  assert.equal(chunks.length, 1, 'the component has its own chunk');
  assert.match(Buffer.from(chunks[0].contents).toString('utf8'), /v0\/hotspots\?limit=10/);
});
