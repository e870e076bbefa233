/** URL helpers shared by the build and the browser client. Routes never carry the baseUrl. */

/** Joins a baseUrl ('/' or '/docs/') and a route ('/', '/guides/usage') into a path. */
export function joinBase(baseUrl: string, route: string): string {
  if (route === '/' || route === '') return baseUrl;
  return baseUrl.replace(/\/$/, '') + (route.startsWith('/') ? route : `/${route}`);
}

/** Strips the baseUrl from a pathname; returns undefined when the path is outside the site. */
export function stripBase(baseUrl: string, pathname: string): string | undefined {
  if (baseUrl === '/') return normalizeRoute(pathname);
  const base = baseUrl.replace(/\/$/, '');
  if (pathname === base || pathname === baseUrl) return '/';
  if (!pathname.startsWith(baseUrl)) return undefined;
  return normalizeRoute(pathname.slice(base.length));
}

/** Whether a route is `prefix` itself or a page below it ('/examples' holds '/examples/a', not '/examples-old'). */
export const isUnderRoute = (route: string, prefix: string): boolean =>
  route === prefix || route.startsWith(`${prefix}/`);

/** '/guides/usage/' and '/guides/usage/index.html' → '/guides/usage'. */
export function normalizeRoute(pathname: string): string {
  const clean = pathname
    .replace(/\/index\.html$/, '')
    .replace(/\.html$/, '')
    .replace(/\/+$/, '');
  return clean === '' ? '/' : clean;
}
