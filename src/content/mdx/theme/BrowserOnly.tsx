import type { ReactNode } from 'react';

export interface BrowserOnlyProps {
  children: () => ReactNode;
  fallback?: ReactNode;
}

/**
 * `@docusaurus/BrowserOnly`: as in Docusaurus, the server renders the fallback. docsgen does not
 * run page components in the browser, so the children never show (DG234 says so where it is used).
 */
export default function BrowserOnly({ fallback }: BrowserOnlyProps) {
  return <>{fallback ?? null}</>;
}
