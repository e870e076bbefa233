import type { SiteConfig } from '../../config/resolve-config.js';
import type { DocusaurusContextValue } from './theme/page-context.js';

/** What `useDocusaurusContext()` gives pages: the config under Docusaurus' names. */
export function docusaurusContextOf(config: SiteConfig): DocusaurusContextValue {
  return {
    siteConfig: {
      title: config.title,
      tagline: config.tagline,
      url: config.url,
      baseUrl: config.baseUrl,
      favicon: config.favicon,
      customFields: {},
      themeConfig: {
        navbar: config.navbar,
        footer: config.footer,
        colorMode: config.colorMode,
        announcementBar: config.announcementBar,
      },
    },
    siteMetadata: { docusaurusVersion: '3' },
    i18n: {
      defaultLocale: config.i18n.defaultLocale,
      locales: config.i18n.locales,
      currentLocale: config.i18n.defaultLocale,
    },
  };
}
