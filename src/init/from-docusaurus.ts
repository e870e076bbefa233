import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { errorDiagnostic, warningDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { SIDEBARS_FILE_NAMES } from '../config/docusaurus-sidebars.js';
import { evaluateDocusaurusModule } from '../shared/evaluate-docusaurus-module.js';
import { configFileSource } from './config-source.js';
import { pluginFindings, type PluginFindings } from './docusaurus-plugins.js';
import { isObject, pick, themeConfigOf, type Note } from './docusaurus-theme-config.js';
import { productFromFolder } from './new-site.js';
import { keyPosition, literalPosition } from './source-positions.js';

type Obj = Record<string, unknown>;

export const DOCUSAURUS_CONFIG_NAMES = [
  'docusaurus.config.ts',
  'docusaurus.config.mts',
  'docusaurus.config.js',
  'docusaurus.config.mjs',
  'docusaurus.config.cjs',
];

/** Keys only `docusaurus deploy` and the Docusaurus CLI read: nothing a built page shows. */
const DEPLOYMENT_KEYS = ['organizationName', 'projectName', 'deploymentBranch', 'githubHost', 'githubPort', 'future'];
/** Keys this migration carries over, or reads through pluginFindings and themeConfigOf. */
const READ_KEYS = ['title', 'tagline', 'url', 'baseUrl', 'favicon', 'onBrokenLinks', 'onBrokenAnchors', 'presets'];
const READ_KEYS_2 = ['plugins', 'themes', 'themeConfig', 'i18n', 'markdown', 'staticDirectories'];

const TOP_LEVEL_HINTS: Record<string, string> = {
  onBrokenMarkdownLinks: 'docsgen checks every link between Markdown files as onBrokenLinks says.',
  trailingSlash: 'docsgen writes every page as {route}/index.html and links to it without the slash.',
  stylesheets: "Pages link docsgen's own stylesheets (and KaTeX's on pages with math).",
  scripts: 'docsgen pages load only their own scripts.',
};

export interface MigrationResult {
  /** The config written (as an object), when the migration got that far. */
  config?: Obj;
  /** site.config.ts, relative to the working directory, once written. */
  written?: string;
  /** Errors, and one warning per thing not carried over, at its file and line (or config key). */
  diagnostics: Diagnostic[];
}

interface RawNote {
  code: string;
  key: string;
  message: string;
  hint?: string;
  anchor?: string;
}

function i18nOf(i18n: unknown, note: Note): Obj | undefined {
  if (!i18n || typeof i18n !== 'object') return undefined;
  const { defaultLocale = 'en', locales = [], localeConfigs = {} } = i18n as Obj;
  const others = (locales as string[]).filter((locale) => locale !== defaultLocale);
  if (others.length)
    note(
      'DG160',
      'i18n.locales',
      `The locales ${others.join(', ')} are not carried over (only ${String(defaultLocale)})`,
      'Translated docs under i18n/ are not built by docsgen.',
    );
  const config = (localeConfigs as Record<string, Obj>)[String(defaultLocale)] ?? {};
  const label =
    typeof config.label === 'string'
      ? config.label
      : (new Intl.DisplayNames([String(defaultLocale)], { type: 'language' }).of(String(defaultLocale)) ??
        String(defaultLocale));
  return { defaultLocale, locales: [defaultLocale], localeConfigs: { [String(defaultLocale)]: { label } } };
}

/** The docs plugin's versioning options, which docsgen reads as Docusaurus does (see README, "Docs versions"). */
const VERSIONING_OPTIONS = [
  'lastVersion',
  'versions',
  'onlyIncludeVersions',
  'includeCurrentVersion',
  'disableVersioning',
];
const VERSION_KEYS = ['label', 'path', 'banner', 'badge', 'noIndex', 'className'];

/** `lastVersion`, `versions` (each version's label, path, banner, badge, noIndex, className) and the rest, as written. */
function versioningOptions(docs: Obj, key: string, note: Note): Obj {
  const kept: Obj = {};
  for (const name of VERSIONING_OPTIONS) if (docs[name] !== undefined) kept[name] = docs[name];
  if (isObject(docs.versions))
    kept.versions = Object.fromEntries(
      Object.entries(docs.versions).map(([version, options]) => [
        version,
        isObject(options) ? pick(options, VERSION_KEYS, `${key}.versions.${version}`, note) : options,
      ]),
    );
  return kept;
}

/** The docs plugin's options as docsgen's contentDir, docs.routeBasePath and sidebars. */
function docsOptions(findings: PluginFindings, dir: string, note: Note): Obj {
  const docs = findings.docs ?? {};
  const key = findings.docsKey ?? 'presets';
  const read = [
    'path',
    'routeBasePath',
    'sidebarPath',
    'remarkPlugins',
    'rehypePlugins',
    'beforeDefaultRemarkPlugins',
    'beforeDefaultRehypePlugins',
    ...VERSIONING_OPTIONS,
  ];
  for (const name of Object.keys(docs).filter((name) => !read.includes(name))) {
    const hint = name === 'editUrl' ? 'Give pages an edit link with the custom_edit_url front matter.' : undefined;
    note('DG160', `${key}.${name}`, `The docs option "${name}" is not carried over`, hint);
  }
  const routeBasePath = `/${String(docs.routeBasePath ?? 'docs').replace(/^\/+|\/+$/g, '')}`;
  const sidebarFile =
    typeof docs.sidebarPath === 'string'
      ? resolve(dir, docs.sidebarPath)
      : docs.sidebarPath === undefined && !findings.docs
        ? SIDEBARS_FILE_NAMES.map((name) => join(dir, name)).find(existsSync)
        : undefined;
  return {
    contentDir: typeof docs.path === 'string' ? docs.path : 'docs',
    docs: {
      routeBasePath,
      ...(sidebarFile ? { sidebarPath: `./${relative(dir, sidebarFile).split('\\').join('/')}` } : {}),
      ...versioningOptions(docs, key, note),
    },
    // Docusaurus' default without a sidebars file: one sidebar of every doc, by folder.
    ...(sidebarFile ? {} : { sidebars: { defaultSidebar: [{ type: 'autogenerated', dirName: '.' }] } }),
  };
}

function originOf(url: unknown): string {
  try {
    return new URL(String(url)).origin;
  } catch {
    return 'https://docs.example.com';
  }
}

/** The API reference: the description, its sidebar and a navbar link to it. */
function withApiReference(config: Obj, openapi: string): Obj {
  const navbar = config.navbar as { items: Obj[] };
  const lastLeft = navbar.items.findLastIndex((item) => item.position !== 'right');
  const items = [...navbar.items];
  items.splice(lastLeft + 1, 0, {
    type: 'docSidebar',
    sidebarId: 'apiSidebar',
    label: 'API Reference',
    position: 'left',
  });
  return {
    ...config,
    openapi,
    navbar: { ...navbar, items },
    sidebars: { ...(config.sidebars as Obj | undefined), apiSidebar: [{ type: 'openapi' }] },
  };
}

/**
 * Docusaurus reads every page as MDX unless `markdown.format` says otherwise, so its `.md` files may hold
 * imports and JSX: the migrated site keeps that rule (docsgen's own default, 'detect', is the faster one).
 */
function markdownFormatOf(markdown: unknown, note: Note): 'mdx' | 'md' | 'detect' {
  const options = (markdown ?? {}) as Obj;
  // mermaid is drawn anyway; mdx1Compat's comments, admonitions and heading ids are read anyway.
  for (const key of Object.keys(options).filter((name) => !['format', 'mermaid', 'mdx1Compat'].includes(name)))
    note('DG160', `markdown.${key}`, `"markdown.${key}" is not carried over`);
  const format = options.format;
  return format === 'md' || format === 'detect' ? format : 'mdx';
}

/** A docsgen site config from an evaluated Docusaurus config; everything it leaves behind is a note. */
export function translateDocusaurusConfig(value: Obj, dir: string, note: Note): Obj {
  for (const name of Object.keys(value).filter((k) => ![...READ_KEYS, ...READ_KEYS_2, ...DEPLOYMENT_KEYS].includes(k)))
    note('DG160', name, `"${name}" is not carried over`, TOP_LEVEL_HINTS[name]);
  const findings = pluginFindings(value, note, existsSync(join(dir, 'blog')));
  const statics = Array.isArray(value.staticDirectories) ? (value.staticDirectories as string[]) : ['static'];
  if (statics.length > 1)
    note('DG160', 'staticDirectories', `Only the first static folder (${statics[0]}) is carried over`);
  const slug = productFromFolder(String(value.projectName ?? value.title ?? dir)).slug;
  const config: Obj = {
    product: { name: String(value.title ?? 'Docs'), slug, website: originOf(value.url) },
    title: value.title,
    tagline: value.tagline,
    url: originOf(value.url),
    baseUrl: value.baseUrl ?? '/',
    ...(typeof value.favicon === 'string' ? { favicon: value.favicon } : {}),
    ...docsOptions(findings, dir, note),
    staticDir: statics[0],
    ...(value.onBrokenLinks ? { onBrokenLinks: value.onBrokenLinks } : {}),
    ...(value.onBrokenAnchors ? { onBrokenAnchors: value.onBrokenAnchors } : {}),
    ...themeConfigOf(value.themeConfig, note, findings.blogRoute ?? '/blog'),
    ...(i18nOf(value.i18n, note) ? { i18n: i18nOf(value.i18n, () => {}) } : {}),
    markdown: { format: markdownFormatOf(value.markdown, note), ...(findings.math ? { math: true } : {}) },
  };
  return findings.openapi ? withApiReference(config, findings.openapi) : config;
}

/** `src/theme/MDXComponents.tsx` or the folder `src/theme/MDXComponents/`: the MDX component mapping. */
const isMdxComponentsEntry = (name: string) => /^MDXComponents(?:\.[jt]sx?)?$/.test(name);

/** Files and folders of the site that the config does not name and docsgen does not build (DG162). */
function siteFileNotes(dir: string): Diagnostic[] {
  const notes: Diagnostic[] = [];
  const add = (path: string, message: string, hint: string) =>
    notes.push(warningDiagnostic('DG162', message, { file: relative(process.cwd(), join(dir, path)) || path, hint }));
  const list = (folder: string) => (existsSync(join(dir, folder)) ? readdirSync(join(dir, folder)).sort() : []);
  for (const name of list('src/pages')) {
    const home = /^index\.\w+$/.test(name)
      ? ' Until then the site has no page at its baseUrl (the docs start at their routeBasePath).'
      : '';
    const hint = /\.mdx?$/.test(name)
      ? 'Move it into the docs folder (it becomes a doc under the routeBasePath).'
      : 'React pages are not built by docsgen; write the page as Markdown in the docs folder.';
    add(`src/pages/${name}`, `The page src/pages/${name} is not carried over`, `${hint}${home}`);
  }
  // The MDX component mapping is read as it is (content/mdx/mdx-scope.ts); other swizzled components are not.
  for (const name of list('src/theme').filter((entry) => !isMdxComponentsEntry(entry)))
    add(
      `src/theme/${name}`,
      `The swizzled component src/theme/${name} is not carried over`,
      "docsgen renders with its own theme; a templates/ folder of the site's own replaces its components.",
    );
  // versions.json, versioned_docs/ and versioned_sidebars/ are read in place, as Docusaurus reads them.
  if (existsSync(join(dir, 'i18n'))) add('i18n', 'i18n/ is not carried over', 'Translations are not built by docsgen.');
  return notes;
}

/** A note as a warning at the line of its key (or plugin name) in the Docusaurus config. */
function placeNote(raw: RawNote, text: string, file: string): Diagnostic {
  const plugin = /^(presets|plugins|themes)\[\d+\]$/.test(raw.key) ? /"([^"]+)"/.exec(raw.message)?.[1] : undefined;
  const position = (plugin && literalPosition(text, plugin)) || keyPosition(text, raw.key, raw.anchor);
  return warningDiagnostic(raw.code, raw.message, {
    file,
    ...position,
    key: raw.key,
    ...(raw.hint ? { hint: raw.hint } : {}),
  });
}

