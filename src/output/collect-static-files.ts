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
 * Names starting with '.' that static/ publishes, as Docusaurus does (it copies every dot file): RFC 8615's
 * `.well-known/` (security.txt, assetlinks.json, apple-app-site-association), GitHub Pages' `.nojekyll` and
 * Apache's `.htaccess`.
 */
const PUBLIC_DOT_NAMES = new Set(['.well-known', '.nojekyll', '.htaccess']);

/** Names starting with '.' that are never meant for a site (version control, desktop leftovers): left out silently. */
const NEVER_CONTENT = new Set(['.DS_Store', '.git', '.gitignore', '.gitkeep', '.gitattributes', '.hg', '.svn']);

/** Any other dot file or folder of static/ (`.env`, `.npmrc`, `.vscode/`) is left out with a warning (DG228). */
function staticDotName(relPath: string): 'list' | 'skip' | 'report' {
  const name = relPath.slice(relPath.lastIndexOf('/') + 1);
  return PUBLIC_DOT_NAMES.has(name) ? 'list' : NEVER_CONTENT.has(name) ? 'skip' : 'report';
}

/**
 * Files of the static directory, copied to the output root as they are: listed by the same safe
 * walk as the Markdown sources (no link out of the site, no loop, unreadable files reported), dot
 * files as `staticDotName` says.
 */
export async function collectStaticFiles(
  folder: StaticFolder,
): Promise<{ files: OutputFile[]; diagnostics: Diagnostic[] }> {
  const listed = walkSiteFolder({
    root: folder.root,
    folder: join(folder.root, folder.staticDir),
    allowedPaths: folder.allowedPaths,
    dotName: staticDotName,
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
