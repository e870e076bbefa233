import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { sanitize, defaultSchema } from 'hast-util-sanitize';
import type { Root } from 'hast';
import { remarkAdmonitions } from './plugins/remark-admonitions.js';
import { remarkDocsFeatures } from './plugins/remark-docs-features.js';
import { remarkMdxSyntaxWarnings } from './plugins/remark-mdx-syntax-warnings.js';
import { rehypeDocsgenElements } from './plugins/rehype-docsgen-elements.js';

// unified's tree types vary with the plugins applied; the processor is only ever run to a string.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MarkdownProcessor = Processor<any, any, any, any, string>;

/** Keeps admonition and code-block classes, drops everything else the default schema drops. */
const untrustedSchema = {
  ...defaultSchema,
  // remark-rehype already prefixes footnote ids and Markdown cannot set other ids; heading ids
  // are added after sanitising, so clobbering again would only break footnote links.
  clobber: [],
  tagNames: [...(defaultSchema.tagNames ?? []), 'aside'],
  attributes: {
    ...defaultSchema.attributes,
    '*': [...(defaultSchema.attributes?.['*'] ?? []), 'className', 'ariaLabel'],
  },
  protocols: { href: ['http', 'https', 'mailto'], src: ['http', 'https'] },
};

function rehypeSanitizeUntrusted() {
  return (tree: Root) => sanitize(tree, untrustedSchema) as Root;
}

/**
 * The one Markdown pipeline: remark (GFM, directives, admonitions) → rehype (anchors, links,
 * highlighted code) → HTML. `trusted: false` is for text from an API description: raw HTML is
 * dropped and the tree is sanitised (no scripts, event handlers or javascript: URLs) before the
 * docsgen plugins add their own markup.
 */
export function createMarkdownProcessor({
  trusted,
  math = false,
}: {
  trusted: boolean;
  math?: boolean;
}): MarkdownProcessor {
  const gfm = unified().use(remarkParse).use(remarkGfm);
  // `$…$` / `$$…$$` math (remark-math, KaTeX at build time) only where asked: it changes what a
  // dollar sign means, and Docusaurus sites turn it on explicitly too.
  const base = (math ? gfm.use(remarkMath) : gfm).use(remarkDirective).use(remarkAdmonitions).use(remarkDocsFeatures);
  const html = trusted
    ? base.use(remarkMdxSyntaxWarnings).use(remarkRehype, { allowDangerousHtml: true })
    : base.use(remarkRehype, { allowDangerousHtml: false }).use(rehypeSanitizeUntrusted);
  const processor = math ? html.use(rehypeKatex) : html;
  return processor
    .use(rehypeDocsgenElements)
    .use(rehypeStringify, { allowDangerousHtml: true })
    .freeze() as unknown as MarkdownProcessor;
}
