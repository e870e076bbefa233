import type { SiteProps } from '../../src/render/page-props.js';
import { ExternalLink } from './ExternalLink.js';

export function Footer({ site }: { site: SiteProps }) {
  const { footer } = site;
  const websiteHost = new URL(site.website).host;
  return (
    <footer className={`footer footer--${footer.style}`}>
      <div className="footer__inner">
        {footer.links.length > 0 && (
          <div className="footer__links">
            {footer.links.map((column) => (
              <div key={column.title} className="footer__col">
                <p className="footer__title">{column.title}</p>
                <ul>
                  {column.items.map((item) => (
                    <li key={item.label}>
                      {item.external ? (
                        <ExternalLink href={item.href}>{item.label}</ExternalLink>
                      ) : (
                        <a href={item.href}>{item.label}</a>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
        <div className="footer__bottom">
          {footer.logo && (
            <img className="footer__logo" src={footer.logo.src} alt={footer.logo.alt} width="32" height="32" />
          )}
          <p className="footer__copyright">{footer.copyright}</p>
          <p className="footer__website">
            <ExternalLink href={site.website}>{websiteHost}</ExternalLink>
          </p>
        </div>
      </div>
    </footer>
  );
}
