import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHighlighter } from '../../src/content/highlighter.js';
import { createMarkdownProcessor } from '../../src/content/markdown-processor.js';
import { renderWithPipeline, type RenderDescriptionOptions } from '../../src/openapi/render-description.js';
import { simpleDescription } from '../../src/openapi/simple-description.js';
import { seededRandom } from '../helpers/seeded-random.js';

const KNOWN: Record<string, { route: string; hash?: string }> = {
  'tag/Customer': { route: '/api/reference/commerce-api', hash: 'tag-customer' },
  'operation/listInvoices': { route: '/api/reference/list-invoices' },
  'schema/Invoice': { route: '/api/reference/schemas/invoice' },
};

function options(baseUrl: string): RenderDescriptionOptions {
  return {
    processor: createMarkdownProcessor({ trusted: false }),
    highlighter: createHighlighter(),
    baseUrl,
    sourcePath: 'openapi.yaml',
    resolveFragment: (hash) => KNOWN[hash],
  };
}

/** What schema and property descriptions of large descriptions are made of, simple links and not. */
const WORDS = [
  'The',
  'detail',
  'of a',
  'customer',
  'Café',
  'naïve',
  '2024',
  '–',
  '“quoted”',
  "it's",
  '(see',
  'below)',
  'x/y',
  '50%',
  'a: b',
  'Part of the',
];
const LINKS = [
  '[Customer](#tag/Customer)',
  '[list invoices](#operation/listInvoices)',
  '[Invoice](#schema/Invoice)',
  '[missing](#operation/nope)',
  '[the guide](/guides/billing)',
  '[a section](/guides/billing/#late-fees)',
  '[home](/)',
  '[O’Brien, Jr.](#section/Errors)',
  // Not simple: left to the pipeline.
  '[*bold*](#tag/Customer)',
  '[spaced](/guides/a%20b)',
  '[ext](https://example.com/x)',
  '![img](/img/x.png)',
  '[ref][Customer]',
  '[x](#tag/Customer "title")',
  '[a [b]](#c)',
];
const SEPARATORS = [' ', ' ', ' ', '\n', '\n\n', ', ', '. ', ': ', ' :', '  ', '\t'];

test('property: a description of plain words and simple links renders exactly as the Markdown pipeline renders it', () => {
  let simple = 0;
  let withLinks = 0;
  const seeds = 400;
  for (let seed = 1; seed <= seeds; seed++) {
    const r = seededRandom(seed);
    const parts = Array.from({ length: 1 + Math.floor(r.next() * 8) }, () =>
      r.chance(0.35) ? r.pick(LINKS) : r.pick(WORDS),
    );
    const markdown = parts.reduce((out, part, i) => (i === 0 ? part : `${out}${r.pick(SEPARATORS)}${part}`), '');
    const baseUrl = r.pick(['/', '/docs/']);
    const fast = simpleDescription(markdown, options(baseUrl));
    if (!fast) continue;
    simple++;
    if (fast.links.length) withLinks++;
    assert.deepEqual(fast, renderWithPipeline(markdown, options(baseUrl)), `seed ${seed}: ${JSON.stringify(markdown)}`);
  }
  assert.ok(simple > seeds / 4, `many generated descriptions take the short path (${simple} of ${seeds})`);
  assert.ok(withLinks > seeds / 8, `many of them with links (${withLinks})`);
});

test('the short path leaves anything else to the pipeline', () => {
  for (const markdown of ['[*bold*](#tag/Customer)', '![img](/img/x.png)', 'Use `code`.', '- a list', 'See ǂ0ǂ.'])
    assert.equal(simpleDescription(markdown, options('/')), undefined, markdown);
});
