import { posix } from 'node:path';
import { errorDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ParsedSiteConfig, SidebarItemConfig } from './schema.js';
import type { DocRefPositions, VersionedSidebars } from './versioned-files.js';

/** The docs folder itself is the version named 'current' (Docusaurus' name for it). */
export const CURRENT_VERSION = 'current';

/** One docs version as a build uses it: where its Markdown is, where its pages go, what its pages say. */
export interface DocsVersion {
  name: string;
  label: string;
  /** Its URL segment under the docs' routeBasePath: '' for the version served there. */
  path: string;
  /** Where its pages go: the docs' routeBasePath joined with `path` ('/docs/1.0'). */
  routeBasePath: string;
  /** Its Markdown folder relative to the site root: contentDir, or versioned_docs/version-{name}. */
  contentDir: string;
  /** What its doc ids start with in the build ('' for current, 'version-1.0/' for 1.0): ids stay unique across versions. */
  idPrefix: string;
  /** Its sidebars (versioned_sidebars/version-{name}-sidebars.json); undefined: the config's (current). */
  sidebars?: Record<string, SidebarItemConfig[]>;
  /** The file they were read from, relative to the site root, for messages. */
  sidebarsFile?: string;
  /** Where each doc id its sidebars name is written in that file. */
  sidebarRefs?: DocRefPositions;
  banner: 'none' | 'unreleased' | 'unmaintained';
  badge: boolean;
  noIndex: boolean;
  className?: string;
  /** Served at the docs' routeBasePath (`docs.lastVersion`). */
  isLast: boolean;
}

type DocsOptions = ParsedSiteConfig['docs'];

interface ResolveVersionsInput {
  docs: DocsOptions;
  contentDir: string;
  /** Names listed in versions.json, newest first, or none. */
  versionNames: readonly string[];
  /** Each named version's sidebars, as read from versioned_sidebars/. */
  versionedSidebars?: Readonly<Record<string, VersionedSidebars>>;
  configFile: string;
}

const available = (names: readonly string[]) => `Available version names are: ${names.join(', ')}.`;

function unknownVersionIn(code: string, at: { key: string; file: string }, version: string, names: readonly string[]) {
  const { key, file } = at;
  return errorDiagnostic(code, `Docs version "${version}" does not exist. ${available(names)}`, {
    file,
    key,
    hint: `Version names are "current" (the docs folder) and the names listed in versions.json; add "${version}" there (with versioned_docs/version-${version}/) or fix the name.`,
  });
}

/** The version names a build includes, in Docusaurus' order: current first, then versions.json (newest first). */
function includedNames(input: ResolveVersionsInput, diagnostics: Diagnostic[]): string[] {
  const { docs, configFile } = input;
  const named = docs.disableVersioning ? [] : [...input.versionNames];
  const known = [CURRENT_VERSION, ...named];
  for (const key of Object.keys(docs.versions))
    if (!known.includes(key))
      diagnostics.push(unknownVersionIn('DG180', { key: `docs.versions.${key}`, file: configFile }, key, known));
  let names = docs.includeCurrentVersion ? known : named;
  if (docs.onlyIncludeVersions) {
    docs.onlyIncludeVersions.forEach((name, index) => {
      if (!names.includes(name))
        diagnostics.push(
          unknownVersionIn('DG181', { key: `docs.onlyIncludeVersions[${index}]`, file: configFile }, name, names),
        );
    });
    names = names.filter((name) => docs.onlyIncludeVersions!.includes(name));
  }
  if (names.length === 0)
    diagnostics.push(
      errorDiagnostic('DG182', 'No docs version is left to build', {
        file: configFile,
        key: docs.includeCurrentVersion ? 'docs.onlyIncludeVersions' : 'docs.includeCurrentVersion',
        hint: 'includeCurrentVersion: false needs versions in versions.json, and onlyIncludeVersions must name at least one of them.',
      }),
    );
  return names;
}

/** Docusaurus' default banner: unreleased above the last version, unmaintained below it. */
function defaultBanner(index: number, lastIndex: number): DocsVersion['banner'] {
  return index < lastIndex ? 'unreleased' : index > lastIndex ? 'unmaintained' : 'none';
}

/** Docusaurus' default path: '' for the last version, 'next' for current, else the name. */
function defaultPath(name: string, lastVersion: string): string {
  return name === lastVersion ? '' : name === CURRENT_VERSION ? 'next' : name;
}

