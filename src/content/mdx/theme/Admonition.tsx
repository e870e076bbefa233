import type { ReactNode } from 'react';
import {
  ADMONITION_TYPES,
  admonitionStyle,
  defaultAdmonitionTitle,
  isAdmonitionType,
} from '../../docusaurus/admonition-types.js';

export interface AdmonitionProps {
  type?: string;
  title?: ReactNode;
  icon?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** `@theme/Admonition`: the same markup as a `:::type[title]` block (remark-admonitions). */
export default function Admonition({ type = 'note', title, className, children }: AdmonitionProps) {
  if (!isAdmonitionType(type))
    throw new Error(`Unknown admonition type "${type}": admonitions are ${ADMONITION_TYPES.join(', ')}.`);
  const defaultTitle = defaultAdmonitionTitle(type);
  const classes = ['admonition', `admonition-${admonitionStyle(type)}`, ...(className ? [className] : [])];
  return (
    <aside className={classes.join(' ')} aria-label={defaultTitle}>
      <p className="admonition-title">{title ?? defaultTitle}</p>
      {children}
    </aside>
  );
}
