/** The Markdown twin of any page: guides and examples from their HTML, API pages from their view models. */
import type { Page } from '../../model.js';
import type { ApiOverviewView, ApiSchemaView } from '../../api-view.js';
import { htmlToText } from '../../shared/hast-text.js';
import { guideMarkdown } from '../../content/guide-markdown.js';
import { htmlToMarkdown } from '../../shared/html-to-markdown.js';
import { operationMarkdown, schemaTree } from './operation-markdown.js';

function overviewMarkdown(view: ApiOverviewView): string {
  const parts = [
    `# ${view.title}`,
    view.version ? `Version ${view.version}` : '',
    view.summary ?? '',
    view.descriptionHtml ? htmlToMarkdown(view.descriptionHtml) : '',
    view.servers.length ? `## Servers\n\n${view.servers.map((s) => `- ${s.url}`).join('\n')}` : '',
    view.securitySchemes.length
      ? `## Authentication\n\n${view.securitySchemes.map((s) => `- ${s.name}: ${s.words}`).join('\n')}`
      : '',
    `## Download the description\n\n[${view.specFileName}](${view.specUrl})`,
    ...view.tags.map((tag) =>
      [
        `## ${tag.name}`,
        tag.descriptionHtml ? htmlToText(tag.descriptionHtml).trim() : '',
        tag.operations
          .map((op) => `- [${op.summary}](${op.href}): \`${op.method.toUpperCase()} ${op.path}\``)
          .join('\n'),
      ]
        .filter(Boolean)
        .join('\n\n'),
    ),
  ];
  return parts.filter(Boolean).join('\n\n');
}

function schemaPageMarkdown(view: ApiSchemaView): string {
  const parts = [
    `# ${view.name}`,
    view.schema.descriptionHtml ? htmlToMarkdown(view.schema.descriptionHtml) : '',
    `## Properties\n\n${schemaTree(view.schema).join('\n')}`,
    view.exampleHtml ? `## Example\n\n${htmlToMarkdown(view.exampleHtml)}` : '',
    view.usedBy.length ? `## Used by\n\n${view.usedBy.map((op) => `- [${op.summary}](${op.href})`).join('\n')}` : '',
  ];
  return `${parts.filter(Boolean).join('\n\n')}\n`;
}

/** A page's Markdown: its title as the h1, its description when the body does not say it, then the body. */
export function pageMarkdown(page: Page): string {
  const { body } = page;
  if (body.type === 'api-operation') return body.markdown ?? operationMarkdown(body.operation);
  if (body.type === 'api-overview') return `${overviewMarkdown(body.overview)}\n`;
  if (body.type === 'api-schema') return schemaPageMarkdown(body.schema);
  return guideMarkdown(page);
}
