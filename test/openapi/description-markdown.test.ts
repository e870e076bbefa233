import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHighlighter } from '../../src/content/highlighter.js';
import { createMarkdownProcessor } from '../../src/content/markdown-processor.js';
import { loadApiSpec } from '../../src/openapi/load-api-spec.js';
import { renderDescription, type RenderDescriptionOptions } from '../../src/openapi/render-description.js';
import { operationMarkdown } from '../../src/output/markdown/operation-markdown.js';
import type { Definition, Image, Link, LinkReference } from 'mdast';
import { normalizeUri } from 'micromark-util-sanitize-uri';
import { visit } from 'unist-util-visit';
import { seededRandom } from '../helpers/seeded-random.js';
import { buildPages } from './helpers.js';

test("an operation's twin carries its description as written, Redoc-style anchors rewritten to the pages the HTML links to", async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-redoc-'));
  cpSync(join(import.meta.dirname, 'fixtures/redoc-anchors'), root, { recursive: true });
  const { spec } = await loadApiSpec('openapi.yaml', { root });
  assert.ok(spec, 'the description loads');
  const { pages } = buildPages(spec, { baseUrl: '/docs/' });
  const create = pages.find((p) => p.id === 'api/create-a-shipment');
  assert.ok(create?.body.type === 'api-operation', 'the operation page');
  const twin = operationMarkdown(create.body.operation);
  assert.ok(
    twin.includes(
      'Creates a draft shipment. Next, [get rates](/docs/api/reference/list-rates) or go\n' +
        'straight to [buying a label](/docs/api/reference/buy-a-label).',
    ),
    `the description's own lines, with the page's targets:\n${twin}`,
  );
  const html = create.body.operation.descriptionHtml ?? '';
  assert.match(html, /href="\/docs\/api\/reference\/list-rates"/, 'the page links to the same place');
});

/** The untrusted pipeline as the API pages use it, with a resolver like Redoc-anchors' (some names unknown). */
function options(baseUrl: string, resolve: boolean): RenderDescriptionOptions {
  const known: Record<string, { route: string; hash?: string }> = {
    'tag/Rates': { route: '/api/reference/overview', hash: 'tag-rates' },
    'operation/listRates': { route: '/api/reference/list-rates' },
    'schema/Rate Card': { route: '/api/reference/schemas/rate-card' },
  };
  return {
    processor: createMarkdownProcessor({ trusted: false }),
    highlighter: createHighlighter(),
    baseUrl,
    sourcePath: 'openapi.yaml',
    resolveFragment: resolve ? (hash) => known[hash] : undefined,
  };
}

/** Pieces descriptions are made of, links in every form Markdown has (and link-like text that is none). */
const PIECES = [
  'See [rates](#tag/Rates) first.',
  'Then [list them](#operation/listRates "List rates").',
  'An [unknown one](#operation/nope) stays.',
  'The [card](<#schema/Rate Card>).',
  'A [guide](/guides/rates#per-zone) and [the home page](/).',
  'Read [the spec](https://example.com/spec?a=(1)) and <https://example.com/auto>.',
  '![diagram](/img/rates.png) and ![relative](./rates.png "Rates")',
  '[![badge](/img/badge.svg)](/guides/badges)',
  'By reference: [rates][rates-tag] and [guide][].',
  '[rates-tag]: #tag/Rates\n[guide]: /guides/start "Start"',
  'Code is not a link: `[x](#tag/Rates)` and\n\n```md\n[y](/guides/rates)\n```',
  '- item with [a link](/guides/list_(nested))\n- **[bold](#operation/listRates)**',
  '| a | b |\n|---|---|\n| [cell](/guides/table) | x |',
  ':::note\nInside an [admonition](#tag/Rates).\n:::',
  'A heading\n\n## [Linked heading](/guides/h)',
  'Plain words only.',
];

/** The targets of the page's links and images, in order (not the headings' own hash links). */
const hrefsOf = (html: string) =>
  [...html.matchAll(/<(?:a|img) ([^>]*)>/g)]
    .filter((m) => !m[1].includes('hash-link'))
    .map((m) => /(?:href|src)="([^"]*)"/.exec(m[1])?.[1]);

/** The targets of the links and images of Markdown as a reader of the twin resolves them, in order. */
function destinationsOf(markdown: string): (string | undefined)[] {
  const tree = createMarkdownProcessor({ trusted: false }).parse(markdown);
  const definitions = new Map<string, string>();
  visit(tree, 'definition', (node: Definition) => void definitions.set(node.identifier, node.url));
  const out: (string | undefined)[] = [];
  visit(tree, (node) => {
    if (node.type === 'link' || node.type === 'image') out.push(normalizeUri((node as Link | Image).url));
    if (node.type === 'linkReference')
      out.push(normalizeUri(definitions.get((node as LinkReference).identifier) ?? ''));
  });
  return out;
}

test('property: the links of a description rewritten in its Markdown lead where the HTML page links', () => {
  for (let seed = 1; seed <= 150; seed++) {
    const r = seededRandom(seed);
    const markdown = Array.from({ length: 1 + Math.floor(r.next() * 5) }, () => r.pick(PIECES)).join('\n\n');
    const baseUrl = r.pick(['/', '/docs/']);
    const page = renderDescription(markdown, options(baseUrl, true));
    assert.deepEqual(
      destinationsOf(page.markdown),
      hrefsOf(page.html),
      `seed ${seed}:\n${markdown}\n---\n${page.markdown}`,
    );
    const withoutDestinations = (text: string) =>
      text.replace(/\]\((?:<[^>]*>|(?:[^()\s]|\([^()\s]*\))*)|\]: \S+/g, '](');
    assert.equal(
      withoutDestinations(page.markdown),
      withoutDestinations(markdown),
      `seed ${seed}: only destinations change`,
    );
  }
});

test('a description without links, or with only links the HTML keeps as written, is the same text', () => {
  for (const markdown of ['Plain words only.', 'See [the spec](https://example.com/spec) and [here](#intro).']) {
    assert.equal(renderDescription(markdown, options('/docs/', true)).markdown, markdown);
  }
});
