import type { HighlightedCode } from './highlighter.js';
import { escapeHtml } from '../shared/escape-html.js';

export interface CodeBlockHtmlOptions {
  highlighted: HighlightedCode;
  title?: string;
  highlightLines?: ReadonlySet<number>;
  /** Shows line numbers from this number on (CSS counters: copying the code copies no numbers). */
  lineNumbersStart?: number;
}

/**
 * The HTML of a code block, shared by Markdown pages and API code samples. The copy button is
 * plain markup; the client attaches behaviour to every `[data-copy]` button by delegation.
 */
export function renderCodeBlockHtml({
  highlighted,
  title,
  highlightLines,
  lineNumbersStart,
}: CodeBlockHtmlOptions): string {
  const numbered = lineNumbersStart !== undefined;
  const body =
    (highlightLines && highlightLines.size) || numbered
      ? highlighted.lines
          .map(
            (line, i) => `<span class="line${highlightLines?.has(i + 1) ? ' line-highlighted' : ''}">${line}\n</span>`,
          )
          .join('')
      : highlighted.lines.join('\n');
  const titleHtml = title ? `<div class="code-title">${escapeHtml(title)}</div>` : '';
  const noticeHtml = highlighted.notice
    ? `<p class="code-notice" role="note">${escapeHtml(highlighted.notice)}</p>`
    : '';
  const attributes = numbered ? ` code-block--line-numbers" style="counter-reset:line ${lineNumbersStart - 1}` : '';
  return `<div class="code-block${attributes}" data-language="${highlighted.language}">${titleHtml}${noticeHtml}<div class="code-scroll"><pre tabindex="0"><code class="hljs language-${highlighted.language}">${body}</code></pre><button type="button" class="copy-button" data-copy aria-label="Copy code to clipboard" title="Copy">Copy</button></div></div>`;
}
