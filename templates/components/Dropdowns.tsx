export interface LocaleDropdownProps {
  locales: { locale: string; label: string }[];
  currentLocale: string;
  defaultLocale: string;
  baseUrl: string;
}

export interface VersionDropdownProps {
  versions: { name: string; label: string; path: string }[];
  currentVersion: string;
  baseUrl: string;
}

/**
 * Generic locale dropdown: renders nothing with a single locale. With more, each entry links to
 * the same page in that locale (the client keeps the query string and hash when following it).
 */
export function LocaleDropdown({ locales, currentLocale, defaultLocale, baseUrl }: LocaleDropdownProps) {
  if (locales.length <= 1) return null;
  const current = locales.find((l) => l.locale === currentLocale);
  return (
    <details className="dropdown" data-dropdown>
      <summary className="navbar__link" aria-label="Languages">{current?.label ?? currentLocale}</summary>
      <ul className="dropdown__menu">
        {locales.map((l) => (
          <li key={l.locale}>
            <a className="dropdown__link" lang={l.locale} data-locale-link={l.locale} href={l.locale === defaultLocale ? baseUrl : `${baseUrl}${l.locale}/`} aria-current={l.locale === currentLocale ? 'true' : undefined}>{l.label}</a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Generic docs-version dropdown: renders nothing with a single version. */
export function VersionDropdown({ versions, currentVersion, baseUrl }: VersionDropdownProps) {
  if (versions.length <= 1) return null;
  const current = versions.find((v) => v.name === currentVersion);
  return (
    <details className="dropdown" data-dropdown>
      <summary className="navbar__link" aria-label="Versions">{current?.label ?? currentVersion}</summary>
      <ul className="dropdown__menu">
        {versions.map((v) => (
          <li key={v.name}><a className="dropdown__link" data-version-link={v.name} href={`${baseUrl}${v.path}`} aria-current={v.name === currentVersion ? 'true' : undefined}>{v.label}</a></li>
        ))}
      </ul>
    </details>
  );
}
