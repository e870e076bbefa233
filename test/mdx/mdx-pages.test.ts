// MDX pages (.mdx): compiled by MDX 3 with the Markdown plugins, bundled with their imports and
// rendered with React at build time; Docusaurus' theme modules behave as in Docusaurus.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { htmlOf, parseMdx, readFixture } from './mdx-helpers.js';
import { createMdxProcessor } from '../../src/content/mdx/mdx-processor.js';

const FM = '---\ntitle: T\n---\n';

/** [label, value, selected, panel hidden] of every tab of the HTML, in order. */
function tabs(html: string) {
  return [...html.matchAll(/<a role="tab"[^>]*aria-selected="(\w+)" data-tab-value="([^"]+)"[^>]*>(.*?)<\/a>/g)].map(
    (m) => {
      const panel =
        new RegExp(`<div role="tabpanel" id="[^"]+"[^>]*data-tab-panel="${m[2]}"[^>]*>`).exec(html)?.[0] ?? '';
      return [m[3], m[2], m[1] === 'true', panel.includes('hidden')];
    },
  );
}

test('fixture install-cli.mdx: imports, theme components, site components, Docusaurus Markdown', async () => {
  const outcome = await parseMdx(readFixture('install-cli'), 'install-cli');
  assert.deepEqual(outcome.diagnostics, []);
  const html = htmlOf(outcome);
  assert.doesNotMatch(html, /import |export const|TODO\(docs\)/, 'ESM and comments are not printed');
  assert.match(html, /talks to the <strong>Meshtide Docs<\/strong>/, 'useDocusaurusContext gives the site title');
  assert.match(html, /Current release: <strong>2\.4\.1<\/strong> \(hotspots need firmware 1\.19 or later\)/);
  assert.match(html, /<h2 id="install-steps">Install<a class="hash-link"/, '{#custom-id} in MDX');
  assert.deepEqual(tabs(html).slice(0, 3), [
    ['macOS', 'mac', true, false],
    ['Linux', 'linux', false, true],
    ['Windows', 'win', false, true],
  ]);
  assert.match(html, /data-tabs="docs" data-tabs-group="operating-systems" data-tabs-query="operating-systems"/);
  assert.match(html, /<div class="code-title">~\/Downloads<\/div>/, 'fenced code inside a TabItem');
  assert.match(html, /<span class="line line-highlighted">tar xzf/, 'magic comment inside a TabItem');
  assert.match(html, /<p class="admonition-title">Keep the CLI up to date<\/p>/, 'legacy admonition title');
  assert.match(html, /code-block--line-numbers[^>]*><div class="code-title">terminal<\/div>/, '<CodeBlock>');
  assert.match(html, /<span class="status-pill" style="border-color:#d68910;color:#d68910">relayed<\/span>/);
  assert.match(html, /admonition-warning"[^>]*><p class="admonition-title">Firmware older than 1\.19<\/p>/);
  assert.match(html, /<img src="\/docs\/img\/coverage-map\.svg" alt="Coverage map/, 'useBaseUrl');
  assert.match(html, /<a href="\/docs\/guides\/sdk-clients">the SDK guide<\/a>/, '@docusaurus/Link adds the baseUrl');
  assert.match(html, /<details><summary>Behind a proxy\?<\/summary>/);
  assert.doesNotMatch(html, /<link|<!--/, 'no React preload links or text separators in the body');
  const page = outcome.parsed!.page;
  assert.deepEqual(
    page.toc.map((item) => item.id),
    ['install-steps', 'check-the-install'],
  );
  assert.match(page.text, /Run the installer/, 'every tab panel is in the search text');
});

test('fixture sdk-clients.mdx: `values` orders and names the tabs, `defaultValue` picks one, Details', async () => {
  const html = htmlOf(await parseMdx(readFixture('sdk-clients'), 'sdk-clients'));
  assert.deepEqual(tabs(html).slice(3, 6), [
    ['JavaScript', 'js', false, true],
    ['Python', 'py', true, false],
    ['Go', 'go', false, true],
  ]);
  assert.match(html, /<details class="details"><summary>Which versions are supported\?<\/summary>/);
  const ids = [...html.matchAll(/ id="(tabs-[^"]+)"/g)].map((m) => m[1]);
  assert.equal(new Set(ids).size, ids.length, 'panel ids are unique on the page');
});

test('fixture index.mdx: <DocCardList /> is the docs feature ::doc-card-list', async () => {
  const outcome = await parseMdx(readFixture('index'), 'index');
  assert.match(htmlOf(outcome), /<docsgen-doc-card-list><\/docsgen-doc-card-list>/);
  assert.deepEqual(
    outcome.parsed!.page.docsFeatures.map((f) => f.name),
    ['doc-card-list'],
  );
});

test('random tab groups: the default tab (prop, `default` item or first) is the one shown, labels follow; `lazy` keeps every panel', async () => {
  let seed = 7;
  const random = (n: number) => (seed = (seed * 16807) % 2147483647) % n;
  for (let round = 0; round < 12; round++) {
    const values = Array.from({ length: 1 + random(5) }, (_, i) => `v${i}-${random(100)}`);
    const chosen = random(values.length + 1) - 1; // -1: no `default`
    const viaProp = random(2) === 0;
    const items = values
      .map(
        (v, i) =>
          `<TabItem value="${v}"${random(2) ? ` label="L ${v}"` : ''}${!viaProp && i === chosen ? ' default' : ''}>Body ${v}</TabItem>`,
      )
      .join('\n');
    const prop = viaProp && chosen >= 0 ? ` defaultValue="${values[chosen]}"` : '';
    // Docusaurus' `lazy` renders only the shown panel; docsgen keeps every panel in the HTML (readable without JS).
    const lazy = random(2) ? ' lazy' : '';
    const source = `${FM}import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n<Tabs${lazy}${prop}>\n${items}\n</Tabs>\n`;
    const outcome = await parseMdx(source);
    assert.deepEqual(outcome.diagnostics, [], source);
    const found = tabs(htmlOf(outcome));
    const expected = Math.max(chosen, 0);
    assert.deepEqual(
      found.map(([, value, selected, hidden]) => [value, selected, hidden]),
      values.map((v, i) => [v, i === expected, i !== expected]),
      source,
    );
    for (const [label, value] of found) assert.ok(label === value || label === `L ${value}`, `label of ${value}`);
    for (const value of values) assert.match(htmlOf(outcome), new RegExp(`>Body ${value}<`), `the panel of ${value}`);
  }
});

test('with markdown.math, $…$ and $$…$$ in MDX are KaTeX at build time (the braces are TeX, not expressions)', async () => {
  const outcome = await parseMdx(
    `${FM}export const epochs = 30;\n\nShare $s_i = \\frac{p_i}{\\sum_j p_j}$ over {epochs} epochs.\n\n$$\nR = \\sum_{k} r_k\n$$\n`,
    'math',
    { mathProcessor: createMdxProcessor({ math: true }) },
  );
  assert.deepEqual(outcome.diagnostics, []);
  const html = htmlOf(outcome);
  assert.equal(html.match(/<span class="katex">/g)?.length, 2);
  assert.match(html, /<span class="katex-display">/);
  assert.match(html, / over 30 epochs\./);
  assert.equal(outcome.parsed!.page.usesMath, true, 'the page links KaTeX CSS');
});
