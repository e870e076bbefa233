import type { DocumentProps } from '../../templates/Document.js';
import { joinBase } from '../shared/url.js';
import type { PageProps } from './page-props.js';
import type { HeadTag } from '../model.js';

/** An absolute URL of a social card: given absolute, or a file of static/ (with or without a leading '/'). */
function socialImage(image: string | undefined, origin: string, baseUrl: string): string | undefined {
  if (!image) return undefined;
  if (/^https?:\/\//.test(image)) return image;
  return origin + joinBase(baseUrl, image.startsWith('/') ? image : `/${image}`);
}

/** Title, description, canonical URL, Open Graph, Twitter and the alternate JSON links. */
export function buildHeadTags(props: PageProps): DocumentProps['head'] {
  const { site, page } = props;
  const origin = site.url.replace(/\/$/, '');
  const canonical = origin + joinBase(site.baseUrl, page.route);
  // With several APIs a reference page's title names its API: a v0 and a v1 share operation titles.
  const own = page.apiLabel && page.apiLabel !== page.title ? `${page.title} · ${page.apiLabel}` : page.title;
  const title =
    page.kind === 'home' ? `${site.title}${site.tagline ? ` · ${site.tagline}` : ''}` : `${own} | ${site.title}`;
  const image = socialImage(page.docMeta?.image ?? site.image, origin, site.baseUrl);
  const meta: DocumentProps['head']['meta'] = [
    { name: 'description', content: page.description },
    { name: 'theme-color', content: site.themeColor },
    { name: 'generator', content: 'docsgen' },
    { property: 'og:type', content: page.kind === 'home' ? 'website' : 'article' },
    { property: 'og:site_name', content: site.title },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: site.i18n.currentLocale },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: page.description },
  ];
  if (image) meta.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image });
  if (page.docMeta?.keywords.length) meta.push({ name: 'keywords', content: page.docMeta.keywords.join(', ') });
  if (page.kind === 'not-found' || page.kind === 'search') meta.push({ name: 'robots', content: 'noindex' });
  if (page.docMeta?.unlisted || props.version?.noIndex) meta.push({ name: 'robots', content: 'noindex, nofollow' });
  // As Docusaurus: which docs version a page is in, for search crawlers (DocSearch's contextual search).
  if (props.version)
    meta.push(
      { name: 'docusaurus_version', content: props.version.name },
      { name: 'docsearch:version', content: props.version.name },
    );
  const links: DocumentProps['head']['links'] = [
    {
      rel: 'icon',
      href: joinBase(site.baseUrl, `/${site.favicon}`),
      type: site.favicon.endsWith('.svg') ? 'image/svg+xml' : undefined,
    },
    ...site.apiDescriptions.map((api) => ({
      rel: 'alternate',
      type: 'application/json',
      href: joinBase(site.baseUrl, `/openapi/${api.id}.json`),
      title: api.title,
    })),
    {
      rel: 'alternate',
      type: 'application/json',
      href: joinBase(site.baseUrl, '/meta/index.json'),
      title: 'Documentation index',
    },
    { rel: 'sitemap', type: 'application/xml', href: joinBase(site.baseUrl, '/sitemap.xml') },
  ];
  if (site.search.algolia)
    links.push({
      rel: 'preconnect',
      href: `https://${site.search.algolia.appId}-dsn.algolia.net`,
      crossOrigin: 'anonymous',
    });
  return withPageHeadTags({ title, canonical, meta, links, extra: [] }, page.headTags ?? []);
}

/** The attribute a head tag is known by: two tags with the same key are one (react-helmet's rule). */
function keyOf(attributes: Record<string, string | undefined>): string | undefined {
  for (const name of ['name', 'property', 'httpEquiv', 'charSet', 'itemProp'])
    if (attributes[name] !== undefined) return `${name}=${attributes[name]}`;
  return undefined;
}

/**
 * What a page's `<Head>` asks for, over docsgen's defaults: its title and canonical link replace
 * the page's, a meta tag replaces the default of the same name or property (the last of the page's
 * own wins), other tags are added. The added ones are marked as the page's, so that a client-side
 * navigation replaces them.
 */
function withPageHeadTags(head: DocumentProps['head'], tags: readonly HeadTag[]): DocumentProps['head'] {
  if (tags.length === 0) return head;
  const title = tags.findLast((tag) => tag.tag === 'title')?.content ?? head.title;
  const canonicalTag = tags.findLast((tag) => tag.tag === 'link' && tag.props.rel === 'canonical');
  const metaOf = (tag: HeadTag) => tag.tag === 'meta' && keyOf(tag.props);
  const keys = new Set(tags.map(metaOf).filter(Boolean));
  const lastOfKey = new Map(tags.map((tag, index) => [metaOf(tag) || index, tag]));
  const extra = tags
    .filter((tag) => tag.tag !== 'title' && tag !== canonicalTag && tag.tag !== 'link')
    .filter((tag) => !metaOf(tag) || lastOfKey.get(metaOf(tag) as string) === tag)
    .concat(tags.filter((tag) => tag.tag === 'link' && tag !== canonicalTag))
    .map((tag) => (tag.tag === 'link' ? { ...tag, props: { ...tag.props, 'data-page-asset': '' } } : tag));
  return {
    ...head,
    title,
    canonical: canonicalTag?.props.href ?? head.canonical,
    meta: head.meta.filter((m) => !keys.has(keyOf(m as Record<string, string | undefined>))),
    extra,
  };
}
