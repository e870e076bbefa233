// Markdown files imported by an MDX page (Docusaurus' "partials": `import Note from './_note.mdx'`),
// compiled with the page's plugins, their links checked and reported at the partial's own lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import { createMiniSite } from '../helpers/mini-site.js';
import { htmlOf, parseMdx } from './mdx-helpers.js';

const FM = '---\ntitle: Set up the SDK\n---\n'; // 3 lines: the body starts on line 4

// Written the way docs teams write shared snippets: a leading underscore (not a page of its own),
// props read as `props.x`, an admonition, a relative link from the partial's own folder.
const KEY_NOTE = `:::caution Keep the key secret

Every request to the {props.network} endpoints needs the \`x-api-key\` header.
See [the first steps](../guides/start.md) if you have no key yet.

:::

### Rotate a leaked key {#rotate-key}

Revoke it on the dashboard and restart the poller.
`;

const PLAIN_NOTE = `Rewards are summed per <abbr title="Coordinated Universal Time">UTC</abbr> day; a {bucket} is one day.

<details>
<summary>Why UTC?</summary>

Oracles close an epoch at midnight UTC.

</details>

\`\`\`bash
date -u +%F
\`\`\`
`;

const sdkSite = (extra: Record<string, string> = {}) =>
  createMiniSite({
    files: {
      'content/_partials/api-key-note.mdx': KEY_NOTE,
      'content/_partials/utc-days.md': PLAIN_NOTE,
      ...extra,
    },
  });

const PAGE =
  `${FM}import ApiKeyNote from '../_partials/api-key-note.mdx';\nimport UtcDays from '../_partials/utc-days.md';\n\n` +
  '## Install\n\n<ApiKeyNote network="IOT" />\n\n<UtcDays />\n';

test('an imported .mdx partial renders with the page plugins and its props; a .md one as CommonMark', async () => {
  const root = await sdkSite();
  const docRoutes = new Map([[join(root, 'content/guides/start.md'), '/guides/start']]);
  const outcome = await parseMdx(PAGE, 'sdk', { root, docRoutes });
  assert.deepEqual(outcome.diagnostics, []);
  const html = htmlOf(outcome);
  assert.match(html, /admonition-caution[^>]*><p class="admonition-title">Keep the key secret<\/p>/);
  assert.match(html, /Every request to the IOT endpoints needs/, 'props.network');
  assert.match(html, /<a href="\/docs\/guides\/start">the first steps<\/a>/, 'the link resolves from the partial');
  assert.match(html, /<h3 id="rotate-key">Rotate a leaked key/);
  assert.match(html, /a \{bucket\} is one day/, 'braces are text in a .md partial');
  assert.match(html, /<abbr title="Coordinated Universal Time">UTC<\/abbr>/, 'its HTML is kept');
  assert.match(html, /<details>\s*<summary>Why UTC\?<\/summary>\s*<p>Oracles close/, 'an HTML block around Markdown');
  assert.match(html, /<span class="hljs-built_in">date<\/span> -u/, 'its code is highlighted');
  const page = outcome.parsed!.page;
  assert.ok(page.anchors.includes('rotate-key'), 'the partial heading can be linked to');
  assert.deepEqual(
    page.toc.map((item) => item.id),
    ['install'],
    'only the page headings are in its table of contents, as in Docusaurus',
  );
  assert.deepEqual(
    (outcome.files ?? []).map((path) => path.slice(root.length + 1)).sort(),
    ['content/_partials/api-key-note.mdx', 'content/_partials/utc-days.md'],
    'editing a partial rebuilds the page',
  );
});

test('a syntax error in a partial is DG230 at its own line; an unknown component there is DG233 at its tag', async () => {
  const root = await sdkSite({
    'content/_partials/broken.mdx': 'Intro.\n\nThe limit is {limits.daily requests.\n',
    'content/_partials/unknown.mdx': 'Intro.\n\n<HotspotMap region="eu868" />\n',
  });
  const broken = await parseMdx(`${FM}import Broken from '../_partials/broken.mdx';\n\n<Broken />\n`, 'a', { root });
  assert.deepEqual(
    broken.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}`),
    ['DG230 content/_partials/broken.mdx:3'],
  );
  const unknown = await parseMdx(`${FM}import Unknown from '../_partials/unknown.mdx';\n\n<Unknown />\n`, 'b', {
    root,
  });
  assert.deepEqual(
    unknown.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`),
    ['DG233 content/_partials/unknown.mdx:3:1'],
  );
  assert.ok(unknown.parsed === undefined && broken.parsed === undefined, 'neither page is built');
});

