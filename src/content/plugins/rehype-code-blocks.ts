import { visit, SKIP } from 'unist-util-visit';
import { toString } from 'hast-util-to-string';
import type { Root, Element } from 'hast';
import type { VFile } from 'vfile';
import { contextOf } from '../markdown-context.js';
import { renderCodeBlockHtml } from '../render-code-block.js';

/** Parses the fence meta: `title="app.js" {1,3-5}`. */
export function parseCodeMeta(meta: string | undefined): { title?: string; highlightLines: Set<number> } {
  const highlightLines = new Set<number>();
  if (!meta) return { highlightLines };
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  const ranges = /\{([\d,\s-]+)\}/.exec(meta);
  if (ranges) {
    for (const part of ranges[1].split(',')) {
      const [from, to] = part.trim().split('-').map(Number);
      if (!Number.isFinite(from)) continue;
      for (let n = from; n <= (Number.isFinite(to) ? to : from); n++) highlightLines.add(n);
    }
  }
  return { title: title ? (title[1] ?? title[2] ?? title[3]) : undefined, highlightLines };
}

/** Replaces every fenced code block with a highlighted, titled block that has a copy button. */
export function rehypeCodeBlocks() {
  return (tree: Root, file: VFile) => {
    const { highlighter } = contextOf(file);
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
      if (!code) return;
      const className = (code.properties.className as string[] | undefined) ?? [];
      const language = className.find((c) => c.startsWith('language-'))?.slice('language-'.length);
      const meta = (code.data as { meta?: string } | undefined)?.meta;
      const { title, highlightLines } = parseCodeMeta(meta);
      const source = toString(code).replace(/\n$/, '');
      const html = renderCodeBlockHtml({ highlighted: highlighter.highlight(source, language), title, highlightLines });
      parent.children.splice(index, 1, { type: 'raw', value: html } as never);
      return [SKIP, index + 1];
    });
  };
}