/**
 * The docs versions a build includes, with Docusaurus' defaults (labels, paths, banners, badges):
 * `docs.versions`, `lastVersion`, `onlyIncludeVersions`, `includeCurrentVersion` and
 * `disableVersioning` checked against versions.json (DG120, DG180–DG184).
 */
export function resolveDocsVersions(input: ResolveVersionsInput): {
  versions: DocsVersion[];
  diagnostics: Diagnostic[];
} {
  const { docs, configFile } = input;
  const diagnostics: Diagnostic[] = [];
  const names = includedNames(input, diagnostics);
  if (names.length === 0) return { versions: [], diagnostics };
  const named = docs.disableVersioning ? [] : input.versionNames;
  const lastVersion = docs.lastVersion ?? named[0] ?? CURRENT_VERSION;
  if (!names.includes(lastVersion)) {
    diagnostics.push(
      errorDiagnostic('DG120', `Docs version "${lastVersion}" does not exist. ${available(names)}`, {
        file: configFile,
        key: 'docs.lastVersion',
        hint: docs.lastVersion
          ? 'lastVersion names "current" or a version of versions.json that the build includes.'
          : 'With includeCurrentVersion: false or onlyIncludeVersions, set docs.lastVersion to a version the build includes.',
      }),
    );
    return { versions: [], diagnostics };
  }
  const lastIndex = names.indexOf(lastVersion);
  const versions = names.map((name, index): DocsVersion => {
    const options = docs.versions[name] ?? { noIndex: false };
    const path = (options.path ?? defaultPath(name, lastVersion)).replace(/^\/+|\/+$/g, '');
    const sidebars = name === CURRENT_VERSION ? undefined : input.versionedSidebars?.[name];
    return {
      name,
      label: options.label ?? (name === CURRENT_VERSION ? 'Next' : name),
      path,
      routeBasePath: posix.join(docs.routeBasePath, path).replace(/(.)\/$/, '$1'),
      contentDir: name === CURRENT_VERSION ? input.contentDir : `versioned_docs/version-${name}`,
      idPrefix: name === CURRENT_VERSION ? '' : `version-${name}/`,
      ...(sidebars ? { sidebars: sidebars.sidebars, sidebarsFile: sidebars.file, sidebarRefs: sidebars.refs } : {}),
      banner: options.banner ?? defaultBanner(index, lastIndex),
      badge: options.badge ?? (!docs.disableVersioning && names.length > 1),
      noIndex: options.noIndex,
      ...(options.className ? { className: options.className } : {}),
      isLast: name === lastVersion,
    };
  });
  diagnostics.push(...pathClashes(versions, configFile));
  return { versions, diagnostics };
}

/** Two versions at the same URL would overwrite each other's pages. */
function pathClashes(versions: readonly DocsVersion[], file: string): Diagnostic[] {
  const seen = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  for (const version of versions) {
    const other = seen.get(version.routeBasePath);
    if (other !== undefined)
      diagnostics.push(
        errorDiagnostic(
          'DG184',
          `Docs versions "${other}" and "${version.name}" are both served at "${version.routeBasePath}"`,
          {
            file,
            key: `docs.versions.${version.name}.path`,
            hint: 'Give each version its own `path` (only the last version may have the empty path).',
          },
        ),
      );
    else seen.set(version.routeBasePath, version.name);
  }
  return diagnostics;
}

type VersionedPage = { version?: string; docMeta?: unknown };

/** The docs version of a doc page (docs folder: 'current'); undefined for pages outside the docs. */
const pageVersion = (versions: readonly DocsVersion[], page: VersionedPage) =>
  page.docMeta ? versions.find((version) => version.name === (page.version ?? CURRENT_VERSION)) : undefined;

/** A doc of a version with `noIndex`: robots noindex, and left out of the sitemap. */
export const inNoIndexVersion = (versions: readonly DocsVersion[], page: VersionedPage) =>
  pageVersion(versions, page)?.noIndex ?? false;

/**
 * Searched: every page but the docs of versions other than lastVersion (as Docusaurus' local
 * search plugins index by default), so a query finds each doc once, in the version readers use.
 */
export const inSearchedVersion = (versions: readonly DocsVersion[], page: VersionedPage) =>
  pageVersion(versions, page)?.isLast ?? true;
