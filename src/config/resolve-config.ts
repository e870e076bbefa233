import { z } from 'zod';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageRoot } from '../shared/package-paths.js';
import { siteConfigSchema, type ParsedSiteConfig, type SidebarItemConfig } from './schema.js';
import { errorDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { resolveDocsVersions, type DocsVersion } from './docs-versions.js';
import type { VersionedSidebars } from './versioned-files.js';

export type NavbarPosition = 'left' | 'right';

/** Anything but 'right' puts an item on the left, as Docusaurus does. */
const position = z
  .unknown()
  .optional()
  .transform((value): NavbarPosition => (value === 'right' ? 'right' : 'left'));
const label = z.string().min(1);

/**
 * A navbar item after validation, one schema per type (keys in the order they are written out).
 * `docSidebar` and `doc` items are linked later, once routes exist.
 */
const navbarItemSchemas = {
  default: z
    .object({ type: z.literal('default'), label, to: z.string().optional(), href: z.string().optional(), position })
    .refine((item) => item.to !== undefined || item.href !== undefined),
  docSidebar: z.object({ type: z.literal('docSidebar'), label, sidebarId: z.string(), position }),
  doc: z.object({ type: z.literal('doc'), label, docId: z.string(), position }),
  search: z.object({ type: z.literal('search'), position }),
  localeDropdown: z.object({ type: z.literal('localeDropdown'), position }),
  docsVersionDropdown: z.object({ type: z.literal('docsVersionDropdown'), position }),
  docsVersion: z.object({
    type: z.literal('docsVersion'),
    label: z.string().optional(),
    version: z.string(),
    /** `version` was written: the item always shows that version (else it follows the page's, as in Docusaurus). */
    pinned: z.boolean(),
    position,
  }),
};

export type NavbarItemConfig = z.output<(typeof navbarItemSchemas)[keyof typeof navbarItemSchemas]>;

export const NAVBAR_ITEM_TYPES = Object.keys(navbarItemSchemas) as (keyof typeof navbarItemSchemas)[];

/** What an item of each type must have, said when it does not (DG111). */
const NAVBAR_ITEM_NEEDS: Partial<Record<keyof typeof navbarItemSchemas, string>> = {
  default: 'A navbar link needs a "label" and a "to" or "href".',
  docSidebar: 'A docSidebar navbar item needs a "label" and a "sidebarId".',
  doc: 'A doc navbar item needs a "label" and a "docId".',
};

export interface SiteConfig extends Omit<ParsedSiteConfig, 'navbar'> {
  navbar: Omit<ParsedSiteConfig['navbar'], 'items'> & { items: NavbarItemConfig[] };
  /** Absolute directory of site.config.ts; every relative path is resolved against it. */
  root: string;
  configFile: string;
  /** The API descriptions the site documents (`openapi` is one, `apis` several), in config order. */
  apiSources: ApiSource[];
  /** The Docusaurus sidebars file the sidebars were read from, if any (relative, for messages). */
  sidebarsFile?: string;
  /** The docs versions built, current first then versions.json's order; exactly one `isLast`. */
  docsVersions: DocsVersion[];
}

/** One API description and where its reference lives. */
export interface ApiSource {
  /** Names /openapi/{id}.json; the product slug for the single `openapi` key. */
  id: string;
  /** Absolute path of the description. */
  file: string;
  /** Route prefix of its pages ('/api/reference'). */
  routeBasePath: string;
  /** Its name where the site lists its APIs; undefined: the description's own title. */
  label?: string;
  /** Where it was configured, for messages ('openapi', 'apis[1]'). */
  key: string;
}

export interface ResolveConfigOptions {
  root: string;
  configFile: string;
  openapiOverride?: string;
  sidebarsFile?: string;
  /** The names of versions.json (none without the file) and each one's sidebars, read by loadConfig. */
  versionNames?: readonly string[];
  versionedSidebars?: Readonly<Record<string, VersionedSidebars>>;
}

export interface ResolvedConfigResult {
  config?: SiteConfig;
  diagnostics: Diagnostic[];
}

function keyPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)),
    '',
  );
}

function describeValue(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const part of path) {
    if (current == null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

function zodDiagnostics(error: z.ZodError, input: unknown, file: string): Diagnostic[] {
  return error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.map((k) => keyPath([...issue.path, k]));
      return errorDiagnostic('DG102', `Unknown config key ${keys.map((k) => `"${k}"`).join(', ')}`, {
        file,
        key: keys[0],
        hint: 'Check the spelling against the configuration reference in README.md.',
      });
    }
    const key = keyPath(issue.path);
    const value = valueAt(input, issue.path);
    const got = value === undefined ? 'nothing' : describeValue(value);
    return errorDiagnostic('DG101', `Invalid config value at "${key}": ${issue.message} (got ${got})`, { file, key });
  });
}

