import { z } from 'zod';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageRoot } from '../shared/package-paths.js';
import { siteConfigSchema, type ParsedSiteConfig } from './schema.js';
import { errorDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';

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
  /** Absolute path of the API description, if any. */
  openapiFile?: string;
  /** The Docusaurus sidebars file the sidebars were read from, if any (relative, for messages). */
  sidebarsFile?: string;
}

export interface ResolveConfigOptions {
  root: string;
  configFile: string;
  openapiOverride?: string;
  sidebarsFile?: string;
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
): { items: NavbarItemConfig[]; diagnostics: Diagnostic[] } {
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
    const version = typeof item.version === 'string' ? item.version : parsed.docs.lastVersion;
    const result = navbarItemSchemas[type as keyof typeof navbarItemSchemas].safeParse({ ...item, type, version });
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
    if (checked.type === 'docsVersion' && !(checked.version in parsed.docs.versions)) {
      diagnostics.push(unknownVersion(checked.version, parsed, file, `${key}.version`));
      return;
    }
    items.push(checked);
  });
  return { items, diagnostics };
}

function unknownVersion(version: string, parsed: ParsedSiteConfig, file: string, key: string): Diagnostic {
  const names = Object.keys(parsed.docs.versions);
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
  const parsed = result.data;
  const navbar = checkNavbarItems(parsed.navbar.items as Record<string, unknown>[], parsed, file);
  const diagnostics = [...navbar.diagnostics, ...checkI18n(parsed, file)];
  if (!(parsed.docs.lastVersion in parsed.docs.versions))
    diagnostics.push(unknownVersion(parsed.docs.lastVersion, parsed, file, 'docs.lastVersion'));
  if (diagnostics.length) return { diagnostics };
  const openapi = options.openapiOverride ?? parsed.openapi;
  const config: SiteConfig = {
    ...parsed,
    templatesDir: templatesDirOf(input, options.root),
    navbar: { ...parsed.navbar, items: navbar.items },
    root: options.root,
    configFile: file,
    openapiFile: openapi ? resolve(options.root, openapi) : undefined,
    ...(options.sidebarsFile ? { sidebarsFile: options.sidebarsFile } : {}),
  };
  return { config: deepFreeze(config), diagnostics: [] };
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
