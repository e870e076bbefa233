import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Root } from 'hast';
import { htmlTree, pageTextOf } from '../../src/shared/hast-text.js';
import { createHighlighter } from '../../src/content/highlighter.js';
import { renderCodeBlockHtml } from '../../src/content/render-code-block.js';
import { seededRandom } from '../helpers/seeded-random.js';

/**
 * Property: the page text of a raw HTML node (a highlighted code block, or a page's inline HTML) is
 * the text of its parse, whether it is read as simple markup without parsing or parsed with parse5.
 */

const rawText = (html: string) => pageTextOf({ type: 'root', children: [{ type: 'raw', value: html }] } as Root);
const parsedText = (html: string) => pageTextOf(htmlTree(html));

const CODE_PIECES = [
  'const x = 1;',
  '\n',
  '\r\n',
  '  ',
  '"a & b" < c > d',
  "'q'",
  '// comment',
  '<div>',
  '</span>',
  '&amp;',
  '&#x3C;',
  '\0',
  '\u0085',
  'é漢字😀\u00a0',
  'function f() { return `t`; }',
  '# heading',
];

test('the page text of highlighted code blocks is the text of their parse', () => {
  const random = seededRandom(7);
  const highlighter = createHighlighter();
  for (let run = 0; run < 300; run++) {
    const code = Array.from({ length: 1 + Math.floor(random.next() * 12) }, () => random.pick(CODE_PIECES)).join('');
    const language = random.pick(['js', 'json', 'bash', 'python', 'html', undefined, 'nope']);
    const html = renderCodeBlockHtml({
      highlighted: highlighter.highlight(code, language),
      title: random.chance(0.3) ? random.pick(['app.js', 'a "quoted" <title>', 'x & y']) : undefined,
      highlightLines: random.chance(0.3) ? new Set([1, 2]) : undefined,
      lineNumbersStart: random.chance(0.2) ? 3 : undefined,
    });
    assert.equal(rawText(html), parsedText(html), html);
  }
});

const MARKUP_PIECES = [
  '<div class="a">',
  '</div>',
  '<p>',
  '</p>',
  '<pre tabindex="0">',
  '</pre>',
  '<code>',
  '</code>',
  '<span class="hljs-string">',
  '</span>',
  '<button type="button" data-copy>',
  '</button>',
  '<kbd>',
  '</kbd>',
  '<br>',
  '<div/>',
  "<span title='x'>",
  '<span title="a>b">',
  '<SPAN>',
  '<span class="katex">',
  'word',
  ' ',
  '\n',
  '\r',
  '\0',
  '&amp;',
  '&AMP;',
  '&Amp;',
  '&lt',
  '&#0;',
  '&#x80;',
  '&#xD800;',
  '&#128512;',
  '&',
  '<!-- c -->',
];

test('the page text of any raw HTML is the text of its parse', () => {
  const random = seededRandom(11);
  for (let run = 0; run < 2000; run++) {
    const html = Array.from({ length: 1 + Math.floor(random.next() * 16) }, () => random.pick(MARKUP_PIECES)).join('');
    assert.equal(rawText(html), parsedText(html), JSON.stringify(html));
  }
});

const TAGS = ['div', 'div', 'p', 'pre', 'code', 'span', 'button', 'kbd'];
const TEXTS = ['word', ' ', '\n', 'a&amp;b', '&#x3C;', '&quot;x&quot;', '\r\n', '&gt;'];

/** Properly nested markup of random tags, in any nesting (a block in a span, a button in a button…). */
function nestedMarkup(random: ReturnType<typeof seededRandom>, depth: number): string {
  const children = Array.from({ length: Math.floor(random.next() * 4) }, () =>
    depth > 0 && random.chance(0.6) ? nestedMarkup(random, depth - 1) : random.pick(TEXTS),
  );
  const tag = random.pick(TAGS);
  return `<${tag}${random.chance(0.3) ? ' class="x"' : ''}>${children.join('')}</${tag}>${random.pick(TEXTS)}`;
}

test('the page text of properly nested raw HTML is the text of its parse', () => {
  const random = seededRandom(13);
  for (let run = 0; run < 2000; run++) {
    const html = Array.from({ length: 1 + Math.floor(random.next() * 3) }, () => nestedMarkup(random, 4)).join('');
    assert.equal(rawText(html), parsedText(html), JSON.stringify(html));
  }
});
