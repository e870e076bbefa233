import type { SiteConfig } from '../config/resolve-config.js';
import { joinBase } from '../shared/url.js';
import type { NavbarItemProps, SiteProps } from './page-props.js';

type Props<K extends keyof SiteProps> = SiteProps[K];

/** Algolia DocSearch's settings when the config has credentials; otherwise the embedded index is used. */
function algoliaProps({ search, product, apiRoutePrefix }: SiteConfig): Props<'search'>['algolia'] {
  if (!search.appId || !search.apiKey) return undefined;
  return {
    appId: search.appId,
    apiKey: search.apiKey,
    indexName: search.indexName ?? `${product.name} API`,
    contextualSearch: search.contextualSearch,
    searchParameters: search.searchParameters,
    askAi: search.askAi,
    externalUrlRegex: search.externalUrlRegex,
    exampleRoutes: search.exampleRoutes,
    apiRoutePrefix,
  };
}

function navbarProps({ navbar, baseUrl }: SiteConfig, items: NavbarItemProps[]): Props<'navbar'> {
  return {
    title: navbar.title,
    logo: navbar.logo && { ...navbar.logo, src: joinBase(baseUrl, `/${navbar.logo.src}`) },
    style: navbar.style,
    hideOnScroll: navbar.hideOnScroll,
    items,
  };
}

function footerProps({ footer, baseUrl }: SiteConfig): Props<'footer'> {
  return {
    style: footer.style,
    logo: footer.logo && { ...footer.logo, src: joinBase(baseUrl, `/${footer.logo.src}`) },
    links: footer.links.map((column) => ({
      title: column.title,
      items: column.items.map((item) => ({
        label: item.label,
        href: item.to ? joinBase(baseUrl, item.to) : (item.href ?? baseUrl),
        external: !item.to,
      })),
    })),
    copyright: footer.copyright,
  };
}

/**
 * The locales and docs versions the dropdowns offer. With several versions, each links to its
 * main doc (what the dropdown offers on pages outside the docs; doc pages link their equivalents).
 */
function localeAndVersionProps(
  { i18n, docsVersions, baseUrl }: SiteConfig,
  mainRoutes?: ReadonlyMap<string, string>,
): Pick<SiteProps, 'i18n' | 'docs'> {
  const several = docsVersions.length > 1;
  return {
    i18n: {
      defaultLocale: i18n.defaultLocale,
      currentLocale: i18n.defaultLocale,
      locales: i18n.locales.map((locale) => ({ locale, label: i18n.localeConfigs[locale]?.label ?? locale })),
    },
    docs: {
      currentVersion: docsVersions.find((version) => version.isLast)?.name ?? 'current',
      versions: docsVersions.map((version) => ({
        name: version.name,
        label: version.label,
        path: version.path ? `${version.path}/` : '',
        ...(several && mainRoutes?.has(version.name) ? { href: joinBase(baseUrl, mainRoutes.get(version.name)!) } : {}),
      })),
    },
  };
}

/** Each sidebar's label: the label of the navbar item that opens it, else its name. */
function sidebarLabels(config: SiteConfig, navbarItems: NavbarItemProps[]): Props<'sidebars'> {
  return Object.fromEntries(
    Object.keys(config.sidebars).map((name) => [
      name,
      { label: navbarItems.find((i) => i.type === 'link' && i.sidebarId === name)?.['label' as never] ?? name },
    ]),
  );
}

/** The site-wide props every page shares, derived once per build from the resolved config. */
export function buildSiteProps(
  config: SiteConfig,
  navbarItems: NavbarItemProps[],
  /** Each docs version's main doc, when the site has several. */
  versionMainRoutes?: ReadonlyMap<string, string>,
): SiteProps {
  const { search } = config;
  return {
    title: config.title,
    tagline: config.tagline,
    productName: config.product.name,
    apiDescriptions: config.apiSources.map((api) => ({
      id: api.id,
      title: `${api.label ?? (config.apiSources.length === 1 ? config.product.name : api.id)} OpenAPI description`,
    })),
    website: config.product.website,
    url: config.url,
    baseUrl: config.baseUrl,
    favicon: config.favicon,
    themeColor: config.themeColor,
    image: config.image,
    navbar: navbarProps(config, navbarItems),
    footer: footerProps(config),
    // Site-relative links in the (trusted) announcement HTML follow baseUrl like every other link.
    announcementBar: config.announcementBar && {
      ...config.announcementBar,
      content: config.announcementBar.content.replace(/href="\/(?!\/)/g, `href="${config.baseUrl}`),
    },
    colorMode: config.colorMode,
    search: { searchPagePath: search.searchPagePath || '', algolia: algoliaProps(config), reportUrl: search.reportUrl },
    ...localeAndVersionProps(config, versionMainRoutes),
    sidebars: sidebarLabels(config, navbarItems),
  };
}
