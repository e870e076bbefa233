import { realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';

/** A path with its symbolic links resolved, or the path itself when it does not exist (yet). */
export function realPath(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return resolve(path);
  }
}

/** Whether `path` is `folder` or inside it (both absolute, links already resolved). */
export function isInside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}

/**
 * The folders a build may read from: the site root and config `allowedPaths` (relative to the
 * root), links resolved, so that a link inside the root that points out is judged by its target.
 */
export function readableFolders(root: string, allowedPaths: readonly string[] = []): string[] {
  return [realPath(root), ...allowedPaths.map((path) => realPath(resolve(root, path)))];
}
