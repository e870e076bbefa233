import type { SiteProps } from '../../src/render/page-props.js';
import type { PageVersionProps } from '../../src/routes/build-version-links.js';
import { ExternalLink } from './ExternalLink.js';
import { LocaleDropdown } from './Dropdowns.js';
import { dropdownProps, isNavbarLinkActive, VersionDropdownIsland } from './Navbar.js';
import { navbarLinkOnPage } from './navbar-docs-link.js';

export interface MobileSidebarProps {
  site: SiteProps;
  route: string;
  version?: PageVersionProps;
}

/**
 * The mobile sidebar (below 996 px), rendered hidden. The primary menu holds the navbar items; the
 * secondary menu is filled by the client with the section's sidebar when the panel opens, with a
 * button back to the primary menu. The client also traps focus, locks page scroll and closes it
 * on Escape or when the view becomes desktop.
 */
export function MobileSidebar({ site, route, version }: MobileSidebarProps) {
  const { navbar } = site;
  const dropdowns = dropdownProps(site, route, version);
  return (
    <div id="mobile-sidebar" className="mobile-sidebar" hidden data-mobile-sidebar>
      <div className="mobile-sidebar__backdrop" data-mobile-sidebar-close />
      <div className="mobile-sidebar__panel" role="dialog" aria-modal="true" aria-label="Navigation menu">
        <div className="mobile-sidebar__header">
          <a className="navbar__brand" href={site.baseUrl}>
            {navbar.logo && <img className="navbar__logo" src={navbar.logo.src} alt="" width="28" height="28" />}
            <span className="navbar__title">{navbar.title ?? site.title}</span>
          </a>
          <button
            type="button"
            className="navbar-icon-button"
            aria-label="Close navigation bar"
            data-mobile-sidebar-close
          >
            <svg viewBox="0 0 15 15" width="16" height="16" aria-hidden="true">
              <path stroke="currentColor" strokeWidth="2" d="M1 1l13 13M14 1L1 14" />
            </svg>
          </button>
        </div>
        <div className="mobile-sidebar__menu" data-mobile-primary>
          <ul className="menu-list">
            {navbar.items.map((item, index) => {
              if (item.type === 'link') {
                const link = navbarLinkOnPage(item, version?.name, site.docs.currentVersion);
                const active = !item.external && isNavbarLinkActive(link.activeRoutePrefix, route);
                return (
                  <li key={index} className="menu-item">
                    {item.external ? (
                      <ExternalLink className="menu-link" href={item.href}>
                        {item.label}
                      </ExternalLink>
                    ) : (
                      <a
                        className={`menu-link${active ? ' menu-link--active' : ''}`}
                        href={link.href}
                        aria-current={active ? 'true' : undefined}
                        data-active-prefix={link.activeRoutePrefix}
                        data-version-targets={link.targets}
                      >
                        {link.label}
                      </a>
                    )}
                  </li>
                );
              }
              if (item.type === 'localeDropdown' && site.i18n.locales.length > 1)
                return (
                  <li key={index} className="menu-item">
                    {LocaleDropdown(dropdowns.locale)}
                  </li>
                );
              // An island as in the navbar: a client-side navigation replaces it with the next page's,
              // and outside the docs it shows the reader's preferred version once hydrated.
              if (item.type === 'docsVersionDropdown' && site.docs.versions.length > 1)
                return (
                  <li key={index} className="menu-item">
                    {VersionDropdownIsland({ item, props: dropdowns.version, docPage: !!version })}
                  </li>
                );
              return null;
            })}
          </ul>
        </div>
        <div className="mobile-sidebar__menu" data-mobile-secondary hidden>
          <button type="button" className="mobile-sidebar__back" data-mobile-sidebar-back>
            ← Back to main menu
          </button>
          <div data-mobile-secondary-menu />
        </div>
      </div>
    </div>
  );
}
