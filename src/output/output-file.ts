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

/**
 * A file made of files given to the writer before it, joined with `separator` between them: llms-full.txt,
 * every Markdown twin in sidebar order. The writer joins the bytes it placed, so the parts need not be in
 * memory at once (nor, with the build cache, in memory at all: an unchanged twin is linked from the last
 * output by its key without being made), and takes the last output's file again when every part is the
 * same as when it was written.
 */
export interface JoinedFile {
  path: string;
  parts: readonly string[];
  separator: string;
}

/** What a writer takes: a file's bytes, a file to make when needed, a file spooled on disk, or a join of other files. */
export type WritableFile = OutputFile | KeyedOutputFile | SpooledFile | JoinedFile;

export const isSpooled = (file: WritableFile): file is SpooledFile => 'spooled' in file;

export const isJoined = (file: WritableFile): file is JoinedFile => 'parts' in file;

/** The bytes of a file to write (made now for a keyed file, read for a spooled one); a joined file is the writer's to join. */
export const contentsOf = async (file: Exclude<WritableFile, JoinedFile>): Promise<string | Uint8Array> =>
  'make' in file ? file.make() : isSpooled(file) ? readFileSync(file.spooled) : file.contents;

/**
 * A joined file's bytes, in chunks of at least `chunkBytes` (but the last): each part as `partBytes` gives it, with the
 * separator between two. One write per chunk, not per part: llms-full.txt of 10,000 pages has 20,000 pieces.
 */
export function* joinedChunks(
  file: JoinedFile,
  partBytes: (path: string) => Uint8Array,
  chunkBytes = 1 << 20,
): Generator<Buffer> {
  const separator = Buffer.from(file.separator);
  let pending: Uint8Array[] = [];
  let size = 0;
  for (const [n, path] of file.parts.entries()) {
    const bytes = partBytes(path);
    if (n > 0) pending.push(separator);
    pending.push(bytes);
    size += (n > 0 ? separator.byteLength : 0) + bytes.byteLength;
    if (size >= chunkBytes) {
      yield Buffer.concat(pending, size);
      pending = [];
      size = 0;
    }
  }
  if (size > 0) yield Buffer.concat(pending, size);
}

/** Where a route's HTML goes: clean URLs as folders with index.html. */
export function htmlPathForRoute(route: string): string {
  return route === '/' ? 'index.html' : `${route.replace(/^\//, '')}/index.html`;
}
