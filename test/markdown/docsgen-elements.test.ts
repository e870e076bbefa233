import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { VFile } from 'vfile';
import { createMarkdownProcessor, type MarkdownProcessor } from '../../src/content/markdown-processor.js';
import { createHighlighter } from '../../src/content/highlighter.js';
import { contextOf, createMarkdownContext } from '../../src/content/markdown-context.js';
import { NO_ROUTES } from '../../src/content/doc-routes.js';
import { remarkAdmonitions } from '../../src/content/plugins/remark-admonitions.js';
import { remarkDocsFeatures } from '../../src/content/plugins/remark-docs-features.js';
import { remarkMdxSyntaxWarnings } from '../../src/content/plugins/remark-mdx-syntax-warnings.js';
import { rehypeHeadingAnchors } from '../../src/content/plugins/rehype-heading-anchors.js';
import { rehypeLinks } from '../../src/content/plugins/rehype-links.js';
import { rehypeCodeBlocks } from '../../src/content/plugins/rehype-code-blocks.js';
import { rehypeTaskListLabels } from '../../src/content/plugins/rehype-task-list-labels.js';

/**
 * The Markdown pipeline walks the tree once for heading anchors, links, code blocks and task-list
 * labels (rehype-docsgen-elements.ts): the HTML and everything the plugins collect (table of
 * contents, anchors, links, assets, diagrams, diagnostics, in their order) are what the four
 * plugins give one after the other.
 */

const fourWalks = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkDirective)
  .use(remarkAdmonitions)
  .use(remarkDocsFeatures)
  .use(remarkMdxSyntaxWarnings)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeHeadingAnchors)
  .use(rehypeLinks)
  .use(rehypeCodeBlocks)
  .use(rehypeTaskListLabels)
  .use(rehypeStringify, { allowDangerousHtml: true })
  .freeze() as unknown as MarkdownProcessor;

const highlighter = createHighlighter();

function run(processor: MarkdownProcessor, path: string, markdown: string) {
  const context = createMarkdownContext({
    sourcePath: 'guides/page.md',
    absolutePath: path,
    docRoutes: NO_ROUTES,
    baseUrl: '/docs/',
    highlighter,
    assetUrl: (file: string) => `/assets/${file.length}`,
    lineOffset: 2,
  });
  const file = new VFile({ path, value: markdown, data: { docsgen: context } });
  const html = String(processor.processSync(file));
  const { toc, anchors, links, assets, diagrams, diagnostics, contentTitle, docsFeatures } = contextOf(file);
  return { html, toc, anchors, links, assets, diagrams, diagnostics, contentTitle, docsFeatures };
}

const EDGE_CASES = `# Title with [a link](https://example.com)

## A heading with \`code\` and [an external link](https://example.com/x) {#custom}

## A heading with [a page link](./other.md#part)

See [broken](./missing.md), [route](/guides/x#y), [hash](#custom), <https://auto.example>, ![img](./a.png) and ![abs](/img/b.png).

- [ ] open task
- [x] done task

\`\`\`js title="app.js" {1}
const a = 1; // [link](./not-a-link.md)
\`\`\`

\`\`\`mermaid
graph TD; A-->B
\`\`\`

\`\`\`json
${'{"a": 1}\n'.repeat(12000)}\`\`\`

:::note[Heads up]
## Heading in an admonition
[inside](./missing-too.md)
:::

Text with a footnote[^1].

[^1]: The note, with [a link](./gone.md).

## A heading with [a page link](./other.md#part)
`;

test('one walk gives the HTML and the collected data of the four plugins, on edge cases, the real site and the fixtures', () => {
  const fused = createMarkdownProcessor({ trusted: true });
  const root = join(import.meta.dirname, '../..');
  const documents: [string, string][] = [[join(root, 'content/guides/edge.md'), EDGE_CASES]];
  for (const folder of ['content', 'test/markdown/fixtures/docusaurus', 'test/markdown/fixtures/infima'])
    for (const name of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }))
      if (name.endsWith('.md'))
        documents.push([join(root, folder, name), readFileSync(join(root, folder, name), 'utf8')]);
  assert.ok(documents.length >= 10, `found ${documents.length} documents`);
  for (const [path, markdown] of documents)
    assert.deepEqual(run(fused, path, markdown), run(fourWalks, path, markdown), path);
  const edge = run(fused, documents[0][0], EDGE_CASES);
  const codes = edge.diagnostics.map((d) => d.code);
  assert.ok(
    codes.includes('DG401') && codes.includes('DG504'),
    `the edge cases have broken links and a notice: ${codes}`,
  );
  assert.deepEqual([edge.diagrams.length, edge.assets.length, edge.toc.length], [1, 1, 4]);
});
