import { join } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { readSiteFile, walkSiteFolder, type SiteFs } from '../content/walk-site-folder.js';
import type { OutputFile } from './output-file.js';

export interface StaticFolder {
  root: string;
  staticDir: string;
  /** Config `allowedPaths`: where symbolic links in static/ may point outside the site root. */
  allowedPaths?: readonly string[];
  fs?: SiteFs;
}

/**
 * Files of the static directory, copied to the output root as they are: listed by the same safe
 * walk as the Markdown sources (no link out of the site, no loop, unreadable files reported).
 */
export async function collectStaticFiles(
  folder: StaticFolder,
): Promise<{ files: OutputFile[]; diagnostics: Diagnostic[] }> {
  const listed = walkSiteFolder({
    root: folder.root,
    folder: join(folder.root, folder.staticDir),
    allowedPaths: folder.allowedPaths,
    fs: folder.fs,
  });
  const read = await Promise.all(listed.entries.map((entry) => readSiteFile(entry, folder.root, folder.fs)));
  return {
    files: listed.entries.flatMap((entry, index) => {
      const contents = read[index].contents;
      return contents ? [{ path: entry.path, contents }] : [];
    }),
    diagnostics: [...listed.diagnostics, ...read.flatMap((result) => (result.diagnostic ? [result.diagnostic] : []))],
  };
}
