/**
 * The islands chunk of a site whose MDX pages hydrate the site's own components: islands.tsx,
 * plus the site's components on the pages that have some (their code loads only there). The
 * client bundle puts this module in place of islands.tsx only for such sites
 * (bundle/island-modules.ts), so that every other site's client stays as it was, byte for byte.
 */
import { hydrateIslands as hydrateBuiltInIslands } from './islands.js';

export * from './islands.js';

let mdxIslands: Promise<typeof import('./mdx-islands.js')> | undefined;

/** Hydrates the built-in islands and the site's components under `scope`; unmounts what a navigation removed. */
export function hydrateIslands(scope: ParentNode = document): void {
  hydrateBuiltInIslands(scope);
  if (!mdxIslands && !scope.querySelector('docsgen-island')) return;
  (mdxIslands ??= import('./mdx-islands.js'))
    .then((m) => m.hydrateMdxIslands(scope))
    .catch((error: unknown) => console.error('docsgen: could not load the components of the page.', error));
}