function checkNavbarItems(
  raw: readonly Record<string, unknown>[],
  parsed: ParsedSiteConfig,
  file: string,
  versions: readonly DocsVersion[],
): { items: NavbarItemConfig[]; diagnostics: Diagnostic[] } {
  const lastVersion = versions.find((version) => version.isLast)?.name ?? 'current';
  const versionNames = versions.map((version) => version.name);
  const diagnostics: Diagnostic[] = [];
  const items: NavbarItemConfig[] = [];
  raw.forEach((item, index) => {
    const key = `navbar.items[${index}]`;
    const type = (item.type as string | undefined) ?? 'default';
    if (!(NAVBAR_ITEM_TYPES as readonly string[]).includes(type)) {
      diagnostics.push(
        errorDiagnostic('DG110', `No NavbarItem component found for type "${type}".`, {
          file,
          key: `${key}.type`,
          hint: `Use one of: ${NAVBAR_ITEM_TYPES.join(', ')}.`,
        }),
      );
      return;
    }
    const version = typeof item.version === 'string' ? item.version : lastVersion;
    const pinned = typeof item.version === 'string';
    const result = navbarItemSchemas[type as keyof typeof navbarItemSchemas].safeParse({
      ...item,
      type,
      version,
      pinned,
    });
    if (!result.success) {
      const needs = NAVBAR_ITEM_NEEDS[type as keyof typeof navbarItemSchemas] ?? `Invalid ${type} navbar item.`;
      diagnostics.push(errorDiagnostic('DG111', needs, { file, key }));
      return;
    }
    const checked = result.data;
    if (checked.type === 'docSidebar' && !(checked.sidebarId in parsed.sidebars)) {
      diagnostics.push(
        errorDiagnostic(
          'DG112',
          `DocSidebarNavbarItem: Sidebar with ID "${checked.sidebarId}" doesn't exist; it has nothing to be linked to.`,
          { file, key: `${key}.sidebarId`, hint: `Known sidebars: ${Object.keys(parsed.sidebars).join(', ')}.` },
        ),
      );
      return;
    }
    if (checked.type === 'docsVersion' && versions.length && !versionNames.includes(checked.version)) {
      diagnostics.push(unknownVersion(checked.version, versionNames, file, `${key}.version`));
      return;
    }
    items.push(checked);
  });
  return { items, diagnostics };
}

function unknownVersion(version: string, names: readonly string[], file: string, key: string): Diagnostic {
  return errorDiagnostic(
    'DG120',
    `Docs version "${version}" does not exist. Available version names are: ${names.join(', ')}.`,
    { file, key },
  );
}

function checkI18n(parsed: ParsedSiteConfig, file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const { defaultLocale, locales, localeConfigs } = parsed.i18n;
  if (!locales.includes(defaultLocale)) {
    diagnostics.push(
      errorDiagnostic(
        'DG130',
        `The default locale "${defaultLocale}" is not in i18n.locales (${locales.join(', ')}).`,
        { file, key: 'i18n.defaultLocale' },
      ),
    );
  }
  locales.forEach((locale, index) => {
    if (!localeConfigs[locale]) {
      diagnostics.push(
        errorDiagnostic(
          'DG131',
          `Locale "${locale}" has no configuration: add i18n.localeConfigs.${locale} with at least a label.`,
          { file, key: `i18n.locales[${index}]` },
        ),
      );
    }
  });
  return diagnostics;
}

/** Validates the raw config object and fills defaults; returns a deeply frozen SiteConfig. */
export function resolveConfig(input: unknown, options: ResolveConfigOptions): ResolvedConfigResult {
  const file = options.configFile;
  const result = siteConfigSchema.safeParse(input);
  if (!result.success) return { diagnostics: zodDiagnostics(result.error, input, file) };
  const apiSidebars = withApiSidebars(result.data, file);
  const parsed = apiSidebars.parsed;
  const versions = resolveDocsVersions({
    docs: parsed.docs,
    contentDir: parsed.contentDir,
    versionNames: options.versionNames ?? [],
    versionedSidebars: options.versionedSidebars,
    configFile: file,
  });
  const navbar = checkNavbarItems(parsed.navbar.items as Record<string, unknown>[], parsed, file, versions.versions);
  const diagnostics = [
    ...apiSidebars.diagnostics,
    ...versions.diagnostics,
    ...navbar.diagnostics,
    ...checkI18n(parsed, file),
    ...checkApis(parsed, file),
  ];
  if (diagnostics.length) return { diagnostics };
  const config: SiteConfig = {
    ...parsed,
    templatesDir: templatesDirOf(input, options.root),
    navbar: { ...parsed.navbar, items: navbar.items },
    root: options.root,
    configFile: file,
    apiSources: apiSourcesOf(parsed, options),
    docsVersions: versions.versions,
    ...(options.sidebarsFile ? { sidebarsFile: options.sidebarsFile } : {}),
  };
  return { config: deepFreeze(config), diagnostics: [] };
}

