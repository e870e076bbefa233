import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { LinkRef } from '../model.js';
import type { Highlighter } from '../content/highlighter.js';
import type { OpenApiDocument } from './openapi-types.js';
import type { RenderedDescription } from './render-description.js';
import type { BrokenLinkSeverity } from '../config/schema.js';

/** Where an operation's page is, for the response links that name it. */
export interface OperationTarget {
  href: string;
  title: string;
}

/** What one build of the API pages shares: the document and the cached renderers. */
export interface BuildContext {
  document: OpenApiDocument;
  /** Names of bundled schemas by `$ref` (see ApiSpec.refNames). */
  refNames: Readonly<Record<string, string>>;
  /** The description file relative to the site root, for messages. */
  file: string;
  baseUrl: string;
  highlighter: Highlighter;
  /**
   * Renders description Markdown, its headings kept off the ids `isReservedId` reserves; cached by
   * text (and reserved ids) for the duration of one build.
   */
  renderMarkdown: (markdown: string, isReservedId?: (id: string) => boolean) => RenderedDescription;
  /**
   * Highlighted code samples printed from a templated request, by language and request shape
   * (null when a template cannot be used); one build's worth.
   */
  sampleTemplates: Map<string, string | null>;
  /** baseUrl-joined URL of a `components/schemas` entry's page; undefined when it has none (schema pages off). */
  schemaHref?: (name: string) => string | undefined;
  /** baseUrl-joined URL of the API's overview page (security schemes are explained there). */
  overviewHref?: string;
  /** The page of the operation with this operationId (response links), when there is one. */
  operationById?: (operationId: string) => OperationTarget | undefined;
  /** The page of the operation an `operationRef` points at ('#/paths/~1orders/get'), when there is one. */
  operationByRef?: (operationRef: string) => OperationTarget | undefined;
  /** How a response link to no operation is reported (config `api.onBrokenLinks`, default 'warn'). */
  onBrokenLinks?: BrokenLinkSeverity;
  /** Views of shared components (`$ref`s) with what they recorded, for `memoized`. */
  memo: Map<string, { value: unknown; page: PageCollector }>;
}

/** What a page's view builders record as they go: search text, links, anchors, problems. */
export interface PageCollector {
  text: string[];
  links: LinkRef[];
  anchors: string[];
  diagnostics: Diagnostic[];
}

export interface ViewContext extends BuildContext {
  page: PageCollector;
  /** Ids the page template renders itself: description headings must not take them. */
  isReservedId: (id: string) => boolean;
}

export function createPageCollector(): PageCollector {
  return { text: [], links: [], anchors: [], diagnostics: [] };
}

/**
 * Sanitised HTML of a description field (undefined when empty); its text, links and anchors are
 * recorded on the page, the links with `pointer` (where the field is in the document) for messages.
 */
export function renderDescriptionField(ctx: ViewContext, markdown: unknown, pointer?: string): string | undefined {
  return renderDescriptionParts(ctx, markdown, pointer)?.html;
}

/**
 * `renderDescriptionField`, with the description's own Markdown (links rewritten like the HTML's)
 * beside the HTML, for a field whose Markdown twin carries it.
 */
export function renderDescriptionParts(
  ctx: ViewContext,
  markdown: unknown,
  pointer?: string,
): { html: string; markdown: string } | undefined {
  if (typeof markdown !== 'string' || !markdown.trim()) return undefined;
  // Few descriptions have a heading that would take a section's id: only those are rendered again.
  const first = ctx.renderMarkdown(markdown);
  const rendered = first.anchors.some(ctx.isReservedId) ? ctx.renderMarkdown(markdown, ctx.isReservedId) : first;
  const { html, anchors } = rendered;
  ctx.page.text.push(rendered.text);
  // The same text can sit in several fields: each use reports its own pointer.
  ctx.page.links.push(...(pointer ? rendered.links.map((link) => ({ ...link, pointer })) : rendered.links));
  ctx.page.anchors.push(...anchors);
  ctx.page.diagnostics.push(...rendered.diagnostics);
  return html ? { html, markdown: rendered.markdown.trim() } : undefined;
}

/**
 * Builds a view once per build for a shared component (`key` names the `$ref`) and replays what
 * building it recorded (search text, links) onto every page that uses it.
 */
export function memoized<T>(ctx: ViewContext, key: string, build: (ctx: ViewContext) => T): T {
  let hit = ctx.memo.get(key);
  if (!hit) {
    const page = createPageCollector();
    hit = { value: build({ ...ctx, page }), page };
    ctx.memo.set(key, hit);
  }
  ctx.page.text.push(...hit.page.text);
  ctx.page.links.push(...hit.page.links);
  ctx.page.anchors.push(...hit.page.anchors);
  ctx.page.diagnostics.push(...hit.page.diagnostics);
  return hit.value as T;
}
