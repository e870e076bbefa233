import { joinBase } from '../shared/url.js';
import { escapeHtml } from '../shared/escape-html.js';

/** sitemap.xml with absolute URLs, weekly change frequency and priority 0.5 (spec section 2). */
export function buildSitemap({
  url,
  baseUrl,
  routes,
}: {
  url: string;
  baseUrl: string;
  routes: readonly string[];
}): string {
  const origin = url.replace(/\/$/, '');
  const entries = [...routes]
    .sort()
    .map(
      (route) =>
        `<url><loc>${escapeHtml(origin + joinBase(baseUrl, route))}</loc><changefreq>weekly</changefreq><priority>0.5</priority></url>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

export function buildRobotsTxt({ url, baseUrl }: { url: string; baseUrl: string }): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${url.replace(/\/$/, '')}${joinBase(baseUrl, '/sitemap.xml')}\n`;
}
