import { createProcessor } from '@mdx-js/mdx';
import { SourceMapGenerator } from 'source-map';
import remarkGfm from 'remark-gfm';
import rehypeRaw from 'rehype-raw';
import type { PluggableList } from 'unified';
import remarkDirective from 'remark-directive';
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import { fromHtml } from 'hast-util-from-html';
import { visit, SKIP } from 'unist-util-visit';
import type { Root, RootContent } from 'hast';
import { remarkAdmonitions } from '../plugins/remark-admonitions.js';
import { remarkDocsFeatures } from '../plugins/remark-docs-features.js';
import { rehypeHeadingAnchors } from '../plugins/rehype-heading-anchors.js';
import { rehypeLinks } from '../plugins/rehype-links.js';
import { rehypeCodeBlocks } from '../plugins/rehype-code-blocks.js';
import { rehypeTaskListLabels } from '../plugins/rehype-task-list-labels.js';
import { remarkMdxReferences } from './remark-mdx-references.js';
import { rehypeTocExport } from './rehype-toc-export.js';

/**
 * docsgen's plugins emit some markup as HTML text (highlighted code blocks, the doc-card
 * placeholder); MDX compiles a tree to JavaScript and has no place for raw HTML, so it is parsed
 * back into elements.
 */
function rehypeRawToElements() {
  return (tree: Root) => {
    visit(tree, 'raw', (node, index, parent) => {
      if (!parent || index === undefined) return undefined;
      const children = fromHtml((node as { value: string }).value, { fragment: true }).children as RootContent[];
      children.forEach(markAsOwn);
      parent.children.splice(index, 1, ...(children as never[]));
      return [SKIP, index + children.length];
    });
  };
}

/** Nodes of MDX's own (ESM, expressions, JSX) that rehype-raw must leave to the compiler. */
const MDX_NODES = ['mdxjsEsm', 'mdxFlowExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxTextExpression'];

/**
 * Marks an element (and what it holds) as docsgen's own markup, which MDX renders as written:
 * the tag overrides of a swizzled MDXComponents (`a`, `code`, `pre`…) apply to what the author
 * wrote in Markdown, as in Docusaurus, not to the code blocks, heading links and screen-reader
 * texts docsgen draws.
 */
function markAsOwn(node: RootContent): void {
  if (node.type !== 'element') return;
  node.data = { ...node.data, _mdxExplicitJsx: true } as typeof node.data;
  node.children.forEach(markAsOwn);
}

/** Heading links (`a.hash-link`) and the "(opens in new tab)" text of external links are docsgen's own. */
function rehypeOwnMarkup() {
  return (tree: Root) => {
    visit(tree, 'element', (node) => {
      const classes = (node.properties.className as string[] | undefined) ?? [];
      if (
        (node.tagName === 'a' && classes.includes('hash-link')) ||
        (node.tagName === 'span' && classes.includes('sr-only'))
      )
        markAsOwn(node);
    });
  };
}

export type MdxProcessor = ReturnType<typeof createProcessor>;

/**
 * The MDX pipeline: MDX 3's grammar (remark-mdx, on remark-parse) with the same remark and rehype
 * plugins as Markdown pages, compiled to an ES module (with a source map, so that errors thrown
 * while the page renders point at the .mdx file). `scope`: the component names a swizzled
 * src/theme/MDXComponents gives every page (mdx-scope.ts).
 */
export function createMdxProcessor({
  math = false,
  format = 'mdx',
  scope = [],
}: { math?: boolean; format?: 'mdx' | 'md'; scope?: string[] } = {}): MdxProcessor {
  return createProcessor({
    // 'md' (CommonMark, for a `.md` file imported by a page under markdown.format 'detect'): its
    // HTML comes through as raw nodes, made elements below like the plugins' HTML.
    format,
    outputFormat: 'program',
    // Development output passes each element's place to jsxDEV: a component that throws is
    // reported at its tag (located-jsx.ts).
    development: true,
    SourceMapGenerator,
    remarkPlugins: [
      remarkGfm,
      ...(math ? [remarkMath] : []),
      remarkDirective,
      remarkAdmonitions,
      remarkDocsFeatures,
      [remarkMdxReferences, { scope }],
    ],
    remarkRehypeOptions: { allowDangerousHtml: true },
    rehypePlugins: [
      ...(math ? [rehypeKatex] : []),
      rehypeHeadingAnchors,
      rehypeTocExport,
      rehypeLinks,
      rehypeCodeBlocks,
      rehypeTaskListLabels,
      rehypeOwnMarkup,
      // CommonMark's HTML comes in pieces (`<abbr>`, text, `</abbr>` are three raw nodes): only
      // rehype-raw, which parses them together, makes the right elements of them.
      format === 'md' ? [rehypeRaw, { passThrough: MDX_NODES }] : rehypeRawToElements,
    ] as PluggableList,
  });
}
