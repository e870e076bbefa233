import { z } from 'zod';
import { resolve } from 'node:path';
import { siteConfigSchema, type ParsedSiteConfig } from './schema.js';
import { errorDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';

export type NavbarPosition = 'left' | 'right';

/** A navbar item after validation; `docSidebar` and `doc` items are linked later, once routes exist. */
export type NavbarItemConfig =
  | { type: 'default'; label: string; to?: string; href?: string; position: NavbarPosition }
  | { type: 'docSidebar'; label: string; sidebarId: string; position: NavbarPosition }
  | { type: 'doc'; label: string; docId: string; position: NavbarPosition }
  | { type: 'search'; position: NavbarPosition }
  | { type: 'localeDropdown'; position: NavbarPosition }
  | { type: 'docsVersionDropdown'; position: NavbarPosition }
  | { type: 'docsVersion'; label?: string; version: string; position: NavbarPosition };

export const NAVBAR_ITEM_TYPES = [
  'default',
  'docSidebar',
  'doc',
  'search',
  'localeDropdown',
  'docsVersionDropdown',
  'docsVersion',
] as const;

export interface SiteConfig extends Omit<ParsedSiteConfig, 'navbar'> {
  navbar: Omit<ParsedSiteConfig['navbar'], 'items'> & { items: NavbarItemConfig[] };
  /** Absolute directory of site.config.ts; every relative path is resolved against it. */
  root: string;
  configFile: string;
  /** Absolute path of the API description, if any. */
  openapiFile?: string;
}

export interface ResolveConfigOptions {
  root: string;
  configFile: string;
  openapiOverride?: string;
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
    const position: NavbarPosition = item.position === 'right' ? 'right' : 'left';
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
    const label = typeof item.label === 'string' ? item.label : undefined;
    switch (type) {
      case 'default':
        if (!label || (typeof item.to !== 'string' && typeof item.href !== 'string')) {
          diagnostics.push(
            errorDiagnostic('DG111', 'A navbar link needs a "label" and a "to" or "href".', { file, key }),
          );
          return;
        }
        items.push({ type, label, to: item.to as string | undefined, href: item.href as string | undefined, position });
        return;
      case 'docSidebar':
        if (!label || typeof item.sidebarId !== 'string') {
          diagnostics.push(
            errorDiagnostic('DG111', 'A docSidebar navbar item needs a "label" and a "sidebarId".', { file, key }),
          );
          return;
        }
        if (!(item.sidebarId in parsed.sidebars)) {
          diagnostics.push(
            errorDiagnostic(
              'DG112',
              `DocSidebarNavbarItem: Sidebar with ID "${item.sidebarId}" doesn't exist; it has nothing to be linked to.`,
              { file, key: `${key}.sidebarId`, hint: `Known sidebars: ${Object.keys(parsed.sidebars).join(', ')}.` },
            ),
          );
          return;
        }
        items.push({ type, label, sidebarId: item.sidebarId, position });
        return;
      case 'doc':
        if (!label || typeof item.docId !== 'string') {
          diagnostics.push(errorDiagnostic('DG111', 'A doc navbar item needs a "label" and a "docId".', { file, key }));
          return;
        }
        items.push({ type, label, docId: item.docId, position });
        return;
      case 'docsVersion': {
        const version = typeof item.version === 'string' ? item.version : parsed.docs.lastVersion;
        if (!(version in parsed.docs.versions)) {
          diagnostics.push(unknownVersion(version, parsed, file, `${key}.version`));
          return;
        }
        items.push({ type, label, version, position });
        return;
      }
      default:
        items.push({ type: type as 'search' | 'localeDropdown' | 'docsVersionDropdown', position });
    }
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
    navbar: { ...parsed.navbar, items: navbar.items },
    root: options.root,
    configFile: file,
    openapiFile: openapi ? resolve(options.root, openapi) : undefined,
  };
  return { config: deepFreeze(config), diagnostics: [] };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