/** `apis` as given, or the single `openapi` description under `apiRoutePrefix`; `--openapi` replaces the first file. */
function apiSourcesOf(parsed: ParsedSiteConfig, options: ResolveConfigOptions): ApiSource[] {
  const override = options.openapiOverride && resolve(options.root, options.openapiOverride);
  if (parsed.apis)
    return parsed.apis.map((api, index) => ({
      id: api.id,
      file: (index === 0 && override) || resolve(options.root, api.file),
      routeBasePath: api.routeBasePath ?? `/api/${api.id}`,
      ...(api.label ? { label: api.label } : {}),
      key: `apis[${index}]`,
    }));
  const file = override || (parsed.openapi && resolve(options.root, parsed.openapi));
  if (!file) return [];
  return [{ id: parsed.product.slug, file, routeBasePath: parsed.apiRoutePrefix, key: 'openapi' }];
}

/**
 * `apis[].sidebarId`: the sidebar each names, made of its API (`{ type: 'openapi', apiId }`) and
 * added to `sidebars` before anything reads them; an id `sidebars` (or the sidebars file) already has is DG173.
 */
function withApiSidebars(
  parsed: ParsedSiteConfig,
  file: string,
): { parsed: ParsedSiteConfig; diagnostics: Diagnostic[] } {
  const sidebars = { ...parsed.sidebars };
  const diagnostics: Diagnostic[] = [];
  (parsed.apis ?? []).forEach((api, index) => {
    if (api.sidebarId === undefined) return;
    if (api.sidebarId in sidebars)
      diagnostics.push(
        errorDiagnostic('DG173', `apis[${index}].sidebarId "${api.sidebarId}" names a sidebar that already exists.`, {
          file,
          key: `apis[${index}].sidebarId`,
          hint: `Give the API a sidebar id of its own, or remove sidebarId and put { type: 'openapi', apiId: '${api.id}' } in that sidebar.`,
        }),
      );
    else sidebars[api.sidebarId] = [{ type: 'openapi', apiId: api.id }];
  });
  return { parsed: diagnostics.length || !parsed.apis ? parsed : { ...parsed, sidebars }, diagnostics };
}

/** `apis`: not beside `openapi`, distinct ids and route prefixes, and every sidebar's `openapi` item naming one of them. */
function checkApis(parsed: ParsedSiteConfig, file: string): Diagnostic[] {
  const apis = parsed.apis ?? [];
  const diagnostics: Diagnostic[] = [];
  if (parsed.apis && parsed.openapi !== undefined)
    diagnostics.push(
      errorDiagnostic('DG170', 'Both `openapi` and `apis` are set: a site has one or the other.', {
        file,
        key: 'openapi',
        hint: 'Move the description into `apis` as `{ id, file }`, or remove `apis`.',
      }),
    );
  const seen = new Map<string, string>();
  apis.forEach((api, index) => {
    for (const [what, value] of [
      ['id', api.id],
      ['routeBasePath', api.routeBasePath ?? `/api/${api.id}`],
    ] as const) {
      const first = seen.get(`${what}:${value}`);
      if (first)
        diagnostics.push(
          errorDiagnostic('DG171', `Two APIs have the ${what} "${value}" (${first} and apis[${index}]).`, {
            file,
            key: `apis[${index}].${what}`,
            hint: 'Each API needs its own id (it names /openapi/{id}.json) and its own routeBasePath.',
          }),
        );
      else seen.set(`${what}:${value}`, `apis[${index}]`);
    }
  });
  return [
    ...diagnostics,
    ...checkOpenApiItems(
      parsed,
      apis.map((api) => api.id),
      file,
    ),
  ];
}

/** With several APIs a sidebar's `{ type: 'openapi' }` item must say which (`apiId`); an unknown id is an error. */
function checkOpenApiItems(parsed: ParsedSiteConfig, ids: readonly string[], file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const visit = (items: readonly SidebarItemConfig[], key: string) =>
    items.forEach((item, index) => {
      if (typeof item !== 'object') return;
      if (item.type === 'category') visit(item.items, `${key}[${index}].items`);
      if (item.type !== 'openapi') return;
      const known = item.apiId === undefined ? ids.length <= 1 : ids.includes(item.apiId);
      if (!known)
        diagnostics.push(
          errorDiagnostic(
            'DG172',
            item.apiId === undefined
              ? 'This site has several APIs: the sidebar item { type: "openapi" } must name one with apiId.'
              : `No API with the id "${item.apiId}" in \`apis\`.`,
            { file, key: `${key}[${index}]`, hint: `The APIs are: ${ids.join(', ') || 'none (set apis)'}.` },
          ),
        );
    });
  for (const [name, items] of Object.entries(parsed.sidebars)) visit(items, `sidebars.${name}`);
  return diagnostics;
}

/**
 * The templates the site renders with: the folder the config names, else the site's own
 * `templates/`, else docsgen's built-in theme. A site needs no templates folder of its own (one
 * made by `docsgen init` has none), and its absolute path keeps the renderer compiled into docsgen.
 */
function templatesDirOf(input: unknown, root: string): string {
  const named = (input as { templatesDir?: unknown }).templatesDir;
  if (typeof named === 'string') return named;
  return existsSync(join(root, 'templates')) ? 'templates' : join(packageRoot(), 'templates');
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
