/** The serialisable props templates receive. Templates never see the config object or the file system. */
import type { NavItem, Page, TocItem } from '../model.js';
import type { PageVersionProps } from '../routes/build-version-links.js';

/** Where a docs navbar item leads on the pages of one docs version (and its label there, for a docsVersion item). */
export interface VersionTarget {
  href: string;
  activeRoutePrefix?: string;
  label?: string;
}

export type NavbarItemProps =
  | {
      type: 'link';
      label: string;
      href: string;
      external: boolean;
      position: 'left' | 'right';
      activeRoutePrefix?: string;
      sidebarId?: string;
      /**
       * Docs items (docSidebar, doc, docsVersion) of a site with several docs versions: the target on
       * the pages of each version, by version name. `href` and `label` are the last version's.
       */
      byVersion?: Record<string, VersionTarget>;
    }
  | { type: 'search'; position: 'left' | 'right' }
  | { type: 'localeDropdown'; position: 'left' | 'right' }
  | { type: 'docsVersionDropdown'; position: 'left' | 'right' };

export interface SiteProps {
  title: string;
  tagline: string;
  productName: string;
  /** The API descriptions served at /openapi/{id}.json, each advertised in every page's head. */
  apiDescriptions: { id: string; title: string }[];
  website: string;
  url: string;
  baseUrl: string;
  favicon: string;
  themeColor: string;
  image?: string;
  navbar: {
    title?: string;
    logo?: { alt: string; src: string; srcDark?: string };
    style?: 'primary' | 'dark';
    hideOnScroll: boolean;
    items: NavbarItemProps[];
  };
  footer: {
    style: 'dark' | 'light';
    logo?: { alt: string; src: string; href?: string };
    links: { title: string; items: { label: string; href: string; external: boolean }[] }[];
    copyright: string;
  };
  announcementBar?: { id: string; content: string; backgroundColor: string; textColor: string; isCloseable: boolean };
  colorMode: { defaultMode: 'light' | 'dark'; respectPrefersColorScheme: boolean; disableSwitch: boolean };
  search: {
    /** '' when the search page is disabled. */
    searchPagePath: string;
    algolia?: {
      appId: string;
      apiKey: string;
      indexName: string;
      contextualSearch: boolean;
      searchParameters: Record<string, unknown>;
      askAi?: unknown;
      externalUrlRegex?: string;
      /** Config `search.exampleRoutes` and `apiRoutePrefix`: which hits are examples and API pages. */
      exampleRoutes: readonly string[];
      apiRoutePrefix: string;
    };
    reportUrl?: string;
  };
  i18n: { defaultLocale: string; locales: { locale: string; label: string }[]; currentLocale: string };
  docs: {
    /** `path`: below the docs' routeBasePath ('' or '1.0/'); `href`: its main doc, when the site has several versions. */
    versions: { name: string; label: string; path: string; href?: string }[];
    /** The version served at the docs' routeBasePath (lastVersion). */
    currentVersion: string;
  };
  /** Sidebar route → label, for the mobile secondary menu of each section. */
  sidebars: Record<string, { label: string }>;
}

export interface AssetProps {
  css: string[];
  /** Stylesheets only some pages need (KaTeX's): swapped with the page on client-side navigation. */
  pageCss?: string[];
  /** Entry script (ES module). */
  js: string;
  /** Modules to preload. */
  preload: string[];
}

/** One card of `::doc-card-list` (and `<DocCardList />`): an item of the page's sidebar category. */
export interface DocCardProps {
  label: string;
  /** baseUrl-joined. */
  href: string;
  description: string;
}

export interface PageProps {
  site: SiteProps;
  page: Pick<
    Page,
    | 'route'
    | 'kind'
    | 'title'
    | 'description'
    | 'body'
    | 'hideTableOfContents'
    | 'badge'
    | 'id'
    | 'docMeta'
    | 'headTags'
    | 'apiLabel'
  > & {
    toc: TocItem[];
    /** On a page with `::doc-card-list`: the cards of the other items of its sidebar category. */
    docCards?: DocCardProps[];
  };
  /** The sidebar of the page's section, trimmed for large sidebars. */
  sidebar?: { name: string; items: NavItem[] };
  breadcrumbs: string[];
  previous?: { label: string; route: string };
  next?: { label: string; route: string };
  /** On a doc page of a site with several docs versions: its version, banner, badge and the dropdown's links. */
  version?: PageVersionProps;
  assets: AssetProps;
}
