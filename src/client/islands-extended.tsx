/**
 * The islands chunk of a site that needs more than the built-in islands: islands.tsx, plus the
 * site's own components on MDX pages and the mermaid diagrams, each loaded only on the pages that
 * have some, and the docs links and version dropdown that follow the version read or preferred.
 * The client bundle puts this module in place of islands.tsx only for such sites
 * (content/mdx/island-modules.ts), with the features the site uses switched on, so that every other
 * site's client stays as it was, byte for byte.
 */
import { hydrateIslands as hydrateBuiltInIslands, ISLANDS } from './islands.js';
import { PreferredVersionDropdown } from './preferred-version-dropdown.js';
import { applyDocsVersion } from './docs-version-links.js';
import { createSafeStorage } from './storage.js';

export * from './islands.js';

/** Set by the client bundle: the site has MDX pages with components, the site has diagrams. */
declare const __DOCSGEN_MDX_ISLANDS__: boolean;
declare const __DOCSGEN_MERMAID__: boolean;
/** Set by the client bundle: the site has several docs versions. */
declare const __DOCSGEN_DOCS_VERSIONS__: boolean;

let mdxIslands: Promise<typeof import('./mdx-islands.js')> | undefined;

const failed = (what: string) => (error: unknown) => console.error(`docsgen: could not load ${what}.`, error);

/** Hydrates the built-in islands and the site's components under `scope`, draws its diagrams. */
export function hydrateIslands(scope: ParentNode = document): void {
  if (__DOCSGEN_DOCS_VERSIONS__) {
    // The version dropdown that follows the reader's preferred version: registered here, not in
    // islands.tsx, so that the client of a site with one docs version stays as it was.
    ISLANDS.PreferredVersionDropdown = PreferredVersionDropdown;
    // Called after the first load and after every client-side navigation, which keeps the navbar.
    const route = document.querySelector('.page[data-route]')?.getAttribute('data-route') ?? '';
    applyDocsVersion(document, createSafeStorage(), route);
  }
  hydrateBuiltInIslands(scope);
  // Once loaded, called after every navigation: it unmounts the components a navigation removed.
  if (__DOCSGEN_MDX_ISLANDS__ && (mdxIslands || scope.querySelector('docsgen-island')))
    (mdxIslands ??= import('./mdx-islands.js'))
      .then((m) => m.hydrateMdxIslands(scope))
      .catch(failed('the components of the page'));
  if (__DOCSGEN_MERMAID__ && scope.querySelector('[data-mermaid]'))
    import('./mermaid-diagrams.js').then((m) => m.drawDiagrams(scope)).catch(failed('the diagram renderer'));
}
