import { stripBase } from '../shared/url.js';
import { LruCache, ROUTE_CACHE_SIZE } from './lru-cache.js';

/** Files the site serves next to its pages (the spec, the meta index, images): not client-side routes. */
const FILE_EXTENSION = /\.(?!html?$)[a-z0-9]{1,8}$/i;

/**
 * Maps a pathname to the route of a page of this site, or null when the path is outside baseUrl
 * or names a file. Lookups are memoised in a bounded LRU cache (10,000 entries, spec section 9).
 */
export function createRouteLookup(baseUrl: string, size = ROUTE_CACHE_SIZE): (pathname: string) => string | null {
  const cache = new LruCache<string, string | null>(size);
  return (pathname) => {
    const cached = cache.get(pathname);
    if (cached !== undefined) return cached;
    let route: string | null = null;
    if (!FILE_EXTENSION.test(pathname)) route = stripBase(baseUrl, pathname) ?? null;
    cache.set(pathname, route);
    return route;
  };
}
