/**
 * Where the search index keeps its pages' content entries (each page's `ContentPage` as JSON) from
 * the moment a part is merged until the content files are made of them. The entries are the
 * index's largest part (~11 MB of JSON per 1,000 pages of the bench content, more than the
 * postings): a large build without the build cache appends them to a scratch file
 * (`spooledContents`) and writes each content file to another, which the writer copies into
 * place, so they do not grow the main thread's heap with the site. Otherwise (`memoryContents`)
 * they are kept as strings, as before.
 */
import { closeSync, openSync, readSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputFile, SpooledFile } from '../output/output-file.js';

/** A content file once made: its size, and the output file it becomes under its name (known once every file is made). */
export interface MadeContentFile<F> {
  bytes: number;
  as(path: string): F;
}

export interface ContentStore<F extends OutputFile | SpooledFile = OutputFile> {
  /** Keeps the next page's entry. */
  add(content: string): void;
  /** Entries kept so far. */
  readonly count: number;
  /** Their length in characters (the average entry sets how many pages a content file holds). */
  readonly chars: number;
  /** The entries of pages `first` to `end - 1`, joined with commas (as a content file lists them). */
  join(first: number, end: number): string;
  /** The `n`th content file, made of `text`: kept as it is, or written out. */
  file(text: string, n: number): MadeContentFile<F>;
  /** Every content file is made: the entries are not read again. */
  close(): void;
}

/** Entries and content files kept as strings. */
export function memoryContents(): ContentStore<OutputFile> {
  const entries: string[] = [];
  let chars = 0;
  return {
    add(content) {
      entries.push(content);
      chars += content.length;
    },
    get count() {
      return entries.length;
    },
    get chars() {
      return chars;
    },
    join: (first, end) => entries.slice(first, end).join(','),
    file: (text) => ({ bytes: Buffer.byteLength(text), as: (path) => ({ path, contents: text }) }),
    close: () => {},
  };
}

/**
 * Entries appended to `{scratchDir}/search-contents.spool` (each followed by a comma), of which
 * only the byte offsets are kept; each content file is written to `{scratchDir}/search-content-N.json`
 * and given to the writer as a spooled file. Entries are JSON from `JSON.stringify`, which escapes
 * lone surrogates, so their UTF-8 bytes read back as the same string.
 */
export function spooledContents(scratchDir: string): ContentStore<SpooledFile> {
  const fd = openSync(join(scratchDir, 'search-contents.spool'), 'w+');
  // offsets[n] is where entry n starts; the last one is where the next would.
  const offsets = [0];
  let chars = 0;
  return {
    add(content) {
      const bytes = writeSync(fd, `${content},`);
      offsets.push(offsets[offsets.length - 1] + bytes);
      chars += content.length;
    },
    get count() {
      return offsets.length - 1;
    },
    get chars() {
      return chars;
    },
    join(first, end) {
      if (end <= first) return '';
      // Without the comma after the last entry.
      const buffer = Buffer.alloc(offsets[end] - offsets[first] - 1);
      for (let done = 0; done < buffer.length;)
        done += readSync(fd, buffer, done, buffer.length - done, offsets[first] + done);
      return buffer.toString('utf8');
    },
    file(text, n) {
      const spooled = join(scratchDir, `search-content-${n}.json`);
      writeFileSync(spooled, text);
      return { bytes: Buffer.byteLength(text), as: (path) => ({ path, spooled }) };
    },
    close: () => closeSync(fd),
  };
}
