import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { DiagramRef, Page } from '../model.js';

/** A page's diagram, with the file it is in. */
export interface PageDiagram extends DiagramRef {
  file: string;
}

export const diagramsOf = (pages: readonly Page[]): PageDiagram[] =>
  pages.flatMap((page) => (page.diagrams ?? []).map((diagram) => ({ ...diagram, file: page.sourcePath ?? page.id })));

/** The first line of mermaid's message, which goes on with a caret drawing and the tokens it expected. */
function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const expecting = /Expecting (.+?), got '([^']+)'/.exec(text);
  const first = text.split('\n')[0];
  return expecting
    ? `${first}: got '${expecting[2]}', expected ${expecting[1].split(', ').slice(0, 5).join(', ')}…`
    : first;
}

/**
 * Mermaid, to parse diagrams in Node. Its grammars need no DOM, but it cleans label text with
 * DOMPurify, which without a window is an object with no methods: the check only needs the
 * grammar, so the cleaning is made a no-op (mermaid and docsgen share the one DOMPurify module).
 */
async function loadMermaidParser() {
  const { default: purify } = await import('dompurify');
  if (!purify.isSupported)
    Object.assign(purify, { addHook() {}, removeHook() {}, removeAllHooks() {}, sanitize: (text: unknown) => text });
  return (await import('mermaid')).default;
}

/**
 * Parses every ```mermaid block with mermaid's own parser, so that a diagram the
 * browser could not draw is reported at build time (DG251, a warning: the page shows the error in
 * place of the diagram). Mermaid is loaded only when a site has diagrams (it takes seconds).
 */
export async function checkDiagrams(diagrams: readonly PageDiagram[]): Promise<Diagnostic[]> {
  if (!diagrams.length) return [];
  const mermaid = await loadMermaidParser();
  const diagnostics: Diagnostic[] = [];
  for (const diagram of diagrams) {
    try {
      await mermaid.parse(diagram.source);
    } catch (error) {
      diagnostics.push({
        code: 'DG251',
        severity: 'warning',
        message: `Mermaid diagram with a syntax error: ${reasonOf(error)}`,
        file: diagram.file,
        line: diagram.line,
        column: diagram.column,
        hint: 'Readers see the error in place of the diagram. Check the diagram type on the first line (graph TD, sequenceDiagram, …) and the line mermaid names, counted from that first line.',
      });
    }
  }
  return diagnostics;
}
