import { toString } from 'mdast-util-to-string';
import type { Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { contextOf, type MarkdownContext } from '../markdown-context.js';

/** `import x from 'y'`, `import {a, b} from "y"`, `import 'y'`, `export const x = …`, `export default …`. */
const ESM_LINE =
  /^(?:import\s+(?:[\w*{}\s,]+\s+from\s+)?['"][^'"]+['"]|export\s+(?:const|let|var|function|default|\{))/;
/** A capitalised tag (`<Tabs>`, `<TabItem value="a">`) or an attribute whose value is a JS expression (`src={…}`). */
const JSX_IN_HTML = /<[A-Z][\w.]*[\s/>]|\s[\w:-]+=\{/;

/**
 * Docusaurus parses every file as MDX unless told otherwise; docsgen reads `.md` as CommonMark
 * (Docusaurus' `markdown.format: 'detect'`). A `.md` page written for MDX would come out with its
 * `import` lines printed as text and its JSX as broken HTML, so each such construct is a warning
 * at its line instead of a silently different page.
 */
export function remarkMdxSyntaxWarnings() {
  return (tree: Root, file: VFile) => {
    const context = contextOf(file);
    for (const node of tree.children) {
      const found = mdxConstruct(node);
      if (found) context.diagnostics.push(mdxWarning(context, node, found));
    }
  };
}

function mdxConstruct(node: RootContent): string | undefined {
  if (node.type === 'paragraph') {
    const text = toString(node);
    return ESM_LINE.test(text) ? text.split('\n')[0] : undefined;
  }
  if (node.type === 'html' && JSX_IN_HTML.test(node.value)) return node.value.split('\n')[0];
  return undefined;
}

function mdxWarning(context: MarkdownContext, node: RootContent, excerpt: string) {
  const isMdx = context.sourcePath?.endsWith('.mdx') ?? false;
  return {
    code: 'DG211',
    severity: 'warning' as const,
    message: `MDX syntax in a Markdown page is shown as written: ${excerpt.length > 70 ? `${excerpt.slice(0, 67)}…` : excerpt}`,
    file: context.sourcePath,
    line: node.position ? node.position.start.line + context.lineOffset : undefined,
    column: node.position?.start.column,
    hint: isMdx
      ? 'ESM imports and JSX are not rendered on this page: write the content in Markdown or HTML.'
      : 'This site reads .md files as CommonMark (markdown.format "detect"): rename the file to .mdx, or set markdown: { format: "mdx" } in site.config.ts to read every page as MDX as Docusaurus does by default, or write plain Markdown/HTML.',
  };
}
