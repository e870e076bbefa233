import { VFile } from 'vfile';
import { extname, sep } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Nodes } from 'hast';
import type { Page } from '../model.js';
import type { DocEntry } from './assign-doc-routes.js';
import { contextOf, createMarkdownContext, type AssetRef } from './markdown-context.js';
import type { MarkdownProcessor } from './markdown-processor.js';
import type { Highlighter } from './highlighter.js';
import { buildDocMeta, tagLabels, tocLevels } from './docusaurus/doc-meta.js';
import { convertLegacyAdmonitionTitles } from './docusaurus/legacy-admonition-titles.js';
import { firstParagraphText, htmlTree, pageTextOf } from '../shared/hast-text.js';
import { shortDescription } from '../shared/short-description.js';
import { infimaUse } from './infima-classes.js';
import { docRoutesOf, recordingDocRoutes, type DocRoutes, type DocRouteTable } from './doc-routes.js';

export interface ParsePageOptions {
  processor: MarkdownProcessor;
  /** With config `markdown.math`: the processor with remark-math and KaTeX, for pages with a `$`. */
  mathProcessor?: MarkdownProcessor;
  highlighter: Highlighter;
  docRoutes: DocRouteTable;
  baseUrl: string;
  assetUrl: (absolutePath: string) => string;
}

export interface ParsedPage {
  page: Page;
  assets: string[];
  /** Where the page references its assets (those with a place): kept through workers and caches for DG207. */
  assetPlaces?: AssetRef[];
  diagnostics: Diagnostic[];
  /**
   * What the parse read of other pages' routes (to resolve its links to Markdown files), each query
   * with its answer: a kept parse is reused while every one is answered the same (build cache).
   */
  routeReads?: [string, string][];
}

/**
 * The site root and the folder of the page's docs version, from where the file is: its path in the
 * site (`versioned_docs/version-1.0/guides/a.md`) and in its folder (`guides/a`) end its absolute path.
 */
function sourceRoots(source: DocEntry['source']): { contentRoot?: string; siteRoot?: string } {
  const { absolutePath, relativePath, contentPath } = source;
  const inSite = relativePath.split('/').join(sep);
  const inFolder = `${contentPath.split('/').join(sep)}${extname(absolutePath)}`;
  if (!absolutePath.endsWith(inSite) || !absolutePath.endsWith(inFolder)) return {};
  return {
    siteRoot: absolutePath.slice(0, absolutePath.length - inSite.length),
    contentRoot: absolutePath.slice(0, absolutePath.length - inFolder.length),
  };
}

/** The file a page's pipeline runs on (Markdown or MDX), carrying the page's Markdown context. */
export function pageSourceFile(
  entry: DocEntry,
  options: Pick<ParsePageOptions, 'baseUrl' | 'highlighter' | 'assetUrl'> & { docRoutes: DocRoutes },
  text: string,
): VFile {
  const context = createMarkdownContext({
    sourcePath: entry.source.relativePath,
    absolutePath: entry.source.absolutePath,
    docRoutes: options.docRoutes,
    ...sourceRoots(entry.source),
    baseUrl: options.baseUrl,
    highlighter: options.highlighter,
    assetUrl: options.assetUrl,
    lineOffset: entry.lineOffset,
  });
  return new VFile({ path: entry.source.absolutePath, value: text, data: { docsgen: context } });
}

/** Turns one Markdown document into a Page: HTML body, table of contents, anchors and links. */
export function parsePage(entry: DocEntry, options: ParsePageOptions): ParsedPage {
  const routeReads: [string, string][] = [];
  const docRoutes = recordingDocRoutes(docRoutesOf(options.docRoutes), routeReads);
  const file = pageSourceFile(entry, { ...options, docRoutes }, convertLegacyAdmonitionTitles(entry.body));
  // Only pages with a dollar sign pay for the math grammar.
  const processor = options.mathProcessor && entry.body.includes('$') ? options.mathProcessor : options.processor;
  // Run in steps, not processSync: the page's text is taken from the tree before it becomes a string.
  const tree = processor.runSync(processor.parse(file), file);
  const html = String(processor.stringify(tree, file));
  return { ...pageFromHtml(entry, { html, ...textsOf(tree) }, file), routeReads };
}

