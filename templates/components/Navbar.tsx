import type { ReactNode } from 'react';
import type { NavbarItemProps, SiteProps } from '../../src/render/page-props.js';
import type { PageVersionProps } from '../../src/routes/build-version-links.js';
import { joinBase } from '../../src/shared/url.js';
import { ColorModeToggle } from './ColorModeToggle.js';
import { Island } from './Island.js';
import { ExternalLink } from './ExternalLink.js';
import { LocaleDropdown, VersionDropdown, type LocaleDropdownProps, type VersionDropdownProps } from './Dropdowns.js';
import { NavbarItemError } from './NavbarItemError.js';
import { PreferredVersionDropdown } from './PreferredVersionDropdown.js';
import { SearchIcon } from './search/SearchIcon.js';
import { isNavbarLinkActive } from './nav-active.js';
import { navbarLinkOnPage } from './navbar-docs-link.js';

export interface NavbarProps {
  site: SiteProps;
  route: string;
  /** The page's docs version (doc pages of a site with several). */
  version?: PageVersionProps;
}

export { isNavbarLinkActive };

/**
 * Props of the generic dropdowns, from the site props and the current route. On a doc page of a
 * site with several docs versions, the version dropdown shows the page's version and links to the
 * same doc in each version (else that version's main doc); elsewhere, to each version's main doc.
 */
export function dropdownProps(
  site: SiteProps,
  route: string,
  pageVersion?: PageVersionProps,
): { locale: LocaleDropdownProps; version: VersionDropdownProps } {
  return {
    locale: {
      locales: site.i18n.locales,
      currentLocale: site.i18n.currentLocale,
      defaultLocale: site.i18n.defaultLocale,
      baseUrl: site.baseUrl,
      route,
    },
    version: {
      versions: pageVersion
        ? pageVersion.links.map((link) => ({
            name: link.name,
            label: link.label,
            path: '',
            href: joinBase(site.baseUrl, link.route),
          }))
        : site.docs.versions.map((v) => ({
            ...v,
            routes: v.name === site.docs.currentVersion ? [route] : undefined,
          })),
      currentVersion: pageVersion?.name ?? site.docs.currentVersion,
      baseUrl: site.baseUrl,
      route,
      pluginId: 'default',
    },
  };
}

/**
 * The docs-version dropdown as an island (the navbar's and the mobile menu's): outside the docs of
 * a site with several versions, the one that follows the reader's preferred version.
 */
export function VersionDropdownIsland({
  item,
  props,
  docPage,
}: {
  item: NavbarItemProps;
  props: VersionDropdownProps;
  docPage: boolean;
}) {
  const preferred = !docPage && props.versions.length > 1;
  return (
    <Island name={preferred ? 'PreferredVersionDropdown' : 'VersionDropdown'} props={props} navbarItem={item}>
      {preferred ? PreferredVersionDropdown(props) : VersionDropdown(props)}
    </Island>
  );
}

function renderNavbarItem(
  item: NavbarItemProps,
  site: SiteProps,
  route: string,
  version?: PageVersionProps,
): ReactNode {
  switch (item.type) {
    case 'link': {
      if (item.external)
        return (
          <ExternalLink className="navbar__link" href={item.href}>
            {item.label}
          </ExternalLink>
        );
      const link = navbarLinkOnPage(item, version?.name, site.docs.currentVersion);
      const active = isNavbarLinkActive(link.activeRoutePrefix, route);
      return (
        <a
          className={`navbar__link${active ? ' navbar__link--active' : ''}`}
          href={link.href}
          aria-current={active ? 'true' : undefined}
          data-active-prefix={link.activeRoutePrefix}
          data-version-targets={link.targets}
        >
          {link.label}
        </a>
      );
    }
    case 'search':
      return null; // the search button is always rendered at the right
    // The dropdowns are called as functions so that an error in them is caught below, on the server too.
    case 'localeDropdown': {
      const props = dropdownProps(site, route).locale;
      return (
        <Island name="LocaleDropdown" props={props} navbarItem={item}>
          {LocaleDropdown(props)}
        </Island>
      );
    }
    case 'docsVersionDropdown':
      return VersionDropdownIsland({ item, props: dropdownProps(site, route, version).version, docPage: !!version });
    default:
      throw new Error(`No NavbarItem component found for type "${(item as { type: string }).type}".`);
  }
}

/**
 * One navbar item; an item that throws while rendering is replaced by a message for the site's
 * author (on the server here, in the browser by the island's error boundary).
 */
export function NavbarItem({
  item,
  site,
  route,
  version,
}: {
  item: NavbarItemProps;
  site: SiteProps;
  route: string;
  version?: PageVersionProps;
}) {
  // renderNavbarItem runs here, not later as a component: what it throws (an item it cannot draw)
  // is caught now, on the server as in the browser, where an error boundary would not help.
  let content: ReturnType<typeof renderNavbarItem>;
  try {
    content = renderNavbarItem(item, site, route, version);
  } catch (error) {
    return <NavbarItemError item={item} error={error instanceof Error ? error : new Error(String(error))} />;
  }
  return <>{content}</>;
}

/** Top bar: title, section links, search, colour mode and the hamburger for the mobile sidebar. */
export function Navbar({ site, route, version }: NavbarProps) {
  const { navbar } = site;
  const left = navbar.items.filter((item) => item.position === 'left');
  const right = navbar.items.filter((item) => item.position === 'right');
  const searchHref = site.search.searchPagePath ? `${site.baseUrl}${site.search.searchPagePath}` : site.baseUrl;
  return (
    <nav
      className={`navbar${navbar.style === 'dark' ? ' navbar--dark' : ''}`}
      aria-label="Main"
      data-hide-on-scroll={navbar.hideOnScroll ? 'true' : undefined}
    >
      <div className="navbar__inner">
        <button
          type="button"
          className="navbar-icon-button navbar__toggle"
          aria-label="Toggle navigation bar"
          aria-expanded="false"
          aria-controls="mobile-sidebar"
          data-mobile-sidebar-toggle
        >
          <svg viewBox="0 0 30 30" width="24" height="24" aria-hidden="true">
            <path stroke="currentColor" strokeLinecap="round" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
          </svg>
        </button>
        <a className="navbar__brand" href={site.baseUrl}>
          {navbar.logo && (
            <img className="navbar__logo" src={navbar.logo.src} alt={navbar.logo.alt} width="28" height="28" />
          )}
          <span className="navbar__title">{navbar.title ?? site.title}</span>
        </a>
        <div className="navbar__items">
          {left.map((item, index) => (
            <NavbarItem key={index} item={item} site={site} route={route} version={version} />
          ))}
        </div>
        <div className="navbar__items navbar__items--right">
          {right.map((item, index) => (
            <NavbarItem key={index} item={item} site={site} route={route} version={version} />
          ))}
          {!site.colorMode.disableSwitch && (
            <Island
              name="ColorModeToggle"
              props={{ respectPrefersColorScheme: site.colorMode.respectPrefersColorScheme }}
            >
              <ColorModeToggle respectPrefersColorScheme={site.colorMode.respectPrefersColorScheme} />
            </Island>
          )}
          {/* Named by its text ('Search'); the shortcut is announced through aria-keyshortcuts. */}
          <a className="search-button" href={searchHref} data-search-button aria-keyshortcuts="Control+K Meta+K /">
            <SearchIcon size={16} />
            <span className="search-button__placeholder">Search</span>
            <kbd className="search-button__keys" aria-hidden="true">
              Ctrl K
            </kbd>
          </a>
        </div>
      </div>
    </nav>
  );
}
