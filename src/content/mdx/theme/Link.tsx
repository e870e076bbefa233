import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { withBaseUrl } from './base-url.js';
import { useMdxPage } from './page-context.js';

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to?: string;
  href?: string;
  children?: ReactNode;
}

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** `@docusaurus/Link`: site paths get the baseUrl; external links open in a new tab, as on Markdown pages. */
export default function Link({ to, href, children, ...rest }: LinkProps) {
  const site = useMdxPage().docusaurus.siteConfig;
  const target = to ?? href ?? '';
  if (EXTERNAL.test(target) && !target.startsWith('mailto:'))
    return (
      <a href={target} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  return (
    <a href={withBaseUrl(target, site)} {...rest}>
      {children}
    </a>
  );
}
