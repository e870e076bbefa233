import type { DocCardProps } from '../../src/render/page-props.js';

/** The cards `::doc-card-list` stands for: rendered where the directive was, inside the page's HTML body. */
export function DocCardList({ cards }: { cards: readonly DocCardProps[] }) {
  return (
    <ul className="doc-cards">
      {cards.map((card, index) => (
        <li key={index} className="doc-card">
          <a href={card.href}>
            <span className="doc-card__title">{card.label}</span>
            <span className="doc-card__description">{card.description}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
