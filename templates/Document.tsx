import type { ReactNode } from 'react';
import type { PageProps } from '../src/render/page-props.js';
import type { HeadTag } from '../src/model.js';

export interface DocumentProps {
  props: PageProps;
  /** Head tags computed by src/render/head-tags.ts. */
  head: {
    title: string;
    canonical: string;
    meta: { name?: string; property?: string; content: string }[];
    links: { rel: string; href: string; type?: string; title?: string; crossOrigin?: '' | 'anonymous' }[];
    /** What the page's own `<Head>` adds (MDX pages), after docsgen's tags. */
    extra: HeadTag[];
  };
  /** Inline script run before first paint (colour mode, dismissed announcement, baseUrl check). */
  headScript: string;
  children: ReactNode;
}

/** Settings the client needs on every page; `<` is escaped so the JSON cannot close the script. */
function clientSettings({ site, page }: PageProps): string {
  const settings = {
    baseUrl: site.baseUrl,
    route: page.route,
    kind: page.kind,
    colorMode: site.colorMode,
    search: site.search,
    announcementBarId: site.announcementBar?.id,
  };
  return JSON.stringify(settings).replace(/</g, '\\u003c');
}

/** A tag of the page's `<Head>`; a JSON-LD script's `<` is escaped so its text cannot close the script. */
function PageHeadTag({ tag, props, content }: HeadTag, index: number) {
  if (tag === 'script')
    return (
      <script key={index} {...props} dangerouslySetInnerHTML={{ __html: (content ?? '').replace(/</g, '\\u003c') }} />
    );
  const Tag = tag;
  return <Tag key={index} {...props} />;
}

/** The whole HTML document: head tags, the pre-paint script, the page and the client entry. */
export function Document({ props, head, headScript, children }: DocumentProps) {
  const { site, assets } = props;
  return (
    <html lang={site.i18n.currentLocale} data-theme={site.colorMode.defaultMode} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        {head.meta.map((m, i) => (
          <meta key={i} name={m.name} property={m.property} content={m.content} />
        ))}
        <link rel="canonical" href={head.canonical} />
        {head.links.map((l, i) => (
          <link key={i} rel={l.rel} href={l.href} type={l.type} title={l.title} crossOrigin={l.crossOrigin} />
        ))}
        {head.extra.map(PageHeadTag)}
        <script dangerouslySetInnerHTML={{ __html: headScript }} />
        {assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.pageCss?.map((href) => (
          <link key={href} rel="stylesheet" href={href} data-page-asset="" />
        ))}
        {assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        <script type="module" src={assets.js} />
      </head>
      <body>
        {children}
        <script type="application/json" id="__docsgen" dangerouslySetInnerHTML={{ __html: clientSettings(props) }} />
      </body>
    </html>
  );
}