/**
 * `docsgen init --from-docusaurus DIR`: reads DIR's docusaurus.config.* (its package imports are
 * stand-ins, so the site's npm packages need not be installed), writes DIR/site.config.ts, and
 * returns a warning for each thing it could not carry over, at its line.
 */
export async function migrateDocusaurusSite(dir: string): Promise<MigrationResult> {
  const configName = DOCUSAURUS_CONFIG_NAMES.find((name) => existsSync(join(dir, name)));
  const shown = relative(process.cwd(), dir) || '.';
  if (!configName)
    return {
      diagnostics: [
        errorDiagnostic('DG152', `No Docusaurus config in ${shown}`, {
          hint: `docsgen init --from-docusaurus reads one of ${DOCUSAURUS_CONFIG_NAMES.join(', ')}.`,
        }),
      ],
    };
  const target = join(dir, 'site.config.ts');
  if (existsSync(target))
    return {
      diagnostics: [
        errorDiagnostic('DG150', `site.config.ts already exists in ${shown}`, {
          file: relative(process.cwd(), target),
          hint: 'docsgen init never overwrites a file: move it away to migrate again.',
        }),
      ],
    };
  const file = relative(process.cwd(), join(dir, configName));
  const evaluated = await evaluateDocusaurusModule(join(dir, configName));
  if (evaluated.error || !evaluated.value || typeof evaluated.value !== 'object') {
    const {
      message = 'it exports no config object',
      ...where
    }: NonNullable<typeof evaluated.error> | { message?: string; file?: string } = evaluated.error ?? {};
    const at = { file, ...where, ...(where.file ? { file: relative(process.cwd(), where.file) } : {}) };
    return {
      diagnostics: [
        errorDiagnostic('DG153', `The Docusaurus config could not be read: ${message}`, {
          ...at,
          hint: 'Fix it so that `docusaurus build` would load it; its package imports need not be installed.',
        }),
      ],
    };
  }
  const raw: RawNote[] = [];
  const config = translateDocusaurusConfig(evaluated.value as Obj, dir, (code, key, message, more) =>
    raw.push({ code, key, message, ...(typeof more === 'string' ? { hint: more } : more) }),
  );
  const text = await readFile(join(dir, configName), 'utf8');
  const diagnostics = [...raw.map((note) => placeNote(note, text, file)), ...siteFileNotes(dir)];
  await writeFile(
    target,
    configFileSource(config, [
      `Written by docsgen init --from-docusaurus from ${configName}.`,
      'What it could not carry over was printed then; see README, "Migrating from Docusaurus".',
    ]),
  );
  return { config, written: relative(process.cwd(), target), diagnostics };
}
