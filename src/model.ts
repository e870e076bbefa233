/**
 * The plain data that flows between build stages. Everything here is serialisable: templates
 * receive slices of it as props, and the dev server keeps it between rebuilds.
 */
import type { ApiOperationView, ApiOverviewView, ApiSchemaView } from './api-view.js';

export interface TocItem {
  /** h2–h6; pages list h2–h3 unless their front matter sets `toc_min/max_heading_level`. */
  depth: number;
  id: string;
  /** Plain text of the heading. */
  text: string;
}

/** A ```mermaid code block: its source and where it starts in the page's file. */
export interface DiagramRef {
  source: string;
  line?: number;
  column?: number;
}

/** An in-site link found in a page, checked once every route is known. */
export interface LinkRef {
  /** Route (without baseUrl) the link points to, or '' for a same-page anchor. */
  route: string;
  hash?: string;
  /** The link as written, for messages. */
  raw: string;
  line?: number;
  column?: number;
  /** JSON pointer of the field holding the link, for links inside an API description. */
  pointer?: string;
  /** The file the link is written in when it is not the page's own (a Markdown file the MDX page imports). */
  file?: string;
}

export type PageKind = 'home' | 'doc' | 'api-overview' | 'api-operation' | 'api-schema' | 'search' | 'not-found';

export type PageBody =
  | { type: 'html'; html: string }
  | { type: 'api-overview'; overview: ApiOverviewView }
  | { type: 'api-schema'; schema: ApiSchemaView }
  | {
      type: 'api-operation';
      operation: ApiOperationView;
      /** The page's Markdown twin, when a worker that built the view made it too (large APIs). */
      markdown?: string;
    }
  | { type: 'none' };

export interface Page {
  /** Doc id: the source path without extension ('guides/usage') or 'api/<slug>'. */
  id: string;
  /** Route without baseUrl: '/', '/guides/usage'. */
  route: string;
  kind: PageKind;
  title: string;
  description: string;
  sidebarLabel?: string;
  sidebarPosition?: number;
  tags: string[];
  hideTableOfContents: boolean;
  /** Source file relative to the site root, for diagnostics and /meta/index.json. */
  sourcePath?: string;
  toc: TocItem[];
  /** Every element id on the page, for anchor checks. */
  anchors: string[];
  links: LinkRef[];
  body: PageBody;
  /** Plain text of the body, for the search index and descriptions. */
  text: string;
  /** Badge shown in sidebars and search (the HTTP method of an operation). */
  badge?: string;
  /** Docs features (directives) used by the page that need a sidebar, with their position. */
  docsFeatures: { name: string; line?: number }[];
  /** What Docusaurus front matter adds to a doc page (absent on API and special pages). */
  docMeta?: DocMeta;
  /** The body has KaTeX math: the page links KaTeX's stylesheet. */
  usesMath?: boolean;
  /** The body uses Infima's utility classes (row, col--6, button--primary…): the page links docsgen's rendition of them. */
  usesInfima?: boolean;
  /** ```mermaid diagrams of the body (the client draws them; the build checks their syntax). */
  diagrams?: DiagramRef[];
  /**
   * MDX pages: the site's component modules (paths in the site, sorted) whose islands the page
   * hydrates; the page links their stylesheets and the browser loads their chunks.
   */
  islands?: string[];
  /** The browser module of the components the page defines itself and hydrates (page-islands.ts), by page path. */
  islandCode?: Record<string, string>;
  /** The docs version of a doc from versioned_docs/ (absent on the docs folder's own, 'current'). */
  version?: string;
  /**
   * The label of the API description a reference page documents, when the site has several
   * (config `apis`): search shows it with the page's results. Absent with a single description.
   */
  apiLabel?: string;
  /** MDX pages: what the page's `<Head>` (@docusaurus/Head) puts in the document head, in order. */
  headTags?: HeadTag[];
}

/**
 * An element of the document head a page asks for: its React props (attribute values) and, for a
 * title or a JSON-LD script, its text.
 */
export interface HeadTag {
  tag: 'title' | 'meta' | 'link' | 'script';
  props: Record<string, string>;
  content?: string;
}

/** Docusaurus front matter of a doc page, resolved to what templates and routes need. */
export interface DocMeta {
  hideTitle: boolean;
  /** The body starts its own h1 (Docusaurus' content title): the template adds no second one. */
  titleInContent?: boolean;
  /** Social card: a path under static/ ('/img/card.png') or an absolute URL. */
  image?: string;
  keywords: string[];
  /** Doc ids that replace the sidebar's previous/next page; null removes the link. */
  paginationNext?: string | null;
  paginationPrev?: string | null;
  /** The label other pages' previous/next links show for this page. */
  paginationLabel?: string;
  sidebarClassName?: string;
  /** Reachable by URL only: not in sidebars, the sitemap, search or the meta index; `noindex`. */
  unlisted: boolean;
  editUrl?: string;
  /** Last update as written in front matter: an ISO date and/or an author. */
  lastUpdate?: { date?: string; author?: string };
}

export type NavItem =
  | { type: 'link'; label: string; route: string; docId?: string; badge?: string; className?: string }
  | { type: 'external'; label: string; href: string; className?: string }
  | {
      type: 'category';
      label: string;
      items: NavItem[];
      collapsed: boolean;
      collapsible: boolean;
      route?: string;
      className?: string;
    };
