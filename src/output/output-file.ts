import { readFileSync } from 'node:fs';

/** A file the build writes, path relative to the output directory ('guides/usage/index.html'). */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
  /**
   * What the bytes are made of, when the maker knows it cheaply (a search file's version): equal
   * keys give equal bytes, so a writer that recorded this key at this path last time takes the file
   * again without encoding and hashing it (as a `KeyedOutputFile`'s).
   */
  key?: string;
}

/**
 * A file whose bytes are made only when a writer needs them (a rendered page). `key` names what
 * they are made from: equal keys give equal bytes (a page's render key), so a writer that kept the
 * key of the file it wrote at this path last time takes that file again without making the bytes.
 */
export interface KeyedOutputFile {
  path: string;
  readonly key: string;
  /** The bytes, or a promise of them (a page rendered on a worker thread). */
  make(): string | Uint8Array | Promise<string | Uint8Array>;
}

/**
 * A file the build made part by part into a scratch file (`spooled`) rather than in memory: the
 * writer copies it into place. llms-full.txt of a large site (~11 MB per 1,000 pages) is one.
 */
export interface SpooledFile {
  path: string;
  spooled: string;
}

/** What a writer takes: a file's bytes, a file to make when needed, or a file spooled on disk. */
export type WritableFile = OutputFile | KeyedOutputFile | SpooledFile;

export const isSpooled = (file: WritableFile): file is SpooledFile => 'spooled' in file;

/** The bytes of a file to write (made now for a keyed file, read for a spooled one). */
export const contentsOf = async (file: WritableFile): Promise<string | Uint8Array> =>
  'make' in file ? file.make() : isSpooled(file) ? readFileSync(file.spooled) : file.contents;

/** Where a route's HTML goes: clean URLs as folders with index.html. */
export function htmlPathForRoute(route: string): string {
  return route === '/' ? 'index.html' : `${route.replace(/^\//, '')}/index.html`;
}