/**
 * `parsed` without the route queries it made: only the build cache asks a parse what it read of
 * other pages, and a build without it would keep them for every page to the end (~1 KB a page).
 */
export function withoutRouteReads(parsed: ParsedPage): ParsedPage {
  const kept = { ...parsed };
  delete kept.routeReads;
  return kept;
}

/** A page's plain text (`Page.text`) from its body HTML (rendered by React, or read back from a file). */
export function plainTextOf(html: string): string {
  return pageTextOf(htmlTree(html));
}

/** A body tree's plain text (`Page.text`) and its first paragraph's, the description when the front matter has none. */
export const textsOf = (tree: Nodes): { text: string; excerpt: string } => ({
  text: pageTextOf(tree),
  excerpt: firstParagraphText(tree),
});

/**
 * The Page of a document whose body is rendered to `html` with the plain `text` of it (and of its first paragraph), with what the
 * Markdown plugins collected on `file` (TOC, anchors, links, assets, diagnostics): shared by Markdown and MDX.
 */
export function pageFromHtml(
  entry: DocEntry,
  { html, text, excerpt }: { html: string; text: string; excerpt: string },
  file: VFile,
  extra: Diagnostic[] = [],
): ParsedPage {
  const context = contextOf(file);
  const fm = entry.frontMatter;
  // Docusaurus' order: front matter, then the body's own top-level h1, then the doc id.
  const title = fm.title ?? context.contentTitle ?? entry.id;
  const infima = infimaUse(html, { body: entry.body, lineOffset: entry.lineOffset, file: entry.source.relativePath });
  const page: Page = {
    id: entry.id,
    route: entry.route,
    kind: entry.route === '/' ? 'home' : 'doc',
    title,
    description: fm.description ?? shortDescription(excerpt || text),
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
    docMeta: { ...buildDocMeta(fm), ...(context.contentTitle === undefined ? {} : { titleInContent: true }) },
    ...(html.includes('class="katex"') ? { usesMath: true } : {}),
    ...(infima.usesInfima ? { usesInfima: true } : {}),
    ...(context.diagrams.length ? { diagrams: context.diagrams } : {}),
  };
  const missingTitle: Diagnostic[] =
    fm.title || context.contentTitle
      ? []
      : [
          {
            code: 'DG206',
            severity: 'warning',
            message: 'Page has no `title` in its front matter',
            file: entry.source.relativePath,
            line: 1,
          },
        ];
  return {
    page,
    assets: context.assets.map((a) => a.source),
    ...(context.assets.some((a) => a.line !== undefined)
      ? { assetPlaces: context.assets.filter((a) => a.line !== undefined) }
      : {}),
    diagnostics: [
      ...context.diagnostics,
      ...mathDiagnostics(file, entry),
      ...infima.diagnostics,
      ...extra,
      ...missingTitle,
    ],
  };
}

/** KaTeX cannot render an expression: rehype-katex shows it in red and leaves a message on the file. */
function mathDiagnostics(file: VFile, entry: DocEntry): Diagnostic[] {
  return file.messages
    .filter((message) => message.source === 'rehype-katex')
    .map((message) => ({
      code: 'DG210',
      severity: 'warning' as const,
      message: `Math that KaTeX cannot render: ${String((message.cause as Error | undefined)?.message ?? message.reason).split('\n')[0]}`,
      file: entry.source.relativePath,
      line: message.line ? message.line + entry.lineOffset : undefined,
      column: message.column ?? undefined,
      hint: 'KaTeX supports most LaTeX math; see its list of supported functions. The expression is shown in red as written.',
    }));
}
