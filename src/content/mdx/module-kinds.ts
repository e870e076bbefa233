import { relative } from 'node:path';

/** Files a page or component imports as a URL (an asset of the page), not as code. */
export const ASSET_IMPORT = /\.(?:png|jpe?g|gif|svg|webp|avif|ico|pdf|zip|mp4|webm|woff2?)$/i;

/** A module of the site's own code (not a package): its components hydrate in the browser. */
export const isSiteModule = (path: string, root: string): boolean =>
  /\.(?:[cm]?[jt]sx?)$/.test(path) && !relative(root, path).startsWith('..') && !/[/\\]node_modules[/\\]/.test(path);
