import { useEffect, useState, type ReactNode } from 'react';

export interface BrowserOnlyProps {
  children: () => ReactNode;
  fallback?: ReactNode;
}

/**
 * `@docusaurus/BrowserOnly` inside a hydrated site component: the fallback while hydrating (what
 * the server rendered), then the children, as in Docusaurus.
 */
export default function BrowserOnly({ children, fallback }: BrowserOnlyProps) {
  const [mounted, setMounted] = useState(false);
  // Runs once the island is hydrated: the first render must match the server's.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setMounted(true), []);
  return <>{mounted ? children() : (fallback ?? null)}</>;
}
