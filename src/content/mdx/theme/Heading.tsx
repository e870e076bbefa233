import type { HTMLAttributes } from 'react';

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  as: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
}

/**
 * `@theme/Heading`: a heading with Docusaurus' "Direct link" anchor when it has an id (an h1 has
 * none). Like in Docusaurus, a heading written as JSX is not in the page's table of contents.
 */
export default function Heading({ as: Tag, id, children, ...props }: HeadingProps) {
  if (Tag === 'h1' || !id)
    return (
      <Tag {...props} id={id}>
        {children}
      </Tag>
    );
  const label = typeof children === 'string' ? `Direct link to ${children}` : 'Direct link to heading';
  return (
    <Tag {...props} id={id}>
      {children}
      <a className="hash-link" href={`#${id}`} aria-label={label} title={label}>
        #
      </a>
    </Tag>
  );
}
