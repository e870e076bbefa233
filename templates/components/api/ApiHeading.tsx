import type { ReactNode } from 'react';

export interface ApiHeadingProps {
  level: 2 | 3 | 4;
  id: string;
  /** Plain text of the heading, for the hash link's label. */
  text: string;
  children?: ReactNode;
}

/** A heading with an id and a 'Direct link to …' hash link, like the Markdown pipeline's. */
export function ApiHeading({ level, id, text, children }: ApiHeadingProps) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id}>
      {children ?? text}
      <a className="hash-link" href={`#${id}`} aria-label={`Direct link to ${text}`} title={`Direct link to ${text}`}>
        #
      </a>
    </Tag>
  );
}
