import { joinBase } from '../../src/shared/url.js';

export interface LocaleDropdownProps {
  locales: { locale: string; label: string }[];
  currentLocale: string;
  defaultLocale: string;
  baseUrl: string;
  /** Route of the current page (without baseUrl or locale prefix). */
  route: string;
}

export interface VersionOption {
  name: string;
  label: string;
  /** Path of the version below baseUrl: '' for the last version, '1.0/' for others. */
  path: string;
  /** Route of the version's main doc; '/' by default. */
  mainRoute?: string;
  /** Routes (inside the version) of the docs this version has; unknown means only the main doc is linked. */
  routes?: string[];
  /** The link itself, when the build knows it (the same doc in that version, or its main doc). */
  href?: string;
}

export interface VersionDropdownProps {
  versions: VersionOption[];
  currentVersion: string;
  baseUrl: string;
  /** Route of the current doc inside its version. */
  route: string;
  /** Docs plugin id: the preferred version is stored under `docs-preferred-version-${pluginId}`. */
  pluginId: string;
}

/** The same page in another locale: the default locale lives at baseUrl, others under `{locale}/`. */
export function localeHref({
  locale,
  defaultLocale,
  baseUrl,
  route,
}: {
  locale: string;
  defaultLocale: string;
  baseUrl: string;
  route: string;
}): string {
  const base = locale === defaultLocale ? baseUrl : `${baseUrl.replace(/\/?$/, '/')}${locale}/`;
  return joinBase(base, route);
}

/** The equivalent doc in a version when it has one, else that version's main doc. */
export function versionHref(version: VersionOption, baseUrl: string, route: string): string {
  if (version.href) return version.href;
  const target = version.routes?.includes(route) ? route : (version.mainRoute ?? '/');
  return joinBase(`${baseUrl.replace(/\/?$/, '/')}${version.path}`, target);
}

/**
 * Generic locale dropdown: renders nothing with a single locale. With more, each entry links to
 * the same page in that locale; the client adds the current query string and hash when followed.
 */
export function LocaleDropdown({ locales, currentLocale, defaultLocale, baseUrl, route }: LocaleDropdownProps) {
  if (locales.length <= 1) return null;
  const current = locales.find((l) => l.locale === currentLocale);
  return (
    <details className="dropdown" data-dropdown>
      <summary className="navbar__link dropdown__toggle">
        <span className="sr-only">Languages: </span>
        {current?.label ?? currentLocale}
      </summary>
      <ul className="dropdown__menu">
        {locales.map((l) => (
          <li key={l.locale}>
            <a
              className="dropdown__link"
              lang={l.locale}
              hrefLang={l.locale}
              data-keep-query
              href={localeHref({ locale: l.locale, defaultLocale, baseUrl, route })}
              aria-current={l.locale === currentLocale ? 'true' : undefined}
            >
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Generic docs-version dropdown: renders nothing with a single version. */
export function VersionDropdown({ versions, currentVersion, baseUrl, route, pluginId }: VersionDropdownProps) {
  if (versions.length <= 1) return null;
  const current = versions.find((v) => v.name === currentVersion);
  return (
    <details className="dropdown" data-dropdown data-plugin-id={pluginId}>
      <summary className="navbar__link dropdown__toggle">
        <span className="sr-only">Versions: </span>
        {current?.label ?? currentVersion}
      </summary>
      <ul className="dropdown__menu">
        {versions.map((v) => (
          <li key={v.name}>
            <a
              className="dropdown__link"
              data-version={v.name}
              href={versionHref(v, baseUrl, route)}
              aria-current={v.name === currentVersion ? 'true' : undefined}
            >
              {v.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
