import { VFile } from 'vfile';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Page } from '../model.js';
import type { DocEntry } from './assign-doc-routes.js';
import { createMarkdownContext } from './markdown-context.js';
import type { MarkdownProcessor } from './markdown-processor.js';
import type { Highlighter } from './highlighter.js';
import { buildDocMeta, tagLabels, tocLevels } from './docusaurus/doc-meta.js';
import { stripCustomHeadingId } from './docusaurus/custom-heading-id.js';
import { convertLegacyAdmonitionTitles } from './docusaurus/legacy-admonition-titles.js';

export interface ParsePageOptions {
  processor: MarkdownProcessor;
  highlighter: Highlighter;
  docRoutes: ReadonlyMap<string, string>;
  baseUrl: string;
  assetUrl: (absolutePath: string) => string;
}

export interface ParsedPage {
  page: Page;
  assets: string[];
  diagnostics: Diagnostic[];
}

const TAGS = /<[^>]+>/g;

/** Turns one Markdown document into a Page: HTML body, table of contents, anchors and links. */
export function parsePage(entry: DocEntry, options: ParsePageOptions): ParsedPage {
  const context = createMarkdownContext({
    sourcePath: entry.source.relativePath,
    absolutePath: entry.source.absolutePath,
    docRoutes: options.docRoutes,
    baseUrl: options.baseUrl,
    highlighter: options.highlighter,
    assetUrl: options.assetUrl,
    lineOffset: entry.lineOffset,
  });
  const file = new VFile({ path: entry.source.absolutePath, value: convertLegacyAdmonitionTitles(entry.body), data: { docsgen: context } });
  const html = String(options.processor.processSync(file));
  const fm = entry.frontMatter;
  const text = html.replace(TAGS, ' ').replace(/\s+/g, ' ').trim();
  const title = fm.title ?? firstHeading(entry.body) ?? entry.id;
  const page: Page = {
    id: entry.id,
    route: entry.route,
    kind: entry.route === '/' ? 'home' : 'doc',
    title,
    description: fm.description ?? text.slice(0, 160),
    sidebarLabel: fm.sidebar_label,
    sidebarPosition: fm.sidebar_position,
    tags: tagLabels(fm.tags),
    hideTableOfContents: fm.hide_table_of_contents,
    sourcePath: entry.source.relativePath,
    toc: tocLevels(context.toc, fm),
    anchors: context.anchors,
    links: context.links,
    body: { type: 'html', html },
    text,
    docsFeatures: context.docsFeatures,
    docMeta: buildDocMeta(fm),
  };
  const missingTitle: Diagnostic[] = fm.title ? [] : [{ code: 'DG206', severity: 'warning', message: 'Page has no `title` in its front matter', file: entry.source.relativePath, line: 1 }];
  return { page, assets: context.assets.map((a) => a.source), diagnostics: [...context.diagnostics, ...missingTitle] };
}

function firstHeading(markdown: string): string | undefined {
  const heading = /^#\s+(.+)$/m.exec(markdown)?.[1];
  return heading === undefined ? undefined : stripCustomHeadingId(heading).trim();
}
