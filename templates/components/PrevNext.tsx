import { joinBase } from '../../src/shared/url.js';

export interface PrevNextProps {
  previous?: { label: string; route: string };
  next?: { label: string; route: string };
  baseUrl: string;
}

export function PrevNext({ previous, next, baseUrl }: PrevNextProps) {
  if (!previous && !next) return null;
  return (
    <nav className="pagination-nav" aria-label="Docs pages">
      {previous ? (
        <a
          className="pagination-nav__link pagination-nav__link--prev"
          href={joinBase(baseUrl, previous.route)}
          rel="prev"
        >
          <span className="pagination-nav__sublabel">Previous</span>
          <span className="pagination-nav__label">{previous.label}</span>
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a className="pagination-nav__link pagination-nav__link--next" href={joinBase(baseUrl, next.route)} rel="next">
          <span className="pagination-nav__sublabel">Next</span>
          <span className="pagination-nav__label">{next.label}</span>
        </a>
      )}
    </nav>
  );
}
