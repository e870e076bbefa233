// Docusaurus' `toc` export of an MDX page and @theme/TOCInline, written the way real docs use them:
// an FAQ listing its questions, a page filtering its own toc, custom ids and code in headings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import TOCInline from '../../src/content/mdx/theme/TOCInline.js';
import type { MdxTocEntry } from '../../src/content/mdx/rehype-toc-export.js';
import { htmlOf, parseMdx } from './mdx-helpers.js';

const FM = '---\ntitle: Hotspot FAQ\n---\n';

const FAQ = `${FM}
import TOCInline from '@theme/TOCInline';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

Answers to what hotspot owners ask most on Discord.

### On this page

<TOCInline toc={toc} />

## Why is my hotspot \`offline\`?

It has not sent a heartbeat for 24 hours.

#### Check the antenna first

Loose connectors are the usual cause.

### Relayed hotspots {#relayed}

Behind a NAT.

## Rewards & witnesses

<Tabs>
<TabItem value="iot" label="IoT">

### Beacons

Sent every six hours.

</TabItem>
</Tabs>
`;

test('an MDX page exports its table of contents as toc, and <TOCInline toc={toc} /> lists levels 2 and 3 nested', async () => {
  const outcome = await parseMdx(FAQ, 'faq');
  assert.deepEqual(outcome.diagnostics, []);
  const html = htmlOf(outcome);
  const inline = /<div class="toc-inline">([\s\S]*?)<\/div>/.exec(html)?.[1];
  assert.equal(
    inline,
    '<ul class="table-of-contents">' +
      // The h3 above the list comes before any h2: it stands at the top level, as in Docusaurus.
      '<li><a href="#on-this-page">On this page</a></li>' +
      '<li><a href="#why-is-my-hotspot-offline">Why is my hotspot <code>offline</code>?</a>' +
      '<ul><li><a href="#relayed">Relayed hotspots</a></li></ul></li>' +
      '<li><a href="#rewards--witnesses">Rewards &#x26; witnesses</a>' +
      '<ul><li><a href="#beacons">Beacons</a></li></ul></li></ul>',
  );
  // The page's own TOC is the same headings (the h3 above the list too, which comes before any h2).
  assert.deepEqual(
    outcome.parsed?.page.toc.map((item) => item.id),
    ['on-this-page', 'why-is-my-hotspot-offline', 'relayed', 'rewards--witnesses', 'beacons'],
  );
});

test('a page may filter its toc and choose levels; a toc of its own is kept', async () => {
  const filtered = htmlOf(
    await parseMdx(
      FAQ.replace('<TOCInline toc={toc} />', '<TOCInline toc={toc.filter((node) => node.level === 2)} />'),
      'faq',
    ),
  );
  assert.match(filtered, /<ul class="table-of-contents"><li><a href="#why-is-my-hotspot-offline">[^]*?<\/a><\/li><li>/);
  assert.doesNotMatch(/<div class="toc-inline">[^]*?<\/div>/.exec(filtered)?.[0] ?? '', /relayed|beacons/);

  const deep = htmlOf(
    await parseMdx(
      FAQ.replace(
        '<TOCInline toc={toc} />',
        '<TOCInline toc={toc} minHeadingLevel={3} maxHeadingLevel={4} className="faq-toc" />',
      ),
      'faq',
    ),
  );
  assert.match(
    deep,
    /<div class="toc-inline faq-toc"><ul class="table-of-contents"><li><a href="#on-this-page">On this page<\/a><\/li><li><a href="#check-the-antenna-first">/,
  );

  const own = htmlOf(
    await parseMdx(
      `${FM}import TOCInline from '@theme/TOCInline';\n\nexport const toc = [{value: 'Only <em>this</em>', id: 'elsewhere', level: 2}];\n\n<TOCInline toc={toc} />\n\n## Real heading\n`,
    ),
  );
  assert.match(own, /<a href="#elsewhere">Only <em>this<\/em><\/a>/);
  assert.doesNotMatch(/<div class="toc-inline">[^]*?<\/div>/.exec(own)?.[0] ?? '', /real-heading/);
});

test('<TOCInline> without the toc is DG505 at its tag, never an empty box', async () => {
  const outcome = await parseMdx(`${FM}import TOCInline from '@theme/TOCInline';\n\n## A\n\n<TOCInline />\n`);
  assert.deepEqual(
    outcome.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`),
    ['DG505 8:1'],
  );
  assert.match(outcome.diagnostics[0].message, /toc=\{toc\}/);
});

test('for random heading levels, TOCInline lists each heading of the levels asked once, in order, under a higher level', () => {
  let seed = 7;
  const next = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
  for (let round = 0; round < 300; round++) {
    const toc: MdxTocEntry[] = Array.from({ length: next(12) }, (_, i) => ({
      value: `H${i}`,
      id: `h${i}`,
      level: 2 + next(5),
    }));
    const min = 2 + next(3);
    const max = min + next(3);
    const html = renderToStaticMarkup(createElement(TOCInline, { toc, minHeadingLevel: min, maxHeadingLevel: max }));
    const listed = [...html.matchAll(/href="#(h\d+)"/g)].map((m) => m[1]);
    const wanted = toc.filter((e) => e.level >= min && e.level <= max).map((e) => e.id);
    assert.deepEqual(listed, wanted, JSON.stringify({ toc, min, max }));
    // Nesting: an entry inside another's list has a higher level than that one.
    const stack: number[] = [];
    for (const token of html.matchAll(/<ul[^>]*>|<\/ul>|href="#h(\d+)"/g)) {
      if (token[0].startsWith('<ul')) stack.push(-1);
      else if (token[0] === '</ul>') stack.pop();
      else {
        const level = toc[Number(token[1])].level;
        const parentLevel = stack.length > 1 ? stack[stack.length - 2] : -1;
        assert.ok(level > parentLevel, `level ${level} nested under ${parentLevel}: ${html}`);
        stack[stack.length - 1] = level;
      }
    }
  }
});
