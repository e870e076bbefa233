import { useMdxPage, type MdxPageContextValue } from './page-context.js';
import { renderingPlace } from '../located-jsx.js';
import { withBaseUrl } from './base-url.js';

/** A sidebar item as Docusaurus' DocCard and DocCardList take it (`item={{ type: 'link', href, label }}`). */
export interface DocCardItem {
  type: 'link' | 'category';
  label: string;
  href?: string;
  description?: string;
  /** A category's items: its card links to the first page inside when it has no page of its own. */
  items?: DocCardItem[];
}

/** A card's site link, checked like the page's Markdown links (at the card's tag). */
function recordLink(href: string, page: MdxPageContextValue | null): void {
  if (!page?.links || !href.startsWith('/') || href.startsWith('//')) return;
  const [path, hash] = href.split('#', 2) as [string, string | undefined];
  const place = renderingPlace();
  page.links.push({ route: path.replace(/\/+$/, '') || '/', hash: hash || undefined, raw: href, ...place });
}

/** The page a card opens: its own href, else (a category without a page) the first link inside it. */
function hrefOf(item: DocCardItem): string | undefined {
  return item.href ?? item.items?.map(hrefOf).find(Boolean);
}

/** Docusaurus' card text: the item's description, else for a category the number of its items. */
function descriptionOf(item: DocCardItem): string {
  if (item.description) return item.description;
  const count = item.items?.length ?? 0;
  return item.type === 'category' ? `${count} item${count === 1 ? '' : 's'}` : '';
}

/** What a card shows, with the site's baseUrl on its link; an item docsgen cannot show throws (DG505 at the tag). */
export function cardOf(item: unknown, page: MdxPageContextValue) {
  const card = item as DocCardItem | undefined;
  if (!card || typeof card !== 'object' || typeof card.label !== 'string' || !['link', 'category'].includes(card.type))
    throw new Error(`A doc card needs an item { type: 'link' | 'category', label, href }, got ${JSON.stringify(item)}`);
  const href = hrefOf(card);
  if (!href) throw new Error(`The doc card "${card.label}" has no href, and no page inside it to link to`);
  recordLink(href, page);
  return { label: card.label, href: withBaseUrl(href, page.docusaurus.siteConfig), description: descriptionOf(card) };
}

/** One card, as the cards of `<DocCardList>` look. */
export function DocCardView({ card }: { card: ReturnType<typeof cardOf> }) {
  return (
    <a href={card.href}>
      <span className="doc-card__title">{card.label}</span>
      <span className="doc-card__description">{card.description}</span>
    </a>
  );
}

/** `@theme/DocCard`: one card for the sidebar item given (Docusaurus docs place them in Infima grids). */
export default function DocCard({ item }: { item: DocCardItem }) {
  const card = cardOf(item, useMdxPage());
  return (
    <div className="doc-card">
      <DocCardView card={card} />
    </div>
  );
}
