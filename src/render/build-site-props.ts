import type { SiteConfig } from '../config/resolve-config.js';
import { joinBase } from '../shared/url.js';
import type { NavbarItemProps, SiteProps } from './page-props.js';

/** The site-wide props every page shares, derived once per build from the resolved config. */
export function buildSiteProps(config: SiteConfig, navbarItems: NavbarItemProps[]): SiteProps {
  const { search } = config;
  const algolia =
    search.appId && search.apiKey
      ? {
          appId: search.appId,
          apiKey: search.apiKey,
          indexName: search.indexName ?? `${config.product.name} API`,
          contextualSearch: search.contextualSearch,
          searchParameters: search.searchParameters,
          askAi: search.askAi,
          externalUrlRegex: search.externalUrlRegex,
        }
      : undefined;
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
    navbar: {
      title: config.navbar.title,
      logo: config.navbar.logo && {
        ...config.navbar.logo,
        src: joinBase(config.baseUrl, `/${config.navbar.logo.src}`),
      },
      style: config.navbar.style,
      hideOnScroll: config.navbar.hideOnScroll,
      items: navbarItems,
    },
    footer: {
      style: config.footer.style,
      logo: config.footer.logo && {
        ...config.footer.logo,
        src: joinBase(config.baseUrl, `/${config.footer.logo.src}`),
      },
      links: config.footer.links.map((column) => ({
        title: column.title,
        items: column.items.map((item) => ({
          label: item.label,
          href: item.to ? joinBase(config.baseUrl, item.to) : (item.href ?? config.baseUrl),
          external: !item.to,
        })),
      })),
      copyright: config.footer.copyright,
    },
    // Site-relative links in the (trusted) announcement HTML follow baseUrl like every other link.
    announcementBar: config.announcementBar && {
      ...config.announcementBar,
      content: config.announcementBar.content.replace(/href="\/(?!\/)/g, `href="${config.baseUrl}`),
    },
    colorMode: config.colorMode,
    search: { searchPagePath: search.searchPagePath || '', algolia, reportUrl: search.reportUrl },
    i18n: {
      defaultLocale: config.i18n.defaultLocale,
      currentLocale: config.i18n.defaultLocale,
      locales: config.i18n.locales.map((locale) => ({
        locale,
        label: config.i18n.localeConfigs[locale]?.label ?? locale,
      })),
    },
    docs: {
      currentVersion: config.docs.lastVersion,
      versions: Object.entries(config.docs.versions).map(([name, v]) => ({
        name,
        label: v.label,
        path: v.path ?? (name === config.docs.lastVersion ? '' : `${name}/`),
      })),
    },
    sidebars: Object.fromEntries(
      Object.keys(config.sidebars).map((name) => [
        name,
        { label: navbarItems.find((i) => i.type === 'link' && i.sidebarId === name)?.['label' as never] ?? name },
      ]),
    ),
  };
}
