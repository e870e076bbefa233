import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { Program } from 'estree';
import type { VFile } from 'vfile';
import { toHtml } from 'hast-util-to-html';
import { toString } from 'hast-util-to-string';
import { valueToEstree } from 'estree-util-value-to-estree';
import { visit } from 'unist-util-visit';
import { contextOf } from '../markdown-context.js';

/** An entry of the `toc` an MDX page exports, as Docusaurus gives it: the heading's content as HTML. */
export interface MdxTocEntry {
  value: string;
  id: string;
  level: number;
}

/** MDX's ESM node as it sits in the hast tree (mdast-util-mdxjs-esm's shape). */
interface MdxjsEsm {
  type: 'mdxjsEsm';
  value: string;
  data?: { estree?: Program | null };
}

/** Whether the page's own ESM already exports a binding named `toc` (then it is the author's). */
function exportsToc(tree: Root): boolean {
  return tree.children.some((node) =>
    ((node as unknown as MdxjsEsm).type === 'mdxjsEsm' ? (node as unknown as MdxjsEsm).data?.estree?.body : [])?.some(
      (statement) =>
        statement.type === 'ExportNamedDeclaration' &&
        (statement.specifiers.some((s) => s.exported.type === 'Identifier' && s.exported.name === 'toc') ||
          (statement.declaration?.type === 'VariableDeclaration' &&
            statement.declaration.declarations.some((d) => d.id.type === 'Identifier' && d.id.name === 'toc')) ||
          (statement.declaration?.type === 'FunctionDeclaration' && statement.declaration.id.name === 'toc')),
    ),
  );
}

/**
 * A heading's content as HTML, without docsgen's 'Direct link' anchor. JSX or an expression in a
 * heading (`## Rewards <Badge />`) has no HTML before the page renders: its text stands in.
 */
function headingContentHtml(heading: Element): string {
  const content = heading.children.filter(
    (child) => !(child.type === 'element' && child.tagName === 'a' && hasClass(child, 'hash-link')),
  );
  const plain = (node: ElementContent): ElementContent =>
    node.type === 'element'
      ? { ...node, children: node.children.map(plain) }
      : node.type === 'text' || node.type === 'comment'
        ? node
        : { type: 'text', value: toString(node as never) };
  return toHtml({ type: 'root', children: content.map(plain) }).trim();
}

const hasClass = (node: Element, name: string) =>
  ((node.properties.className as string[] | undefined) ?? []).includes(name);

/** `export const toc = [...]` as an ESM node the MDX compiler takes as written. */
function tocExport(toc: MdxTocEntry[]): RootContent {
  const estree: Program = {
    type: 'Program',
    sourceType: 'module',
    body: [
      {
        type: 'ExportNamedDeclaration',
        specifiers: [],
        source: null,
        attributes: [],
        declaration: {
          type: 'VariableDeclaration',
          kind: 'const',
          declarations: [
            { type: 'VariableDeclarator', id: { type: 'Identifier', name: 'toc' }, init: valueToEstree(toc) },
          ],
        },
      },
    ],
  };
  return { type: 'mdxjsEsm', value: '', data: { estree } } as unknown as RootContent;
}

/**
 * Gives an MDX page Docusaurus' `toc` export: its table of contents (the h2–h6 the page's TOC is
 * made of, in order, each `{ value, id, level }`), which pages pass to `<TOCInline toc={toc} />`
 * or filter themselves. Runs after the heading anchors, whose ids and TOC it reads; a page that
 * exports its own `toc` keeps it.
 */
export function rehypeTocExport() {
  return (tree: Root, file: VFile) => {
    if (exportsToc(tree)) return;
    const inToc = new Set(contextOf(file).toc.map((item) => item.id));
    const toc: MdxTocEntry[] = [];
    visit(tree, 'element', (node) => {
      const id = node.properties.id;
      if (/^h[2-6]$/.test(node.tagName) && typeof id === 'string' && inToc.has(id))
        toc.push({ value: headingContentHtml(node), id, level: Number(node.tagName[1]) });
    });
    tree.children.unshift(tocExport(toc));
  };
}
