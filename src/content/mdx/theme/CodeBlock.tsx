import { Children, type ReactNode } from 'react';
import { parseCodeMeta } from '../../plugins/rehype-code-blocks.js';
import { applyMagicComments } from '../../docusaurus/magic-comments.js';
import { renderCodeBlockHtml } from '../../render-code-block.js';
import { useMdxPage } from './page-context.js';

export interface CodeBlockProps {
  children?: ReactNode;
  className?: string;
  language?: string;
  title?: ReactNode;
  metastring?: string;
  showLineNumbers?: boolean | number;
}

function codeText(children: ReactNode): string {
  const parts = Children.toArray(children);
  if (parts.every((part) => typeof part === 'string' || typeof part === 'number')) return parts.join('');
  throw new Error('<CodeBlock> takes its code as text: write {`…`} inside it, not other elements.');
}

/**
 * `@theme/CodeBlock`: highlighted at build time like a fenced block, with the same meta
 * (`metastring` ranges, magic comments, `showLineNumbers`, `title`).
 */
export default function CodeBlock(props: CodeBlockProps) {
  const { highlighter } = useMdxPage();
  const language = props.language ?? /language-(\S+)/.exec(props.className ?? '')?.[1];
  const meta = parseCodeMeta(props.metastring);
  const code = codeText(props.children).replace(/\n$/, '');
  const magic = meta.hasRanges ? { code, highlightLines: meta.highlightLines } : applyMagicComments(code, language);
  const start =
    typeof props.showLineNumbers === 'number' ? props.showLineNumbers : props.showLineNumbers ? 1 : undefined;
  const html = renderCodeBlockHtml({
    highlighted: highlighter.highlight(magic.code, language),
    title: typeof props.title === 'string' ? props.title : meta.title,
    highlightLines: magic.highlightLines,
    lineNumbersStart: start ?? meta.lineNumbersStart,
  });
  return <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: html }} />;
}
