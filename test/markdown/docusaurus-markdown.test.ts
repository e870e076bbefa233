import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMarkdownProcessor } from '../../src/content/markdown-processor.js';
import { createHighlighter } from '../../src/content/highlighter.js';
import { parsePage } from '../../src/content/parse-page.js';
import { parseFrontMatter } from '../../src/content/parse-front-matter.js';
import { assignDocRoutes } from '../../src/content/assign-doc-routes.js';
import { ADMONITION_TYPES } from '../../src/content/docusaurus/admonition-types.js';
import { convertLegacyAdmonitionTitles } from '../../src/content/docusaurus/legacy-admonition-titles.js';
import { applyMagicComments } from '../../src/content/docusaurus/magic-comments.js';
import { buildRouteTable } from '../../src/routes/build-route-table.js';
import { checkLinks } from '../../src/routes/check-links.js';

const FIXTURES = join(import.meta.dirname, 'fixtures/docusaurus/content');
const highlighter = createHighlighter();
const processor = createMarkdownProcessor({ trusted: true });

// The two fixture pages link to each other's custom ids.
const docRoutes = new Map(
  ['onboarding', 'exports'].map((name) => [`/site/content/guides/${name}.md`, `/guides/${name}`]),
);

function render(text: string, contentPath = 'guides/page') {
  const source = {
    absolutePath: `/site/content/${contentPath}.md`,
    relativePath: `content/${contentPath}.md`,
    contentPath,
    text,
  };
  const split = parseFrontMatter(source).value!;
  const [entry] = assignDocRoutes([split]).entries;
  return parsePage(entry, { processor, highlighter, docRoutes, baseUrl: '/', assetUrl: (p) => p });
}
const bodyOf = (markdown: string) => (render(`---\ntitle: T\n---\n${markdown}`).page.body as { html: string }).html;
const fixture = (name: string) => render(readFileSync(join(FIXTURES, `guides/${name}.md`), 'utf8'), `guides/${name}`);
const htmlOf = (result: ReturnType<typeof render>) => (result.page.body as { html: string }).html;

/** [class, title] of every admonition, in document order. */
const admonitions = (html: string) =>
  [...html.matchAll(/<aside class="admonition admonition-(\w+)"[^>]*><p class="admonition-title">(.*?)<\/p>/g)].map(
    (m) => [m[1], m[2]],
  );

test('fixture: every admonition keyword, both title syntaxes, nesting and blockquotes render as Docusaurus draws them', () => {
  const result = fixture('onboarding');
  assert.deepEqual(result.diagnostics, []);
  assert.deepEqual(admonitions(htmlOf(result)), [
    ['note', 'note'],
    ['tip', 'Use the <strong>bulk</strong> endpoint'],
    ['caution', 'Location asserts cost extra'],
    ['info', 'important'],
    ['tip', 'Done already?'],
    ['note', 'secondary'],
    ['info', 'Before the next step'],
    ['danger', 'Do not power-cycle during the update'],
    ['warning', 'warning'],
    ['note', 'Quoted admonition'],
  ]);
  // The nested ones sit inside the outer info admonition.
  assert.match(
    htmlOf(result),
    /Before the next step<\/p><p>Two things to check:<\/p>\s*<aside class="admonition admonition-danger"/,
  );
  assert.doesNotMatch(htmlOf(result), /<p>:::/);
});

test('every admonition keyword, with its default title, in both spellings of a custom title', () => {
  for (const type of ADMONITION_TYPES) {
    const style = ({ important: 'info', success: 'tip', secondary: 'note' } as Record<string, string>)[type] ?? type;
    const title = type; // Docusaurus writes the keyword in lower case; CSS upper-cases it
    assert.deepEqual(admonitions(bodyOf(`:::${type}\nBody.\n:::\n`)), [[style, title]], type);
    assert.deepEqual(admonitions(bodyOf(`:::${type} Custom words\nBody.\n:::\n`)), [[style, 'Custom words']], type);
    assert.deepEqual(admonitions(bodyOf(`:::${type}[Custom words]\nBody.\n:::\n`)), [[style, 'Custom words']], type);
  }
});

test('property: the legacy title syntax renders exactly as the bracket syntax, for random titles', () => {
  const words = ['Rate', 'limits', 'apply', '**bold**', '`code`', 'über', 'v2.1', '(beta)', '—', 'HNT'];
  for (let run = 0; run < 50; run++) {
    const title = Array.from({ length: 1 + (run % 5) }, (_, i) => words[(run * 7 + i * 3) % words.length]).join(' ');
    const type = ADMONITION_TYPES[run % ADMONITION_TYPES.length];
    const fence = ':'.repeat(3 + (run % 2));
    const legacy = bodyOf(`${fence}${type} ${title}\n\nText ${run}.\n\n${fence}\n`);
    const bracket = bodyOf(`${fence}${type}[${title}]\n\nText ${run}.\n\n${fence}\n`);
    assert.equal(legacy, bracket, title);
  }
});

