import * as nodeFs from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { errorDiagnostic, warningDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { isInside, readableFolders } from '../shared/allowed-paths.js';

/**
 * The file-system calls the walk and the reads make, so a test can inject a failure that a real
 * disk cannot produce under root (a file root cannot read, a folder that vanishes).
 */
export interface SiteFs {
  readdirSync(path: string): nodeFs.Dirent[];
  statSync(path: string): nodeFs.Stats;
  realpathSync(path: string): string;
  readlinkSync(path: string): string;
  readFile(path: string): Promise<Buffer>;
}

export const nodeSiteFs: SiteFs = {
  readdirSync: (path) => nodeFs.readdirSync(path, { withFileTypes: true }),
  statSync: (path) => nodeFs.statSync(path),
  realpathSync: (path) => nodeFs.realpathSync.native(path),
  readlinkSync: (path) => nodeFs.readlinkSync(path),
  readFile: (path) => readFile(path),
};

export interface SiteFolderEntry {
  /** Where the file was found (through any symbolic links). */
  absolutePath: string;
  /** Path relative to the walked folder, with '/' separators. */
  path: string;
  /** What is read: the link's target once it has been checked (a link changed after the check is not followed). */
  readPath: string;
  /** With `stats`: size and modification time (the content cache's "changed?" test). */
  stats?: nodeFs.Stats;
}

export interface WalkSiteFolderOptions {
  /** The site root (the folder of site.config.ts). */
  root: string;
  /** The folder to walk (absolute). */
  folder: string;
  /** Config `allowedPaths`: outside the site root, where links may point. */
  allowedPaths?: readonly string[];
  /** Which files to list, by their path relative to `folder`. Names starting with '.' are never listed. */
  include?(path: string): boolean;
  /** Folder or file names to leave out entirely (besides dot files). */
  skipName?(name: string): boolean;
  /**
   * What becomes of a file or folder whose name starts with '.', by its path in the folder: listed
   * ('list'), left out ('skip', the default: `.git`, `.env`, `.DS_Store` are never content), or left
   * out with a warning naming it ('report', DG228).
   */
  dotName?(relPath: string): 'list' | 'skip' | 'report';
  stats?: boolean;
  fs?: SiteFs;
}

/**
 * Lists the files under one of the site's folders (content/, static/) without ever leaving what
 * the site may publish: a symbolic link is followed only when its target is inside the site root,
 * inside the walked folder itself or inside one of `allowedPaths`; a link to a folder that
 * encloses it (a loop) is reported once and not entered; a file or folder that cannot be read is
 * a diagnostic, not an abort. Entries come sorted by path, so output is deterministic.
 */
export function walkSiteFolder(options: WalkSiteFolderOptions): {
  entries: SiteFolderEntry[];
  diagnostics: Diagnostic[];
} {
  const fs = options.fs ?? nodeSiteFs;
  const walk = {
    options,
    fs,
    entries: [] as SiteFolderEntry[],
    diagnostics: [] as Diagnostic[],
    allowed: [] as string[],
    reportedLoops: new Set<string>(),
  };
  const folder = resolve(options.folder);
  const folderReal = realOrUndefined(fs, folder);
  if (!folderReal) return { entries: [], diagnostics: [] };
  walk.allowed = readableFolders(options.root, options.allowedPaths);
  // A folder the config names outside the site root is allowed by naming it; one inside the root that is itself a link out is not.
  if (!isInside(folder, resolve(options.root))) walk.allowed.push(folderReal);
  else if (!walk.allowed.some((allowed) => isInside(folderReal, allowed))) {
    walk.diagnostics.push(outsideLink(walk, folder, folderReal));
    return { entries: [], diagnostics: walk.diagnostics };
  }
  visitFolder(walk, { path: folder, real: folderReal, relPath: '', ancestors: [folderReal] });
  walk.entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { entries: walk.entries, diagnostics: walk.diagnostics };
}

interface Walk {
  options: WalkSiteFolderOptions;
  fs: SiteFs;
  entries: SiteFolderEntry[];
  diagnostics: Diagnostic[];
  allowed: string[];
  reportedLoops: Set<string>;
}

interface FolderVisit {
  path: string;
  real: string;
  relPath: string;
  /** Real paths of this folder and every folder above it on the way here: a link into one of them is a loop. */
  ancestors: readonly string[];
}

function realOrUndefined(fs: SiteFs, path: string): string | undefined {
  try {
    return fs.realpathSync(path);
  } catch {
    return undefined;
  }
}

/** A path as messages show it: relative to the site root when inside it. */
const shown = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : path;
};

function visitFolder(walk: Walk, folder: FolderVisit): void {
  let dirents: nodeFs.Dirent[];
  try {
    dirents = walk.fs.readdirSync(folder.path);
  } catch (error) {
    walk.diagnostics.push(unreadable(walk.options.root, folder.path, error));
    return;
  }
  for (const dirent of dirents) {
    const name = dirent.name;
    if (walk.options.skipName?.(name)) continue;
    const path = join(folder.path, name);
    const relPath = folder.relPath ? `${folder.relPath}/${name}` : name;
    if (name.startsWith('.') && !listsDotName(walk, path, relPath)) continue;
    if (dirent.isSymbolicLink()) visitLink(walk, folder, { path, relPath });
    else if (dirent.isDirectory())
      visitFolder(walk, {
        path,
        real: join(folder.real, name),
        relPath,
        ancestors: [...folder.ancestors, join(folder.real, name)],
      });
    else if (dirent.isFile()) addFile(walk, { path, relPath, readPath: path });
    else
      walk.diagnostics.push(
        warningDiagnostic(
          'DG222',
          `"${shown(walk.options.root, path)}" is not a regular file (a socket, pipe or device) and is skipped`,
          {
            file: shown(walk.options.root, path),
            hint: 'Only regular files and folders are published; remove it from the folder.',
          },
        ),
      );
  }
}

