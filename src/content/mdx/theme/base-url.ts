import { useMdxPage } from './page-context.js';

export interface BaseUrlOptions {
  forcePrependBaseUrl?: boolean;
  absolute?: boolean;
}

const HAS_PROTOCOL = /^[a-z][a-z\d+.-]*:/i;

/**
 * Docusaurus' rule: a path starting with `/` gets the site's baseUrl; URLs with a protocol,
 * fragments and relative paths stay as written; `absolute` prefixes the site's origin.
 */
export function withBaseUrl(url: string, site: { baseUrl: string; url: string }, options: BaseUrlOptions = {}) {
  if (!url || url.startsWith('#') || url.startsWith('//') || HAS_PROTOCOL.test(url)) return url;
  if (options.forcePrependBaseUrl) return site.baseUrl + url.replace(/^\//, '');
  if (url === site.baseUrl.replace(/\/$/, '')) return site.baseUrl;
  const path = url.startsWith('/') ? site.baseUrl + url.slice(1) : url;
  return options.absolute ? site.url.replace(/\/$/, '') + path : path;
}

/** `@docusaurus/useBaseUrl` */
export default function useBaseUrl(url: string, options?: BaseUrlOptions): string {
  return withBaseUrl(url, useMdxPage().docusaurus.siteConfig, options);
}

export function useBaseUrlUtils() {
  const site = useMdxPage().docusaurus.siteConfig;
  return { withBaseUrl: (url: string, options?: BaseUrlOptions) => withBaseUrl(url, site, options) };
}
