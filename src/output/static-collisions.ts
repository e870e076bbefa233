/**
 * Files of `static/` whose output path docsgen also generates a file at (a page's index.html, a
 * Markdown twin, the sitemap, a file of the meta index, the client bundle…). Both used to reach the
 * writer and the generated one won, so a static file was dropped without a word: a migrated
 * Docusaurus site with a hand-written `static/sitemap.xml`, or a `.md` download at a page's twin
 * path, lost it silently. Now the generated file is written, the static one is left out, and a
 * warning names both (DG602).
 *
 * `robots.txt` is the exception: docsgen's is a default (allow all, the sitemap's URL), Docusaurus
 * generates none, and a site that ships its own states its crawl policy, so the static one is
 * written instead of docsgen's, without a warning.
 */
import { join } from 'node:path';
import { warningDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { OutputFile } from './output-file.js';

/** The file docsgen generates unless the site's static folder has one. */
export const ROBOTS_TXT = 'robots.txt';

/** What the site's static files become: those written, those left out (with a warning each), and whether robots.txt is the site's. */
export interface StaticFilesPlan {
  files: OutputFile[];
  diagnostics: Diagnostic[];
  ownRobotsTxt: boolean;
}

/**
 * Splits the static files into those written and those a generated file takes the place of.
 * `generatedAt` says what the build writes at an output path, if anything ("the page /guides/usage").
 */
export function planStaticFiles(
  files: readonly OutputFile[],
  generatedAt: (path: string) => string | undefined,
  staticDir: string,
): StaticFilesPlan {
  const diagnostics: Diagnostic[] = [];
  const kept = files.filter((file) => {
    const what = generatedAt(file.path);
    if (what === undefined) return true;
    const source = join(staticDir, file.path);
    diagnostics.push(
      warningDiagnostic('DG602', `${source} is not copied to the output: docsgen writes ${what} at ${file.path}`, {
        file: source,
        hint: 'Rename or move the file: a generated file cannot be replaced from static/ (robots.txt excepted).',
      }),
    );
    return false;
  });
  return { files: kept, diagnostics, ownRobotsTxt: kept.some((file) => file.path === ROBOTS_TXT) };
}
