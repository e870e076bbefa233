import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMarkdownProcessor } from '../../src/content/markdown-processor.js';
import { createHighlighter } from '../../src/content/highlighter.js';
import { parsePage } from '../../src/content/parse-page.js';
import { parseFrontMatter } from '../../src/content/parse-front-matter.js';
import { assignDocRoutes } from '../../src/content/assign-doc-routes.js';
import { parseCodeMeta } from '../../src/content/plugins/rehype-code-blocks.js';

const highlighter = createHighlighter();
const source = (text: string, contentPath = 'guides/a') => ({
  absolutePath: `/site/content/${contentPath}.md`,
  relativePath: `content/${contentPath}.md`,
  contentPath,
  text,
});

function render(markdown: string, { trusted = true, docRoutes = new Map<string, string>() } = {}) {
  const split = parseFrontMatter(source(`---\ntitle: T\n---\n${markdown}`)).value!;
  const [entry] = assignDocRoutes([split]).entries;
  return parsePage(entry, {
    processor: createMarkdownProcessor({ trusted }),
    highlighter,
    docRoutes,
    baseUrl: '/docs/',
    assetUrl: (p) => p,
  });
}

const html = (result: ReturnType<typeof render>) => (result.page.body as { html: string }).html;

test('GFM: tables, task lists, strikethrough, autolinks and footnotes', () => {
  const out = html(
    render(
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n~~old~~ https://helium.com\n\nNote[^1].\n\n[^1]: Footnote text.\n',
    ),
  );
  assert.match(out, /<table>/);
  assert.match(out, /type="checkbox" checked disabled/);
  assert.match(out, /<del>old<\/del>/);
  assert.match(
    out,
    /<a href="https:\/\/helium.com" target="_blank" rel="noopener noreferrer">https:\/\/helium.com<span class="sr-only"> \(opens in new tab\)<\/span><\/a>/,
  );
  assert.match(out, /id="user-content-fn-1"/);
});

test('admonitions with and without a title', () => {
  const out = html(render(':::warning[Mind the quota]\nCareful.\n:::\n\n:::tip\nHint.\n:::\n'));
  assert.match(
    out,
    /<aside class="admonition admonition-warning"[^>]*><p class="admonition-title">Mind the quota<\/p><p>Careful.<\/p><\/aside>/,
  );
  assert.match(out, /admonition-tip[^>]*><p class="admonition-title">tip<\/p>/);
});

test('headings get unique GitHub-style ids, a Direct link anchor, and a h2–h3 TOC', () => {
  const result = render('## Rate limits\n\n### Rate limits\n\n#### Deep\n\n## Query `min_time`\n');
  const out = html(result);
  assert.match(
    out,
    /<h2 id="rate-limits">Rate limits<a class="hash-link" href="#rate-limits" aria-label="Direct link to Rate limits"/,
  );
  assert.match(out, /<h3 id="rate-limits-1">/);
  assert.deepEqual(
    result.page.toc.map((t) => [t.depth, t.id]),
    [
      [2, 'rate-limits'],
      [3, 'rate-limits-1'],
      [2, 'query-min_time'],
    ],
  );
  assert.ok(result.page.anchors.includes('deep'), "result.page.anchors.includes('deep')");
});

test('links to .md files become routes with baseUrl; a missing .md target is an error with its line', () => {
  const docRoutes = new Map([['/site/content/guides/b.md', '/guides/b']]);
  const ok = render('See [b](./b.md#x).\n', { docRoutes });
  assert.match(html(ok), /href="\/docs\/guides\/b#x"/);
  assert.deepEqual(
    ok.page.links.filter((l) => l.route === '/guides/b').map((l) => [l.hash, l.line]),
    [['x', 4]],
  );
  const broken = render('\nSee [c](./c.md).\n', { docRoutes });
  assert.equal(broken.diagnostics[0].code, 'DG401');
  assert.equal(broken.diagnostics[0].line, 5);
  assert.equal(broken.diagnostics[0].file, 'content/guides/a.md');
});

test('code blocks are highlighted at build time with title, highlighted lines and a copy button', () => {
  const out = html(render('```js title="fetch.js" {2}\nconst a = 1;\nconst b = 2;\n```\n'));
  assert.match(out, /<div class="code-title">fetch.js<\/div>/);
  assert.match(out, /<span class="hljs-keyword">const<\/span>/);
  assert.match(out, /<span class="line line-highlighted">.*b = /);
  assert.match(out, /<button type="button" class="copy-button" data-copy/);
  assert.deepEqual([...parseCodeMeta('title="a b.py" {1,3-4}').highlightLines], [1, 3, 4]);
  assert.equal(parseCodeMeta("title='x.sh'").title, 'x.sh');
});

test('untrusted Markdown is sanitised: no scripts, handlers or javascript: URLs', () => {
  const out = html(
    render(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[click](javascript:alert(1)) <a href="javascript:alert(2)">x</a>\n\n:::note\nkept\n:::\n',
      { trusted: false },
    ),
  );
  assert.doesNotMatch(out, /<script|onerror|javascript:/i);
  assert.match(out, /admonition-note/);
});

test('prose with colons is not taken for directives', () => {
  const out = html(render('Ratio 3:1 and :smile: and see ::foo here.\n'));
  assert.match(out, /Ratio 3:1 and :smile: and see ::foo here\./);
});

test('broken front matter is reported with file and line', () => {
  const result = parseFrontMatter(source('---\ntitle: A\ndescription: [unclosed\n---\nbody'));
  assert.equal(result.value, undefined);
  assert.equal(result.diagnostics[0].code, 'DG201');
  assert.equal(result.diagnostics[0].file, 'content/guides/a.md');
  assert.ok((result.diagnostics[0].line ?? 0) >= 3, '(result.diagnostics[0].line ?? 0) >= 3');
  const wrongType = parseFrontMatter(source('---\ntitle: A\nsidebar_position: first\n---\n'));
  assert.match(wrongType.diagnostics[0].message, /sidebar_position/);
  assert.equal(wrongType.diagnostics[0].line, 3);
});

test('routes: index, slug and id front matter, duplicates and drafts', () => {
  const split = (contentPath: string, fm: string) =>
    parseFrontMatter(source(`---\ntitle: T\n${fm}---\n`, contentPath)).value!;
  const { entries, diagnostics } = assignDocRoutes([
    split('index', ''),
    split('guides/index', ''),
    split('guides/x', 'slug: /custom\n'),
    split('guides/y', 'id: why\n'),
    split('guides/z', 'draft: true\n'),
    split('guides/w', 'slug: /custom\n'),
  ]);
  assert.deepEqual(
    entries.map((e) => [e.id, e.route]),
    [
      ['index', '/'],
      ['guides/index', '/guides'],
      ['guides/x', '/custom'],
      ['guides/why', '/guides/why'],
    ],
  );
  assert.equal(diagnostics.length, 1);
  assert.match(
    diagnostics[0].message,
    /Two pages have the route "\/custom": content\/guides\/x.md and content\/guides\/w.md/,
  );
});
