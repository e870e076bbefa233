import type { TocItem } from '../../src/model.js';

/** The 'On this page' list of h2–h3 headings; the client highlights the one in view. */
export function TableOfContents({ items }: { items: TocItem[] }) {
  if (items.length === 0) return null;
  return (
    <nav className="toc" aria-labelledby="toc-title">
      <p className="toc__title" id="toc-title">
        On this page
      </p>
      <ul>
        {items.map((item) => (
          <li key={item.id} className={`toc__item toc__item--${item.depth}`}>
            <a href={`#${item.id}`}>{item.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