/** Whether a name starting with '.' is listed (see `dotName`); one left out with a warning is reported here. */
function listsDotName(walk: Walk, path: string, relPath: string): boolean {
  const fate = walk.options.dotName?.(relPath) ?? 'skip';
  if (fate === 'report') {
    const file = shown(walk.options.root, path);
    walk.diagnostics.push(
      warningDiagnostic(
        'DG228',
        `"${file}" is not published: files and folders whose name starts with '.' are left out (they are often private, as .env or .npmrc are), but for .well-known/, .nojekyll and .htaccess`,
        {
          file,
          hint: 'Rename it without the leading dot if it is meant to be published; otherwise move it out of the folder.',
        },
      ),
    );
  }
  return fate === 'list';
}

function addFile(walk: Walk, file: { path: string; relPath: string; readPath: string }): void {
  if (walk.options.include && !walk.options.include(file.relPath)) return;
  let stats: nodeFs.Stats | undefined;
  if (walk.options.stats) {
    try {
      stats = walk.fs.statSync(file.readPath);
    } catch (error) {
      walk.diagnostics.push(unreadable(walk.options.root, file.path, error));
      return;
    }
  }
  walk.entries.push({ absolutePath: file.path, path: file.relPath, readPath: file.readPath, stats });
}

/** A symbolic link: followed only to a target the site may publish, and never into a folder it is inside of. */
function visitLink(walk: Walk, folder: FolderVisit, link: { path: string; relPath: string }): void {
  const target = realOrUndefined(walk.fs, link.path);
  if (!target) {
    walk.diagnostics.push(
      warningDiagnostic(
        'DG222',
        `Symbolic link "${shown(walk.options.root, link.path)}" points to "${readLink(walk, link.path)}", which does not exist; it is skipped`,
        { file: shown(walk.options.root, link.path), hint: 'Remove the link or restore what it points to.' },
      ),
    );
    return;
  }
  if (!walk.allowed.some((allowed) => isInside(target, allowed))) {
    walk.diagnostics.push(outsideLink(walk, link.path, target));
    return;
  }
  let stats: nodeFs.Stats;
  try {
    stats = walk.fs.statSync(target);
  } catch (error) {
    walk.diagnostics.push(unreadable(walk.options.root, link.path, error));
    return;
  }
  if (stats.isFile()) addFile(walk, { path: link.path, relPath: link.relPath, readPath: target });
  else if (!stats.isDirectory()) return;
  else if (folder.ancestors.some((ancestor) => isInside(ancestor, target))) reportLoop(walk, link.path, target);
  else
    visitFolder(walk, {
      path: link.path,
      real: target,
      relPath: link.relPath,
      ancestors: [...folder.ancestors, target],
    });
}

function readLink(walk: Walk, path: string): string {
  try {
    return walk.fs.readlinkSync(path);
  } catch {
    return '?';
  }
}

function reportLoop(walk: Walk, path: string, target: string): void {
  // The same link reached again through another link is the same loop: reported once.
  const key = `${realOrUndefined(walk.fs, join(path, '..')) ?? path}\0${path.slice(path.lastIndexOf(sep) + 1)}`;
  if (walk.reportedLoops.has(key)) return;
  walk.reportedLoops.add(key);
  walk.diagnostics.push(
    warningDiagnostic(
      'DG221',
      `Symbolic link "${shown(walk.options.root, path)}" points to "${readLink(walk, path)}" (${shown(walk.options.root, target)}), a folder it is inside of: a loop, not followed`,
      {
        file: shown(walk.options.root, path),
        hint: 'Remove the link; each page is published once, from where it really is.',
      },
    ),
  );
}

function outsideLink(walk: Walk, path: string, target: string): Diagnostic {
  const root = walk.options.root;
  const written = readLink(walk, path);
  const where = written === '?' || written === target ? `"${target}"` : `"${written}" (${target})`;
  return errorDiagnostic(
    'DG220',
    `Symbolic link "${shown(root, path)}" points outside the site to ${where}; docsgen does not read it`,
    {
      file: shown(root, path),
      hint: `Files outside the folder of site.config.ts are never published unless listed: copy the file into the site, or add its folder to \`allowedPaths\` in site.config.ts if it is meant to be public.`,
    },
  );
}

function unreadable(root: string, path: string, error: unknown): Diagnostic {
  const code = (error as NodeJS.ErrnoException)?.code;
  const reason =
    code === 'EACCES' || code === 'EPERM'
      ? 'permission denied'
      : code === 'ENOENT'
        ? 'it disappeared while the build read it'
        : ((error as Error)?.message ?? String(error));
  return errorDiagnostic('DG222', `Cannot read "${shown(root, path)}": ${reason}${code ? ` (${code})` : ''}`, {
    file: shown(root, path),
    hint:
      code === 'EACCES' || code === 'EPERM'
        ? `Give the build's user read access (chmod a+r "${shown(root, path)}") or move the file out of the folder.`
        : 'Check the file, then build again.',
  });
}

/** Reads a listed file; a failure (permission, a file deleted meanwhile) is a diagnostic naming it. */
export async function readSiteFile(
  entry: SiteFolderEntry,
  root: string,
  fs: SiteFs = nodeSiteFs,
): Promise<{ contents?: Buffer; diagnostic?: Diagnostic }> {
  try {
    return { contents: await fs.readFile(entry.readPath) };
  } catch (error) {
    return { diagnostic: unreadable(root, entry.absolutePath, error) };
  }
}
