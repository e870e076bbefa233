/**
 * The Markdown twin of a guide or example page (one made from Markdown): its title as the h1, its
 * description when the body does not say it, then the body's HTML as Markdown. The parse workers
 * make it where the body is at hand (spilled-body.ts); `pageMarkdown` (output/markdown) uses it for
 * every page whose body is HTML.
 */
import type { Page } from '../model.js';
import { htmlToMarkdown } from '../shared/html-to-markdown.js';
import { DOC_CARD_LIST_PLACEHOLDER } from './plugins/remark-docs-features.js';

export function guideMarkdown(page: Page): string {
  const { body } = page;
  const html = body.type === 'html' ? body.html.split(DOC_CARD_LIST_PLACEHOLDER).join('') : '';
  const markdown = htmlToMarkdown(html);
  const intro = page.description && !page.text.includes(page.description) ? `> ${page.description}` : '';
  return `${[`# ${page.title}`, intro, markdown].filter(Boolean).join('\n\n')}\n`;
}
