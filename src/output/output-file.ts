/** A file the build writes, path relative to the output directory ('guides/usage/index.html'). */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
}

/** Where a route's HTML goes: clean URLs as folders with index.html. */
export function htmlPathForRoute(route: string): string {
  return route === '/' ? 'index.html' : `${route.replace(/^\//, '')}/index.html`;
}