test('legacy titles are not rewritten inside fenced code, and keep every line in place', () => {
  const markdown = '```md\n:::note Keep\n:::\n```\n\n~~~~\n```\n:::tip Keep too\n~~~~\n\n:::tip Change\n:::\n';
  const converted = convertLegacyAdmonitionTitles(markdown);
  assert.equal(converted.split('\n').length, markdown.split('\n').length);
  assert.match(converted, /:::note Keep/);
  assert.match(converted, /:::tip Keep too/);
  assert.match(converted, /:::tip\[Change\]/);
  assert.match(htmlOf(fixture('onboarding')), /<code class="hljs language-md">:::note Shown as written/);
});

test('fixture: {#custom-id} headings use the id as written, keep clean text, and are in the TOC and anchors', () => {
  const result = fixture('onboarding');
  const html = htmlOf(result);
  assert.match(html, /<h2 id="register">Register the gateway<a class="hash-link" href="#register"/);
  assert.match(html, /<h3 id="Troubleshooting_Tips">Troubleshooting_Tips<a/);
  assert.doesNotMatch(html, /\{#/);
  assert.deepEqual(
    result.page.toc.map((item) => [item.id, item.text]),
    [
      ['register', 'Register the gateway'],
      ['check-rewards', 'Check rewards'],
      ['Troubleshooting_Tips', 'Troubleshooting_Tips'],
    ],
  );
  const exports = fixture('exports');
  // Links to custom ids, on the page and across pages, resolve.
  const table = buildRouteTable([result.page, exports.page], {});
  assert.deepEqual(checkLinks(table, new Set()), []);
  assert.deepEqual(
    result.page.links.filter((link) => !link.raw.startsWith('#')).map((link) => [link.route, link.hash]),
    [['/guides/exports', 'csv-columns']],
  );
  assert.match(htmlOf(exports), /<h1 id="exports-top">Exporting reward data<a/);
  assert.ok(exports.page.anchors.includes('csv-columns'), "exports.page.anchors.includes('csv-columns')");
  // A custom id reserves its slug: a later heading with the same text gets the next one.
  assert.match(bodyOf('## A {#setup}\n\n## Setup\n'), /<h2 id="setup-1">Setup/);
  assert.equal(render('# Title from body {#x}\n').page.title, 'Title from body');
});

/** Text of each highlighted line of the n-th code block. */
function highlighted(html: string, block: number): string[] {
  const code = html.split('<div class="code-block')[block + 1];
  return [...code.matchAll(/<span class="line line-highlighted">(.*?)\n<\/span>/g)].map((m) =>
    m[1]
      .replace(/<[^>]+>/g, '')
      .replace(/&#x3C;|&lt;/g, '<')
      .replace(/&gt;/g, '>'),
  );
}

test('fixture: magic comments in each language’s comment syntax highlight lines and disappear; meta ranges win', () => {
  const html = htmlOf(fixture('onboarding'));
  assert.deepEqual(highlighted(html, 0), ['const result = await client.onboard(gateway);']);
  assert.deepEqual(highlighted(html, 1), ['    h3 = h3lib.latlng_to_cell(lat, lng, 12)', '    gw.assert(h3)']);
  assert.deepEqual(highlighted(html, 2), ['      <Status online />']);
  assert.deepEqual(highlighted(html, 3), ['  <li>antenna</li>']);
  assert.deepEqual(highlighted(html, 4), ['FROM rewards']);
  assert.doesNotMatch(html.split('data-language="bash"')[0], /highlight-(next-line|start|end)/);
  // `{2}` in the meta: line 2 (the comment itself) is highlighted and stays, as in Docusaurus.
  assert.deepEqual(highlighted(html, 5), ['# highlight-next-line']);
});

test('showLineNumbers and showLineNumbers=N number the lines with CSS counters from the right start', () => {
  const html = htmlOf(fixture('onboarding'));
  assert.match(
    html,
    /<div class="code-block code-block--line-numbers" style="counter-reset:line 0" data-language="javascript"><div class="code-title">onboard.js/,
  );
  assert.match(
    html,
    /<div class="code-block code-block--line-numbers" style="counter-reset:line 9" data-language="python">/,
  );
  assert.doesNotMatch(bodyOf('```js\nx\n```\n'), /line-numbers/);
});

test('magic comments: a syntax of another language is code, not a directive', () => {
  assert.deepEqual(applyMagicComments('// highlight-next-line\nx = 1', 'python'), {
    code: '// highlight-next-line\nx = 1',
    highlightLines: new Set(),
  });
  // An unknown language accepts every comment syntax, as in Docusaurus.
  assert.deepEqual(applyMagicComments('; x\n-- highlight-next-line\ny', 'clojure').highlightLines, new Set([2]));
  assert.equal(applyMagicComments('(* highlight-next-line *)\nlet x = 1', 'ocaml').code, 'let x = 1');
});

test('property: highlight-start/end ranges highlight exactly the lines between them, for random blocks', () => {
  for (let run = 0; run < 100; run++) {
    const lines: string[] = [];
    const expected = new Set<number>();
    let kept = 0;
    let open = false;
    for (let i = 0; i < 5 + (run % 13); i++) {
      const roll = (run * 31 + i * 17) % 7;
      if (roll === 0 && !open) {
        lines.push('  // highlight-start');
        open = true;
      } else if (roll === 1 && open) {
        lines.push('// highlight-end  ');
        open = false;
      } else {
        lines.push(`call(${i});`);
        kept++;
        if (open) expected.add(kept);
      }
    }
    const result = applyMagicComments(lines.join('\n'), 'ts');
    assert.deepEqual(result.highlightLines, expected);
    assert.equal(result.code.split('\n').length, kept);
  }
});

test('MDX syntax in a .md page is a warning at its line, never a silently different page', () => {
  // Written the way Docusaurus authors mix MDX into .md files (Docusaurus parses them as MDX by default).
  const page = [
    '---',
    'title: Onboarding project',
    'sidebar_position: 2',
    '---',
    '',
    "import useBaseUrl from '@docusaurus/useBaseUrl';",
    "import Tabs from '@theme/Tabs';",
    '',
    'Import the CSV from the dashboard, then export it again.',
    '',
    "<div style={{display: 'flex'}}>",
    '  <img alt="Hat" src={useBaseUrl(\'img/hat.png\')} />',
    '</div>',
    '',
    '<details><summary>Plain HTML</summary>',
    '',
    'Stays as it is: <img src="/img/a.png" alt="a"/>.',
    '',
    '</details>',
    '',
    '```js',
    "import x from 'y';",
    '```',
    '',
    '<Tabs groupId="lang">',
    '',
    'export const answer = 42;',
  ].join('\n');
  const warnings = render(page).diagnostics.filter((d) => d.code === 'DG211');
  assert.deepEqual(
    warnings.map((d) => [d.line, d.column, d.severity]),
    [
      [6, 1, 'warning'],
      [11, 1, 'warning'],
      [25, 1, 'warning'],
      [27, 1, 'warning'],
    ],
  );
  assert.match(warnings[0].message, /import useBaseUrl from '@docusaurus\/useBaseUrl';/);
  assert.match(warnings[0].hint!, /rename the file to \.mdx/);
});

test('an unknown ::: directive is DG203 at its line and column, naming the admonition types; known ones are not', () => {
  // Typos and types of other themes (Starlight's and Material's spellings), as migrated docs have them.
  const page = [
    '---',
    'title: Rotating keys',
    '---',
    '',
    ':::tipp',
    'Rotate the key before it expires.',
    ':::',
    '',
    '> :::attention[Read this first]',
    '> Keys are shown once.',
    '> :::',
    '',
    ':::important',
    'Old keys stop working after 24 hours.',
    ':::',
  ].join('\n');
  const { diagnostics } = render(page);
  assert.deepEqual(
    diagnostics.map((d) => `${d.code} ${d.severity} ${d.line}:${d.column} ${d.message}`),
    ['DG203 error 5:1 Unknown block directive ":::tipp"', 'DG203 error 9:3 Unknown block directive ":::attention"'],
  );
  for (const type of ['note', 'tip', 'info', 'warning', 'danger', 'caution'])
    assert.match(diagnostics[0].hint ?? '', new RegExp(`\\b${type}\\b`), `the hint lists ${type}`);
});

test('an unknown ::leaf or labelled :text directive is shown as written (attributes too) with DG212; a bare :word is prose', () => {
  // Embeds and abbreviations from other remark-directive setups, next to prose that only looks like one.
  const page = [
    '---',
    'title: Coverage walkthrough',
    '---',
    '',
    '::youtube{#h3-coverage start=30}',
    '',
    'The :abbr[PoC]{title="Proof of Coverage"} beacon runs every 6 hours; see :beacons and a ratio of 3:1.',
  ].join('\n');
  const result = render(page);
  assert.deepEqual(
    result.diagnostics.map((d) => `${d.code} ${d.severity} ${d.line}:${d.column} ${d.message}`),
    [
      'DG212 warning 5:1 Unknown directive "::youtube": shown as its text',
      'DG212 warning 7:5 Unknown directive ":abbr": shown as its text',
    ],
  );
  const html = htmlOf(result);
  assert.match(html, /<p>::youtube\{#h3-coverage start=30\}<\/p>/);
  assert.match(html, /The :abbr\[PoC\]\{title=(&quot;|")Proof of Coverage(&quot;|")\} beacon runs/);
  assert.match(html, /see :beacons and a ratio of 3:1\./);
});
