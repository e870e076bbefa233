import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createMarkdownProcessor } from '../../src/content/markdown-processor.js';
import { createHighlighter } from '../../src/content/highlighter.js';
import { parsePage, plainTextOf } from '../../src/content/parse-page.js';
import { parseFrontMatter } from '../../src/content/parse-front-matter.js';
import { assignDocRoutes } from '../../src/content/assign-doc-routes.js';
import { htmlToText, htmlTree, textSections, treeText } from '../../src/shared/hast-text.js';
import { seededRandom } from '../helpers/seeded-random.js';

const highlighter = createHighlighter();
const processor = createMarkdownProcessor({ trusted: true });
const mathProcessor = createMarkdownProcessor({ trusted: true, math: true });

function parse(markdown: string) {
  const text = `---\ntitle: Rewards\n---\n${markdown}`;
  const source = {
    absolutePath: '/site/content/guides/a.md',
    relativePath: 'content/guides/a.md',
    contentPath: 'guides/a',
    text,
  };
  const [entry] = assignDocRoutes([parseFrontMatter(source).value!]).entries;
  return parsePage(entry, {
    processor,
    mathProcessor,
    highlighter,
    docRoutes: new Map(),
    baseUrl: '/',
    assetUrl: (p) => p,
  }).page;
}
const bodyHtml = (page: ReturnType<typeof parse>) => (page.body as { html: string }).html;

/** Pieces of Markdown as guides write them: prose with markup characters, inline HTML, code, lists, tables. */
const PIECES = [
  'Rewards are paid in HNT & MOBILE.',
  'A hotspot earns when `beacons > 0` and witnesses < 30.',
  'Use **bold**, _emphasis_ and [a link](https://example.com "Title").',
  'Inline <span class="badge">HTML</span> and <kbd>Ctrl</kbd>+<kbd>K</kbd>.',
  '<div class="note">\n\nA block of raw HTML with **Markdown** inside.\n\n</div>',
  '- one "quoted"\n- two \'single\'\n  - nested',
  '| hex | count |\n|---|---|\n| 8c2 | 3 |',
  '```json\n{"amount": "<35120044>"}\n```',
  '> A quote with a footnote[^n].\n\n[^n]: The note.',
  'Entity text: &copy; 2026, &#x3C;tag&#x3E; and caf&eacute;.',
  '## Heading with `code`',
  '$x_1 < y$ and $$\\frac{a}{b}$$',
  ':::tip[Mind the epoch]\nEpochs are 24 hours.\n:::',
];

describe('page text from the syntax tree', () => {
  test('the text a Markdown page takes from its tree is the text of its HTML read back (MDX, spilled pages)', () => {
    const random = seededRandom(1203);
    for (let run = 0; run < 60; run++) {
      const pieces = Array.from({ length: 1 + Math.floor(random.next() * 6) }, () => random.pick(PIECES));
      const page = parse(pieces.join('\n\n'));
      assert.equal(page.text, plainTextOf(bodyHtml(page)), `same text both ways for:\n${pieces.join('\n\n')}`);
      assert.doesNotMatch(
        page.text,
        /&#x?[\da-f]+;|&(amp|lt|gt|quot);/,
        `no character references left in: ${page.text}`,
      );
    }
  });

  test('markup characters in prose are text, not character references (they used to reach the description)', () => {
    const page = parse('A hotspot earns when witnesses < 30 & beacons > 0.');
    assert.equal(page.text, 'A hotspot earns when witnesses < 30 & beacons > 0.');
    assert.equal(page.description, page.text);
  });

  test('math keeps its TeX only (not the MathML nor the rendered HTML)', () => {
    const page = parse('Share: $a < b$ of the pool.');
    assert.match(bodyHtml(page), /class="katex-html"/);
    assert.equal(page.text, 'Share: a < b of the pool.');
  });

  test('inline HTML in the Markdown is read as HTML, each tag a word boundary', () => {
    assert.equal(parse('Press <kbd>Ctrl</kbd>+<kbd>K</kbd> to search.').text, 'Press Ctrl + K to search.');
  });
});

describe('search sections from the syntax tree', () => {
  test('a heading whose attribute holds a ">" is still one heading', () => {
    const html = '<div><h2 id="limits" title="more > less">Limits</h2><p>10/s</p></div>';
    assert.deepEqual(textSections(htmlTree(html)), [{ heading: 'Limits', anchor: 'limits', text: '10/s' }]);
  });

  test('headings nested in blocks split the text; the text before them is the intro', () => {
    const html =
      '<p>Intro</p><details><summary>More</summary><h3 id="retry">Retry <code>429</code></h3><p>Back off</p></details><p>After</p>';
    assert.deepEqual(textSections(htmlTree(html)), [
      { heading: '', anchor: '', text: 'Intro More' },
      { heading: 'Retry 429', anchor: 'retry', text: 'Back off After' },
    ]);
  });

  test('scripts, buttons and hash links are not text; inline markup joins its words', () => {
    assert.equal(
      htmlToText(
        '<h2 id="a">A<a class="hash-link" href="#a">#</a></h2><p>x<strong>y</strong>.<button>Copy</button></p><script>1<2</script>',
      ),
      'A xy.',
    );
  });
  test('htmlToText remembers texts by their HTML without changing any: near-identical fragments asked in any order, past the memo size', () => {
    const random = seededRandom(14);
    // Fragments that differ only in what a sloppy memo key would lose: case, spaces, entities, tags.
    const variants = [
      '<p>Amount in <code>bones</code></p>',
      '<p>Amount in <code>Bones</code></p>',
      '<p>Amount in<code>bones</code></p>',
      '<p>Amount in <code>bones</code> </p>',
      '<p>Amount &amp; <code>bones</code></p>',
      '<p>Amount <button>in</button> <code>bones</code></p>',
      '<li>Amount</li><li>in bones</li>',
      '<span>Amount</span><span>in bones</span>',
    ];
    const asked = Array.from(
      { length: 400 },
      () => `${random.pick(variants)}${random.chance(0.5) ? '' : random.pick(variants)}`,
    );
    for (const html of [...asked, ...asked.reverse()])
      assert.equal(htmlToText(html), treeText(htmlTree(html)), `text of ${html}`);
    // Enough distinct fragments to empty the memo on the way; earlier ones are read again after it.
    for (let i = 0; i < 20_100; i++) htmlToText(`<p>field ${i}</p>`);
    for (const html of asked) assert.equal(htmlToText(html), treeText(htmlTree(html)), `text of ${html} again`);
    const long = `<p>${'Hotspot rewards. '.repeat(1_200)}</p>`;
    assert.equal(htmlToText(long), treeText(htmlTree(long)), 'a long fragment is read, not remembered');
  });
});
