import { createContext, useContext } from 'react';
import type { Diagnostic } from '../../../diagnostics/diagnostic.js';
import type { Highlighter } from '../../highlighter.js';
import type { HeadTag, LinkRef } from '../../../model.js';

/** What `useDocusaurusContext()` returns: the site config under Docusaurus' names. */
export interface DocusaurusContextValue {
  siteConfig: {
    title: string;
    tagline: string;
    url: string;
    baseUrl: string;
    favicon?: string;
    customFields: Record<string, unknown>;
    themeConfig: Record<string, unknown>;
  };
  siteMetadata: { docusaurusVersion: string };
  i18n: { defaultLocale: string; locales: string[]; currentLocale: string };
}

/**
 * What the theme modules need while an MDX page renders on the server. One value per page
 * render: `nextId` numbers the tab groups of the page, so their ids are unique and stable.
 */
export interface MdxPageContextValue {
  docusaurus: DocusaurusContextValue;
  highlighter: Highlighter;
  /** Source path relative to the site root, for messages. */
  sourcePath: string;
  /** The page's URL path with the base URL (`useLocation` on the server); undefined in the browser. */
  pathname?: string;
  nextId(): number;
  /** Problems found while rendering that do not stop the page (warnings). */
  diagnostics: Diagnostic[];
  /** On the server: the site components of the page rendered as islands (island.tsx). */
  islands?: IslandsOfPage;
  /** On the server: what the page's `<Head>` elements ask for in the document head. */
  headTags?: HeadTag[];
  /** On the server: site links theme components render from their props (doc cards), to be checked; places in the body. */
  links?: LinkRef[];
}

/** What the islands of one page render leave behind (server only). */
export interface IslandsOfPage {
  /** Modules (paths in the site) of the components hydrated on the page. */
  modules: Set<string>;
  /** Each island's HTML, in the order the placeholders number them. */
  html: string[];
  /** The last id `nextId` gave: an island records where its ids start, for the browser. */
  lastId(): number;
  /** Lines of front matter above the body, for the places of diagnostics. */
  lineOffset: number;
  /** Inside HTML kept for later (a slot the component did not render): components render plainly. */
  inert?: boolean;
}

export const MdxPageContext = createContext<MdxPageContextValue | null>(null);

export function useMdxPage(): MdxPageContextValue {
  const value = useContext(MdxPageContext);
  if (!value) throw new Error('docsgen theme components render only inside an MDX page');
  return value;
}

/** The page context, or null outside an MDX page (a hook shared by the server and the browser). */
export function useMdxPageOrNull(): MdxPageContextValue | null {
  return useContext(MdxPageContext);
}
