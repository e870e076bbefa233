import { join, relative } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { decodeSourceText } from './decode-source-text.js';
import { readSiteFile, walkSiteFolder, type SiteFolderEntry, type SiteFs } from './walk-site-folder.js';

export interface SourceFile {
  /** Absolute path. */
  absolutePath: string;
  /** Path relative to the site root, used in messages and the meta index. */
  relativePath: string;
  /** Path relative to the content directory, without extension: the default doc id. */
  contentPath: string;
  text: string;
}

export interface ContentFolder {
  root: string;
  contentDir: string;
  /** Config `allowedPaths`: where symbolic links in content/ may point outside the site root. */
  allowedPaths?: readonly string[];
  /** The file system (tests inject failures). */
  fs?: SiteFs;
}

export interface CollectedSources {
  sources: SourceFile[];
  diagnostics: Diagnostic[];
}

/** The Markdown files of the content folder, listed safely (see walkSiteFolder), sorted by path. */
export function listSources(folder: ContentFolder, stats = false) {
  return walkSiteFolder({
    root: folder.root,
    folder: join(folder.root, folder.contentDir),
    allowedPaths: folder.allowedPaths,
    include: (path) => /\.mdx?$/.test(path),
    skipName: (name) => name.startsWith('_') || name === 'node_modules',
    stats,
    fs: folder.fs,
  });
}

/** Reads one listed Markdown file as text: unreadable, binary or mis-encoded files become diagnostics. */
export async function readSource(
  folder: ContentFolder,
  entry: SiteFolderEntry,
): Promise<{ source?: SourceFile; diagnostics: Diagnostic[] }> {
  const relativePath = relative(folder.root, entry.absolutePath);
  const read = await readSiteFile(entry, folder.root, folder.fs);
  if (!read.contents) return { diagnostics: read.diagnostic ? [read.diagnostic] : [] };
  const { text, diagnostics } = decodeSourceText(read.contents, relativePath);
  if (text === undefined) return { diagnostics };
  return {
    source: { absolutePath: entry.absolutePath, relativePath, contentPath: entry.path.replace(/\.mdx?$/, ''), text },
    diagnostics,
  };
}

/** Reads every Markdown file under the content directory, sorted for deterministic output. */
export async function collectSources(folder: ContentFolder): Promise<CollectedSources> {
  const listed = listSources(folder);
  const read = await Promise.all(listed.entries.map((entry) => readSource(folder, entry)));
  return {
    sources: read.flatMap((result) => (result.source ? [result.source] : [])),
    diagnostics: [...listed.diagnostics, ...read.flatMap((result) => result.diagnostics)],
  };
}
