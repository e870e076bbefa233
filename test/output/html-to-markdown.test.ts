import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHighlighter } from '../../src/content/highlighter.js';
import { createMarkdownProcessor } from '../../src/content/markdown-processor.js';
import { renderDescription } from '../../src/openapi/render-description.js';
import { renderCodeBlockHtml } from '../../src/content/render-code-block.js';
import { htmlToMarkdown, loneCodeBlockMarkdown, parsedHtmlToMarkdown } from '../../src/shared/html-to-markdown.js';
import { seededRandom } from '../helpers/seeded-random.js';

/**
 * Property: a lone highlighted code block (an API example or code sample) is read straight from
 * its markup, and that gives exactly what parsing it with parse5 and hast-util-to-mdast gives,
 * whatever the code contains; text an HTML parser would change goes the general way.
 */

const PIECES = [
  '{',
  '}',
  '"id": "cus_1MqB2"',
  ',\n  ',
  '\n',
  '\n\n',
  '  ',
  '\t',
  '```',
  '````',
  '~~~',
  '<b>',
  '&amp;',
  '&#x26;',
  '&lt;',
  '& <',
  '>',
  "'",
  '"',
  '\\',
  'curl -X POST https://api.example.com/v1/charges \\\n  -u "sk_test:"',
  'é漢字',
  '😀',
  '\u00a0',
  '\r\n',
  '\r',
  '\u0000',
  '\u0007',
  '\ud800',
  '\ufdd0',
  '-1.5e10',
  'null',
  'const x = a < b && c > d;',
  '# not a heading',
  '* not a list',
  '    indented',
];
const LANGUAGES = ['json', 'bash', 'curl', 'javascript', 'python', 'xml', 'plaintext', 'go', 'http', 'no-such-lang'];

test('a lone code block read from its markup equals the parsed path, for random code', () => {
  const highlighter = createHighlighter();
  const rand = seededRandom(14);
  let fast = 0;
  for (let i = 0; i < 600; i++) {
    const code = Array.from({ length: 1 + Math.floor(rand.next() * 12) }, () => rand.pick(PIECES)).join('');
    const html = renderCodeBlockHtml({ highlighted: highlighter.highlight(code, rand.pick(LANGUAGES)) });
    const read = loneCodeBlockMarkdown(html);
    const parsed = parsedHtmlToMarkdown(html);
    if (read !== undefined) {
      fast++;
      assert.equal(read, parsed, `code ${JSON.stringify(code)}`);
    }
    assert.equal(htmlToMarkdown(html), parsed, `code ${JSON.stringify(code)}`);
  }
  assert.ok(fast > 150, `random blocks without CR, NUL or controls take the direct path (${fast} of 600)`);
});

test('ordinary examples take the direct path; blocks with a notice, a title or other markup do not', () => {
  const highlighter = createHighlighter();
  const json = JSON.stringify({ id: 'cus_1', tags: ['a & b', '<x>'], amount: 100 }, null, 2);
  const block = renderCodeBlockHtml({ highlighted: highlighter.highlight(json, 'json') });
  assert.equal(loneCodeBlockMarkdown(block), `\`\`\`json\n${json}\n\`\`\``);
  const titled = renderCodeBlockHtml({ highlighted: highlighter.highlight(json, 'json'), title: 'body.json' });
  assert.equal(loneCodeBlockMarkdown(titled), undefined, 'a titled block is parsed');
  assert.equal(htmlToMarkdown(titled), parsedHtmlToMarkdown(titled));
  const large = renderCodeBlockHtml({ highlighted: highlighter.highlight('x'.repeat(100_001), 'json') });
  assert.equal(loneCodeBlockMarkdown(large), undefined, 'a block with a notice is parsed');
  assert.equal(loneCodeBlockMarkdown(`<p>Before</p>${block}`), undefined, 'more than the block is parsed');
  const linked = block.replace('cus_1', '<a href="/x">cus_1</a>');
  assert.equal(loneCodeBlockMarkdown(linked), undefined, 'a link inside the code is parsed');
  // Where the conversion does not keep a code block (an option's text), the page is parsed whole.
  const inOption = `<p>Pick</p><select><option>${block}</option></select>`;
  assert.equal(htmlToMarkdown(inOption), parsedHtmlToMarkdown(inOption));
});

const BLOCKS = [
  'Some *text* with `inline <code>` and a [link](/guides/x).',
  '## A heading',
  '- item one\n- item two\n\n  ```json\n  {"in": "a list"}\n  ```',
  '1. first\n2. second',
  '> quoted\n>\n> ```bash\n> curl -s "https://x.example/a?b=1&c=2"\n> ```',
  ':::note\nInside an admonition.\n\n```python\nprint("<hi>")\n```\n:::',
  '| a | b |\n|---|---|\n| `x` | y |',
  '<table><tr><td><pre><code class="language-js">raw()</code></pre></td></tr></table>',
  '<table><tr><td>\n\n```js\ncell(1);\n```\n\n</td></tr></table>',
  '<details><summary>More</summary>\n\n```go\nfunc main() {}\n```\n\n</details>',
  '```js title="app.js" {2}\nconst a = 1;\nconst b = a & 2;\n```',
  '```js showLineNumbers\nlet x = `tick`;\n```',
  '```\nplain ```` fence\n```',
  '```json\n\n\n```',
  '```text\ntrailing\n\n\n```',
  '~~~xml\n<a b="c">&amp;</a>\n~~~',
];

test('pages with code blocks anywhere convert as when parsed whole, for random pages', () => {
  const highlighter = createHighlighter();
  const rand = seededRandom(13);
  for (const trusted of [true, false]) {
    const processor = createMarkdownProcessor({ trusted });
    for (let i = 0; i < 120; i++) {
      const markdown = Array.from({ length: 1 + Math.floor(rand.next() * 8) }, () => {
        const block = rand.pick(BLOCKS);
        return block.includes('```') && rand.next() < 0.5 ? block.replace('{', rand.pick(PIECES)) : block;
      }).join('\n\n');
      const { html } = renderDescription(markdown, { processor, highlighter, baseUrl: '/', sourcePath: 'x.md' });
      assert.equal(htmlToMarkdown(html), parsedHtmlToMarkdown(html), `markdown ${JSON.stringify(markdown)}`);
    }
  }
});
