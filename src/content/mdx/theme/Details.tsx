import type { ReactNode } from 'react';

export interface DetailsProps {
  summary?: ReactNode;
  className?: string;
  open?: boolean;
  children?: ReactNode;
}

/** `@theme/Details`: a native <details>, which opens and closes without JavaScript. */
export default function Details({ summary, className, open, children }: DetailsProps) {
  const title =
    typeof summary === 'string' || summary === undefined ? <summary>{summary ?? 'Details'}</summary> : summary;
  return (
    <details className={className ? `details ${className}` : 'details'} open={open}>
      {title}
      <div className="details__content">{children}</div>
    </details>
  );
}
