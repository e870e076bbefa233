/** A file the build writes, path relative to the output directory ('guides/usage/index.html'). */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
}

/**
 * A file whose bytes are made only when a writer needs them (a rendered page). `key` names what
 * they are made from: equal keys give equal bytes (a page's render key), so a writer that kept the
 * key of the file it wrote at this path last time takes that file again without making the bytes.
 */
export interface KeyedOutputFile {
  path: string;
  readonly key: string;
  make(): string | Uint8Array;
}

/** What a writer takes: a file's bytes, or a file to make when needed. */
export type WritableFile = OutputFile | KeyedOutputFile;

/** The bytes of a file to write (made now for a keyed file). */
export const contentsOf = (file: WritableFile): string | Uint8Array => ('make' in file ? file.make() : file.contents);

/** Where a route's HTML goes: clean URLs as folders with index.html. */
export function htmlPathForRoute(route: string): string {
  return route === '/' ? 'index.html' : `${route.replace(/^\//, '')}/index.html`;
}
