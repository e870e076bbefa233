import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useMdxPageOrNull } from './page-context.js';

/**
 * `@docusaurus/useIsBrowser`: false on the server and while an island hydrates (its first render
 * must match the server's), true once it has.
 */
export default function useIsBrowser(): boolean {
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setMounted(true), []);
  return mounted;
}

const canUseDOM = typeof window !== 'undefined' && typeof window.document !== 'undefined';

/** `@docusaurus/ExecutionEnvironment`. */
export const ExecutionEnvironment = {
  canUseDOM,
  canUseEventListeners: canUseDOM && typeof window.addEventListener === 'function',
  canUseIntersectionObserver: canUseDOM && 'IntersectionObserver' in window,
  canUseViewport: canUseDOM && 'screen' in window,
};

export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key?: string;
}

function subscribeToLocation(changed: () => void): () => void {
  window.addEventListener('popstate', changed);
  window.addEventListener('hashchange', changed);
  return () => {
    window.removeEventListener('popstate', changed);
    window.removeEventListener('hashchange', changed);
  };
}

/**
 * `@docusaurus/router`'s `useLocation`: the page's URL path (with the base URL) on the server and
 * while an island hydrates (so its first render matches), then the browser's location, search
 * and hash included, following history changes.
 */
export function useLocation(): RouterLocation {
  const page = useMdxPageOrNull();
  const url = useSyncExternalStore(
    subscribeToLocation,
    () => `${window.location.pathname}${window.location.search}${window.location.hash}`,
    () => page?.pathname ?? (typeof window === 'undefined' ? '/' : window.location.pathname),
  );
  return useMemo(() => {
    const { pathname, search, hash } = new URL(url, 'http://localhost');
    return { pathname, search, hash, state: null };
  }, [url]);
}

/** `@docusaurus/router`'s `useHistory`, for the calls components make: push, replace, go back. */
export function useHistory() {
  return {
    push: (path: string) => window.location.assign(path),
    replace: (path: string) => window.location.replace(path),
    goBack: () => window.history.back(),
    location: useLocation(),
  };
}
