import { createElement } from 'react';
import { useMdxPage } from './page-context.js';
import { cardOf, DocCardView, type DocCardItem } from './DocCard.js';

/**
 * What `useCurrentSidebarCategory().items` gives a page: not the items themselves (the sidebars
 * are not known while pages are parsed) but a mark that `<DocCardList items={…}>` reads as "the
 * current category", which is what it lists without `items` too.
 */
export const CURRENT_CATEGORY_ITEMS: readonly DocCardItem[] = Object.freeze([]);

/** `useCurrentSidebarCategory` of `@docusaurus/theme-common` (and plugin-content-docs/client), for DocCardList. */
export function useCurrentSidebarCategory(): { items: readonly DocCardItem[] } {
  return { items: CURRENT_CATEGORY_ITEMS };
}

/**
 * `@theme/DocCardList`: without `items` (or with the current category's), the cards of the current
 * sidebar category, filled in at render time like `::doc-card-list`; with `items`, a card for each
 * of them.
 */
export default function DocCardList({ items, className }: { items?: readonly DocCardItem[]; className?: string }) {
  const page = useMdxPage();
  if (items === undefined || items === CURRENT_CATEGORY_ITEMS) return createElement('docsgen-doc-card-list');
  if (!Array.isArray(items))
    throw new Error(`<DocCardList items> takes an array of sidebar items, got ${typeof items}`);
  const cards = items.map((item) => cardOf(item, page));
  return (
    <ul className={['doc-cards', className].filter(Boolean).join(' ')}>
      {cards.map((card, index) => (
        <li key={index} className="doc-card">
          <DocCardView card={card} />
        </li>
      ))}
    </ul>
  );
}
