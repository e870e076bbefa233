import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Directory of the docsgen package (found from this module: src/shared/ in development, dist/ when compiled). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}

/** The site's folder for what docsgen compiles and keeps (never docsgen's own installation, which may be read-only). */
export function siteCacheDir(root: string): string {
  return join(root, 'node_modules', '.cache', 'docsgen');
}

/**
 * docsgen's rendition of Infima's classes (a stylesheet read at run time: part of docsgen's code
 * identity, since which classes it styles decides what pages link and warn about).
 */
export const infimaCssFile = (): string => join(packageRoot(), 'src/theme-css/infima-compat.css');
