import { versionHref, type VersionDropdownProps } from './Dropdowns.js';
import { VersionLabels } from './VersionLabels.js';

/**
 * The docs-version dropdown outside the docs of a site with several versions: the last version
 * until the page runs, then the reader's preferred version (src/client/preferred-version-dropdown.tsx
 * hydrates it). The same markup as VersionDropdown, but every label is laid out in the button from
 * the first paint (VersionLabels), so the switch moves nothing. A component of its own so that the
 * client of a site with one docs version, which hydrates VersionDropdown, stays as it was.
 */
export function PreferredVersionDropdown({ versions, currentVersion, baseUrl, route, pluginId }: VersionDropdownProps) {
  return (
    <details className="dropdown" data-dropdown data-plugin-id={pluginId}>
      <summary className="navbar__link dropdown__toggle">
        <span className="sr-only">Versions: </span>
        <VersionLabels labels={versions} shown={currentVersion} />
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