test('a broken link inside a partial fails the build at the partial file and line; a site component in it hydrates', async () => {
  const root = await sdkSite({
    'content/_partials/api-key-note.mdx': KEY_NOTE.replace('../guides/start.md', '../guides/missing.md'),
    'content/_partials/counter.mdx': "import Counter from '@site/src/components/Counter';\n\nPress it: <Counter />\n",
    'src/components/Counter.jsx':
      "import { useState } from 'react';\nexport default function Counter() {\n" +
      '  const [n, setN] = useState(0);\n  return <button onClick={() => setN(n + 1)}>{n}</button>;\n}\n',
    'content/guides/sdk.mdx': `${PAGE}\nimport CounterNote from '../_partials/counter.mdx';\n\n<CounterNote />\n`,
  });
  const failed = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(
    failed.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`),
    ['DG401 content/_partials/api-key-note.mdx:4:5'],
  );
  const { writeFile } = await import('node:fs/promises');
  await writeFile(join(root, 'content/_partials/api-key-note.mdx'), KEY_NOTE);
  const built = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(
    built.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  const html = Buffer.from(built.files!.find((file) => file.path === 'guides/sdk/index.html')!.contents).toString();
  assert.match(html, /data-island="src\/components\/Counter\.jsx#default"/, 'Counter hydrates');
});

// A shared snippet that carries its own small widget, as docs teams write them next to the prose.
const FEE_TOGGLE = `import { useState } from 'react';

export function FeeToggle({ dc }) {
  const [usd, setUsd] = useState(false);
  return (
    <button type="button" className="fee-toggle" onClick={() => setUsd(!usd)}>
      {usd ? \`$\${(dc / 100000).toFixed(2)}\` : \`\${dc} DC\`}
    </button>
  );
}

export const Dc = ({ children }) => <abbr title="Data Credits">{children}</abbr>;

A packet of up to 24 bytes costs <FeeToggle dc={1} /> (one <Dc>DC</Dc>); onboarding a gateway costs <FeeToggle dc={4000000} />.
`;

test("a partial's own components with state or handlers hydrate as islands of the partial's module", async () => {
  const root = await sdkSite({ 'content/_partials/fee-toggle.mdx': FEE_TOGGLE });
  const page =
    `${FM}import FeeNote, { FeeToggle } from '../_partials/fee-toggle.mdx';\n\n` +
    '## Fees\n\n<FeeNote />\n\nA second one on the page itself: <FeeToggle dc={35000} />\n';
  const outcome = await parseMdx(page, 'fees', { root });
  assert.deepEqual(outcome.diagnostics, [], 'no DG253: they hydrate');
  const html = htmlOf(outcome);
  const module = 'content/_partials/fee-toggle.mdx';
  assert.match(
    html,
    /<docsgen-island data-island="content\/_partials\/fee-toggle\.mdx#FeeToggle" data-props="\{&quot;dc&quot;:1\}" style="display:contents"><button type="button" class="fee-toggle">1 DC<\/button><\/docsgen-island>/,
  );
  assert.match(
    html,
    /data-island="content\/_partials\/fee-toggle\.mdx#FeeToggle" data-props="\{&quot;dc&quot;:35000\}"/,
  );
  assert.match(html, /\(one <abbr title="Data Credits">DC<\/abbr>\)/, 'a markup-only component is no island');
  assert.deepEqual(outcome.parsed?.page.islands, [module]);
  // The browser module: the partial's imports and exports, without its content.
  const code = outcome.parsed?.page.islandCode?.[module] ?? '';
  assert.match(code, /^import \{ useState \} from 'react';\nexport function FeeToggle/);
  assert.doesNotMatch(code, /A packet of up to/);
});

test('a partial that many pages import is checked for the browser once a build, not once per page', async () => {
  const root = await sdkSite({ 'content/_partials/fee-toggle.mdx': FEE_TOGGLE });
  const partialBrowserChecks = new Map();
  for (const name of ['fees', 'onboarding-costs']) {
    const outcome = await parseMdx(`${FM}import FeeNote from '../_partials/fee-toggle.mdx';\n\n<FeeNote />\n`, name, {
      root,
      partialBrowserChecks,
    });
    assert.deepEqual(outcome.parsed?.page.islands, ['content/_partials/fee-toggle.mdx'], name);
  }
  assert.equal(partialBrowserChecks.size, 1, 'one check for both pages');
});

test('a partial whose module does not bundle for the browser: its interactive components are DG253 at their first use', async () => {
  const root = await sdkSite({
    'content/_partials/fee-toggle.mdx': FEE_TOGGLE.replace(
      "import { useState } from 'react';",
      "import { useState } from 'react';\nimport { DC_PER_USD } from '@meshtide/node-fees';",
    ),
    'node_modules/@meshtide/node-fees/package.json': JSON.stringify({
      name: '@meshtide/node-fees',
      version: '2.1.0',
      exports: { '.': { node: './index.cjs' } },
    }),
    'node_modules/@meshtide/node-fees/index.cjs': 'exports.DC_PER_USD = 100000;\n',
  });
  const outcome = await parseMdx(`${FM}import FeeNote from '../_partials/fee-toggle.mdx';\n\n<FeeNote />\n`, 'fees', {
    root,
  });
  assert.deepEqual(
    outcome.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`),
    ['DG253 content/_partials/fee-toggle.mdx:15:34'],
  );
  assert.match(
    outcome.diagnostics[0].message,
    /<FeeToggle> .* does not bundle for the browser \(Could not resolve "@meshtide\/node-fees"/,
  );
  assert.match(htmlOf(outcome), /<button type="button" class="fee-toggle">1 DC<\/button>/, 'rendered on the server');
  assert.doesNotMatch(htmlOf(outcome), /docsgen-island/);
});
