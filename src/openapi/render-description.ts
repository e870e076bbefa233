import { NO_ROUTES } from '../content/doc-routes.js';
import { VFile } from 'vfile';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { LinkRef } from '../model.js';
import type { Highlighter } from '../content/highlighter.js';
import { createMarkdownContext } from '../content/markdown-context.js';
import type { MarkdownProcessor } from '../content/markdown-processor.js';
import { descriptionMarkdown } from './description-markdown.js';
import { simpleDescription } from './simple-description.js';
import { treeText } from '../shared/hast-text.js';

export interface RenderDescriptionOptions {
  /** The untrusted processor: `createMarkdownProcessor({ trusted: false })`. */
  processor: MarkdownProcessor;
  highlighter: Highlighter;
  baseUrl: string;
  /** The API description file, for messages. */
  sourcePath: string;
  /** Where Redoc-style fragments (`#operation/{id}` …) point in docsgen's pages. */
  resolveFragment?: (hash: string) => { route: string; hash?: string } | undefined;
  /** Ids the page renders itself: a description heading that would take one gets a suffix. */
  isReservedId?: (id: string) => boolean;
}

export interface RenderedDescription {
  /** Sanitised HTML. */
  html: string;
  /** Plain text, for search. */
  text: string;
  /** The Markdown as written, its links rewritten to where `html`'s lead (for the Markdown twins). */
  markdown: string;
  links: LinkRef[];
  anchors: string[];
  diagnostics: Diagnostic[];
}

/**
 * Renders Markdown from an API description with the content pipeline in its untrusted mode:
 * raw HTML dropped, tree sanitised (no scripts, event handlers or javascript: URLs), then the
 * usual anchors, links and highlighted code. Plain text, and plain text with simple links, skips the
 * parser (simple-description.ts).
 */
export function renderDescription(markdown: string, options: RenderDescriptionOptions): RenderedDescription {
  return simpleDescription(markdown, options) ?? renderWithPipeline(markdown, options);
}

/** The whole untrusted Markdown pipeline (what `simpleDescription` stands for when it can). */
export function renderWithPipeline(markdown: string, options: RenderDescriptionOptions): RenderedDescription {
  const context = createMarkdownContext({
    sourcePath: options.sourcePath,
    docRoutes: NO_ROUTES,
    baseUrl: options.baseUrl,
    highlighter: options.highlighter,
    assetUrl: (path) => path,
    lineOffset: 0,
    resolveFragment: options.resolveFragment,
    isReservedId: options.isReservedId,
  });
  const file = new VFile({ value: markdown, data: { docsgen: context } });
  // The text is taken from the tree before it becomes a string (processSync in steps).
  const parsed = options.processor.parse(file);
  const tree = options.processor.runSync(parsed, file);
  const html = String(options.processor.stringify(tree, file));
  const text = treeText(tree);
  // Positions inside a description are not positions in the file: keep the link, drop the line.
  const links = context.links.map(({ route, hash, raw }) => ({ route, hash, raw }));
  return {
    html,
    text,
    markdown: descriptionMarkdown(markdown, parsed, links, options.baseUrl),
    links,
    anchors: context.anchors,
    diagnostics: context.diagnostics,
  };
}
