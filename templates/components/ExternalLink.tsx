import type { ReactNode } from 'react';

export interface ExternalLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
}

/** A link to another site: new tab, no opener, and a hidden label for screen readers. */
export function ExternalLink({ href, className, children }: ExternalLinkProps) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> (opens in new tab)</span>
    </a>
  );
}
