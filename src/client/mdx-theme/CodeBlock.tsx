import { Children, type ReactNode } from 'react';
import { escapeHtml } from '../../shared/escape-html.js';

export interface CodeBlockProps {
  children?: ReactNode;
  language?: string;
}

/**
 * `@theme/CodeBlock` inside a hydrated site component: the code was highlighted at build time, and
 * the browser keeps that HTML (React leaves it alone while hydrating and while the props stay the
 * same). Mounted afresh (shown only after a click), the code is shown as plain text.
 */
export default function CodeBlock({ children, language }: CodeBlockProps) {
  const code = Children.toArray(children).join('').replace(/\n$/, '');
  const html = `<pre><code${language ? ` class="language-${escapeHtml(language)}"` : ''}>${escapeHtml(code)}</code></pre>`;
  return <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
}
