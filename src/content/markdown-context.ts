import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { DiagramRef, LinkRef, TocItem } from '../model.js';
import type { Highlighter } from './highlighter.js';
import type { DocRoutes } from './doc-routes.js';

/** A local file (image, download) referenced by a page, copied to the output with a hashed name. */
export interface AssetRef {
  /** Absolute source path. */
  source: string;
  /** Where the page references it (its image), for messages. */
  line?: number;
  column?: number;
}

/** What the Markdown plugins read from and write to `vfile.data`, per file. */
export interface MarkdownContext {
  /** Source path relative to the site root, for messages; undefined for API descriptions. */
  sourcePath?: string;
  /** Absolute path of the source, to resolve relative links and images. */
  absolutePath?: string;
  /** Routes of the pages' files, to rewrite links between Markdown files (what is read of them is recorded). */
  docRoutes: DocRoutes;
  /** Absolute folder of the page's docs version, where `/x.md` links start (as in Docusaurus). */
  contentRoot?: string;
  /** Absolute site root, for `@site/x.md` links. */
  siteRoot?: string;
  baseUrl: string;
  highlighter: Highlighter;
  /** Maps an absolute asset path to its public URL (with baseUrl), set when assets are planned. */
  assetUrl: (absolutePath: string) => string;
  /** Line offset of the body in the source file (front matter lines). */
  lineOffset: number;
  /**
   * Maps a same-page fragment to another page (API descriptions: Redoc-style `#operation/{id}`);
   * undefined keeps it a same-page anchor.
   */
  resolveFragment?: (hash: string) => { route: string; hash?: string } | undefined;
  /**
   * Ids the page around the Markdown renders itself (an API page's sections): a heading whose id
   * would be one of them gets the next free `-1`, `-2` … suffix instead. Undefined: none.
   */
  isReservedId?: (id: string) => boolean;
  // Outputs
  toc: TocItem[];
  /** The first h1 at the top level of the body (Docusaurus' content title), as text. */
  contentTitle?: string;
  anchors: string[];
  links: LinkRef[];
  assets: AssetRef[];
  docsFeatures: { name: string; line?: number }[];
  /** ```mermaid blocks, drawn in the browser and checked at build time. */
  diagrams: DiagramRef[];
  diagnostics: Diagnostic[];
}

/** The inputs of a context; its outputs start empty. */
export type MarkdownContextInput = Pick<
  MarkdownContext,
  | 'sourcePath'
  | 'absolutePath'
  | 'docRoutes'
  | 'contentRoot'
  | 'siteRoot'
  | 'baseUrl'
  | 'highlighter'
  | 'assetUrl'
  | 'lineOffset'
  | 'resolveFragment'
  | 'isReservedId'
>;

export function createMarkdownContext(input: MarkdownContextInput): MarkdownContext {
  return { ...input, toc: [], anchors: [], links: [], assets: [], docsFeatures: [], diagrams: [], diagnostics: [] };
}

export function contextOf(file: { data: Record<string, unknown> }): MarkdownContext {
  return file.data.docsgen as MarkdownContext;
}
