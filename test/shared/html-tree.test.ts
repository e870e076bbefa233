import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromHtml } from 'hast-util-from-html';
import { VFile } from 'vfile';
import { htmlTreeWithoutPositions as htmlTree } from '../../src/shared/html-tree.js';
import { createMarkdownProcessor } from '../../src/content/markdown-processor.js';
import { createHighlighter } from '../../src/content/highlighter.js';
import { createMarkdownContext } from '../../src/content/markdown-context.js';
import { NO_ROUTES } from '../../src/content/doc-routes.js';
import { seededRandom } from '../helpers/seeded-random.js';

/**
 * Property: `htmlTreeWithoutPositions` (parse5 without location tracking) gives the tree hast-util-from-html gives,
 * but for the source positions: every node, property and text the same, whatever the HTML.
 */

/** `tree` as JSON without its `position` fields (fromHtml's only addition). */
function withoutPositions(tree: unknown): unknown {
  return JSON.parse(JSON.stringify(tree, (key, value: unknown) => (key === 'position' ? undefined : value)));
}

function assertSameTree(html: string): void {
  const expected = withoutPositions(fromHtml(html, { fragment: true }));
  assert.deepEqual(withoutPositions(htmlTree(html)), expected, html.slice(0, 400));
  assert.ok(!JSON.stringify(htmlTree(html)).includes('"position"'), 'no positions are made');
}

const PIECES = [
  '<p>',
  '</p>',
  '<div class="code-block" data-language="js">',
  '</div>',
  '<pre tabindex="0">',
  '</pre>',
  '\n',
  '\r\n',
  '\r',
  '\0',
  '\u0001',
  '<code class="hljs language-js">',
  '</code>',
  '<span class="hljs-keyword">',
  '</span>',
  'const',
  ' x = 1; ',
  '&amp;',
  '&lt;',
  '&gt',
  '&notit;',
  '&#x27;',
  '&#0;',
  '<table>',
  '<tr>',
  '<td>',
  '</table>',
  'text in a table',
  '<template><b>t</b></template>',
  '<script>if (a < b) x()</script>',
  '<style>p > a {}</style>',
  '<textarea>a <b> c</textarea>',
  '<svg viewBox="0 0 1 1"><path d="M0 0"/></svg>',
  '<math><mi>x</mi></math>',
  '<!-- a comment -->',
  '<input type="checkbox" checked disabled>',
  '<ol start="3">',
  '<li>',
  '</ol>',
  '<a href="/x" class="hash-link" aria-label="Link">#</a>',
  '<h2 id="install">',
  '</h2>',
  '<aside class="admonition admonition-note">',
  '</aside>',
  '<noscript><p>no script</p></noscript>',
  '<br>',
  '<img src="a.png" alt="A">',
  'é漢字😀\u00a0',
  '<button type="button" data-copy>Copy</button>',
];

test('htmlTreeWithoutPositions gives fromHtml’s tree without positions, on random HTML', () => {
  const random = seededRandom(20261125);
  for (let run = 0; run < 400; run++) {
    const length = 1 + Math.floor(random.next() * 30);
    assertSameTree(Array.from({ length }, () => random.pick(PIECES)).join(''));
  }
});

test('htmlTreeWithoutPositions gives fromHtml’s tree without positions, on the pipeline’s HTML of the real site and the fixtures', () => {
  const processor = createMarkdownProcessor({ trusted: true });
  const highlighter = createHighlighter();
  const root = join(import.meta.dirname, '../..');
  const folders = ['content', 'test/markdown/fixtures/docusaurus', 'test/markdown/fixtures/infima'];
  const files = folders.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.md'))
      .map((name) => join(root, folder, name)),
  );
  assert.ok(files.length >= 10, `found ${files.length} Markdown files`);
  for (const path of files) {
    const context = createMarkdownContext({
      sourcePath: path,
      absolutePath: path,
      docRoutes: NO_ROUTES,
      baseUrl: '/',
      highlighter,
      assetUrl: (file: string) => file,
      lineOffset: 0,
    });
    const file = new VFile({ path, value: readFileSync(path, 'utf8'), data: { docsgen: context } });
    assertSameTree(String(processor.processSync(file)));
  }
});
