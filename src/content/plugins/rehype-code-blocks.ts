import { visit, SKIP, type VisitorResult } from 'unist-util-visit';
import { escapeHtml } from '../../shared/escape-html.js';
import { toString } from 'hast-util-to-string';
import type { Root, Element, Parent } from 'hast';
import type { VFile } from 'vfile';
import { contextOf, type MarkdownContext } from '../markdown-context.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { renderCodeBlockHtml } from '../render-code-block.js';
import { highlightNotice } from '../highlighter.js';
import { applyMagicComments } from '../docusaurus/magic-comments.js';

export interface CodeMeta {
  title?: string;
  highlightLines: Set<number>;
  /** True when the meta names lines to highlight (`{1,3-5}`): magic comments are then not read. */
  hasRanges: boolean;
  /** The first line number with `showLineNumbers` (`showLineNumbers=5` starts at 5). */
  lineNumbersStart?: number;
}

/** Parses the fence meta: `title="app.js" {1,3-5} showLineNumbers`. */
export function parseCodeMeta(meta: string | undefined): CodeMeta {
  const highlightLines = new Set<number>();
  if (!meta) return { highlightLines, hasRanges: false };
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  const ranges = /\{([\d,\s-]+)\}/.exec(meta);
  const lineNumbers = /(?:^|\s)showLineNumbers(?:=(\d+))?(?=\s|$)/.exec(meta);
  if (ranges) {
    for (const part of ranges[1].split(',')) {
      const [from, to] = part.trim().split('-').map(Number);
      if (!Number.isFinite(from)) continue;
      for (let n = from; n <= (Number.isFinite(to) ? to : from); n++) highlightLines.add(n);
    }
  }
  return {
    title: title ? (title[1] ?? title[2] ?? title[3]) : undefined,
    highlightLines,
    hasRanges: Boolean(ranges),
    lineNumbersStart: lineNumbers ? Number(lineNumbers[1] ?? 1) : undefined,
  };
}

/**
 * A ```mermaid block: its source as a code block (what readers without JavaScript see), inside a
 * `[data-mermaid]` box the client draws the diagram in (client/mermaid-diagrams.ts).
 */
export function renderDiagramHtml(source: string): string {
  const block = renderCodeBlockHtml({
    highlighted: { language: 'mermaid', lines: source.split('\n').map(escapeHtml) },
  });
  return `<div class="mermaid-diagram" data-mermaid="">${block}</div>`;
}

/**
 * Replaces every fenced code block with a highlighted, titled block that has a copy button, its
 * highlighted lines (meta ranges or magic comments) and, with `showLineNumbers`, line numbers.
 */
export function rehypeCodeBlocks() {
  return (tree: Root, file: VFile) => {
    const context = contextOf(file);
    visit(tree, 'element', codeBlockStep(context, context.diagnostics));
  };
}

/**
 * The per-element step of `rehypeCodeBlocks`: a `pre` becomes its code block's markup, and the walk
 * goes on past it. Highlighting notices go to `notices` (the fused walk of rehype-docsgen-elements.ts
 * adds them after the walk, where this plugin's own walk put them: after the links' diagnostics).
 */
export function codeBlockStep(context: MarkdownContext, notices: Diagnostic[]) {
  const { highlighter } = context;
  return (node: Element, index: number | undefined, parent: Parent | undefined): VisitorResult => {
    if (node.tagName !== 'pre' || !parent || index === undefined) return;
    const code = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
    if (!code) return;
    const className = (code.properties.className as string[] | undefined) ?? [];
    const language = className.find((c) => c.startsWith('language-'))?.slice('language-'.length);
    if (language === 'mermaid') {
      const source = toString(code).replace(/\n$/, '');
      const line = node.position ? node.position.start.line + context.lineOffset : undefined;
      context.diagrams.push({ source, line, column: node.position?.start.column });
      parent.children.splice(index, 1, { type: 'raw', value: renderDiagramHtml(source) } as never);
      return [SKIP, index + 1];
    }
    const meta = (code.data as { meta?: string } | undefined)?.meta;
    const { title, highlightLines, hasRanges, lineNumbersStart } = parseCodeMeta(meta);
    // As in Docusaurus, line ranges in the meta win over magic comments, which then stay in the code.
    const magic = hasRanges
      ? { code: toString(code).replace(/\n$/, ''), highlightLines }
      : applyMagicComments(toString(code).replace(/\n$/, ''), language);
    const highlighted = highlighter.highlight(magic.code, language);
    if (highlighted.notice) {
      const line = node.position ? node.position.start.line + context.lineOffset : undefined;
      notices.push(highlightNotice(`A code block: ${highlighted.notice}`, { file: context.sourcePath, line }));
    }
    const html = renderCodeBlockHtml({
      highlighted,
      title,
      highlightLines: magic.highlightLines,
      lineNumbersStart,
    });
    parent.children.splice(index, 1, { type: 'raw', value: html } as never);
    return [SKIP, index + 1];
  };
}
