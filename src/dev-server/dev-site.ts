import type { BuildResult, DeferredOutput } from '../build.js';
import { joinBase } from '../shared/url.js';
import type { PageHtml } from '../render/render-site.js';
import type { LiveReloadEvent } from './live-reload.js';

/**
 * One good build as the dev server serves it: the planned files, plus pages (and the search
 * index) produced on first request and kept for the life of this build.
 */
export interface DevSite {
  /** Server start and build number, e.g. `lq3k9a-4`. */
  id: string;
  baseUrl: string;
  files: ReadonlyMap<string, string | Uint8Array>;
  /** Pages, and the index files (sitemap, meta index…), by path: each produced on first request. */
  pages: ReadonlyMap<string, DeferredOutput>;
  groups: DeferredOutput[];
  produced: Map<string, string | Uint8Array>;
  /** Content-hashed files of earlier builds, for tabs that still run their scripts (a lazy chunk, a search file). */
  retired: ReadonlyMap<string, string | Uint8Array>;
}

/** A name with a content hash in it (`entry.DU3PEWPN.js`, `terms-0.3f9a1c2b.json`): the same name always has the same contents. */
const HASHED = /\.[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/** Hashed files kept from earlier builds, newest last; bounds memory over a long session. */
const MAX_RETIRED = 2000;

export function createDevSite(
  id: string,
  result: BuildResult & { config: NonNullable<BuildResult['config']> },
  previous?: DevSite,
): DevSite {
  const deferred = result.deferred ?? [];
  // Also carry what the previous build had retired: one save can trigger two rebuilds in a row
  // (editors write twice), and a tab still on the first build must keep loading its files.
  const hashed = [...(previous?.retired ?? []), ...(previous?.files ?? []), ...(previous?.produced ?? [])].filter(
    ([path]) => HASHED.test(path),
  );
  const retired = new Map(hashed.slice(-MAX_RETIRED));
  return {
    id,
    baseUrl: result.config.baseUrl,
    files: new Map((result.files ?? []).map((file) => [file.path, file.contents])),
    pages: new Map(deferred.filter((output) => output.path).map((output) => [output.path!, output])),
    groups: deferred.filter((output) => !output.path),
    produced: new Map(),
    retired,
  };
}

/**
 * The site with pages rendered after an edit (`docsgen dev`'s single-page path) in place of
 * theirs: the same files otherwise, and what was produced of the others kept.
 */
export function withEditedPages(
  site: DevSite,
  id: string,
  edited: readonly { path: string; key: string; html: PageHtml }[],
): DevSite {
  const pages = new Map(site.pages);
  const produced = new Map(site.produced);
  for (const { path, key, html } of edited) {
    pages.set(path, { path, key, produce: () => [{ path, contents: html }] });
    produced.set(path, html);
  }
  return { ...site, id, pages, produced };
}

/**
 * The contents of one output file, producing it if it is deferred. A group of files whose names
 * are only known once produced (the search index; the Markdown twins and llms-full.txt) is
 * produced for the first missing file with an extension, so a page request never waits for it.
 * Throws when a template throws.
 */
export function lookupFile(site: DevSite, path: string): string | Uint8Array | undefined {
  const known = site.files.get(path) ?? site.produced.get(path);
  if (known !== undefined) return known;
  const page = site.pages.get(path);
  const outputs = page ? [page] : /\.(?!html$)[a-z0-9]+$/i.test(path) ? site.groups.splice(0) : [];
  for (const output of outputs) for (const file of output.produce()) site.produced.set(file.path, file.contents);
  return site.produced.get(path) ?? site.retired.get(path);
}

/** Files whose change does not show on any page by itself (fetched on demand or by crawlers). */
// Files no open tab displays: a change to them reloads no page (pages' Markdown twins and the
// llms.txt files change with every page edit).
const DATA_FILE = /^(sitemap\.xml|robots\.txt|llms(-full)?\.txt|.*\.md|meta\/.*|search\/.*|openapi\/[^/]+\.json)$/;

const sameContents = (a: string | Uint8Array, b: string | Uint8Array) =>
  a === b ||
  (typeof a !== 'string' && typeof b !== 'string' && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b));

function changedPaths<T>(before: ReadonlyMap<string, T>, after: ReadonlyMap<string, T>, same: (a: T, b: T) => boolean) {
  const added = [...after.keys()].filter((path) => !before.has(path));
  const removed = [...before.keys()].filter((path) => !after.has(path));
  const changed = [...after]
    .filter(([path, value]) => before.has(path) && !same(before.get(path)!, value))
    .map(([path]) => path);
  return { added, removed, changed };
}

/**
 * What the open tabs must do after a rebuild: swap stylesheets when only CSS changed, else
 * reload the pages whose HTML changed (all pages when a page was added or removed, or when an
 * asset such as an image or the client script changed). Pages are compared by key, without
 * rendering them.
 */
export function diffSites(
  before: DevSite,
  after: DevSite,
  sources: readonly string[],
): Exclude<LiveReloadEvent, { type: 'error-overlay' }> & { changedPages: number } {
  const pages = changedPaths(before.pages, after.pages, (a, b) => a.key === b.key);
  const files = changedPaths(before.files, after.files, sameContents);
  const other = [...files.added, ...files.removed, ...files.changed].filter((path) => !DATA_FILE.test(path));
  const pagePaths = [...pages.added, ...pages.removed, ...pages.changed].filter((path) => path !== '404.html');
  const url = (path: string) => joinBase(after.baseUrl, `/${path}`);
  // No sources: the build after single-page edits, which reads a stylesheet saved while it runs.
  const cssOnly =
    sources.every((source) => source.endsWith('.css')) &&
    other.length > 0 &&
    other.every((path) => path.endsWith('.css')) &&
    files.added.length === files.removed.length;
  if (cssOnly) {
    const from = [...files.removed, ...files.changed].filter((path) => path.endsWith('.css')).sort();
    const to = [...files.added, ...files.changed].filter((path) => path.endsWith('.css')).sort();
    return { type: 'css', build: after.id, from: from.map(url), to: to.map(url), changedPages: 0 };
  }
  const all = other.length > 0 || pages.added.length > 0 || pages.removed.length > 0;
  return {
    type: 'reload',
    build: after.id,
    all,
    paths: pagePaths.map((path) => url(path.replace(/index\.html$/, ''))),
    changedPages: pagePaths.length,
  };
}
