import pMap, { pMapSkip } from 'p-map';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import * as nodeFs from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { DocsgenError, errorDiagnostic } from '../diagnostics/diagnostic.js';
import { removeStaleTemporaries } from '../shared/stale-temporaries.js';
import { contentsOf, isJoined, isSpooled, joinedChunks, type JoinedFile, type WritableFile } from './output-file.js';

/**
 * The file system calls the writer makes; tests pass one that fails (a full disk) to see what is
 * reported. Taking an unchanged file again (a stat, a link, its folder) is synchronous: a rebuild
 * of a large site does it for every page and twin (15,000 calls at 5,000 pages), and through the
 * thread pool each call cost ~2x the CPU of the system call itself.
 */
export type WriterFs = Pick<typeof nodeFs, 'copyFile' | 'readdir' | 'rename' | 'rm' | 'stat' | 'writeFile'> & {
  linkSync: typeof linkSync;
  mkdirSync: typeof mkdirSync;
  statSync: typeof statSync;
};

const systemFs: WriterFs = { ...nodeFs, linkSync, mkdirSync, statSync };

export interface WriteReport {
  files: number;
  bytes: number;
  /** Files taken over from the previous output unchanged (hard links) instead of written. */
  reused?: number;
  /** What this write put in the output directory (file system writers). */
  manifest?: OutputManifest;
}

/** The files a write left in an output directory, so that the next write can reuse the unchanged ones. */
export interface OutputManifest {
  dir: string;
  files: Map<string, FileRecord>;
}

/** One file of the manifest: its bytes' hash and stamp, and the digest of its key when it was a keyed file. */
interface FileRecord {
  hash: string;
  size: number;
  mtimeMs: number;
  key?: string;
}

/**
 * What a writer writes: a list, or files produced one at a time as the writer takes them (a
 * build renders each page as it is written, so a large site's HTML is never all in memory).
 * Keyed files (pages) are made only when the last write did not leave them (`KeyedOutputFile`).
 */
export type OutputFiles = Iterable<WritableFile> | AsyncIterable<WritableFile>;

export interface Writer {
  write(files: OutputFiles): Promise<WriteReport>;
}

const size = (contents: string | Uint8Array) =>
  typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;

/**
 * Deletes directories from a detached process, so the build does not wait for it: deleting the
 * thousands of files of the previous output takes longer than writing the new one on some disks.
 */
function removeInBackground(paths: readonly string[]): void {
  if (paths.length === 0) return;
  const script =
    'const { rmSync } = require("node:fs"); for (const path of process.argv.slice(1)) rmSync(path, { recursive: true, force: true });';
  spawn(process.execPath, ['-e', script, ...paths], { detached: true, stdio: 'ignore' }).unref();
}

/** Earlier outputs of `target` still waiting for deletion (a removal that was interrupted). */
async function leftovers(target: string, fs: WriterFs): Promise<string[]> {
  const prefix = `.${basename(target)}.old-`;
  const siblings = await fs.readdir(dirname(target)).catch(() => [] as string[]);
  return siblings.filter((name) => name.startsWith(prefix)).map((name) => join(dirname(target), name));
}

/**
 * Writes the whole site into a sibling temporary directory and swaps it in only when every file
 * is written: a failed or interrupted build never leaves a half-written output directory. The
 * previous output is renamed aside and deleted in the background.
 */
export interface FsWriterOptions {
  /**
   * Hash every file and return a manifest (the build cache keeps it), linking the files that
   * `previous` shows unchanged. Off (`--no-cache`): plain writes, no hashing.
   */
  track?: boolean;
  previous?: OutputManifest;
  fs?: WriterFs;
}

/** `.build.tmp-{pid}-{time}`: the staging folder of a build, named after the process that writes it. */
const stagingPattern = (target: string) =>
  new RegExp(`^\\.${basename(target).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.tmp-(\\d+)-\\d+$`);

export function createFsWriter(
  outDir: string,
  { track = false, previous: last, fs = systemFs }: FsWriterOptions = {},
): Writer {
  const target = resolve(outDir);
  return {
    async write(files) {
      // A build killed while writing left its staging folder (up to the size of a whole site).
      await removeStaleTemporaries(dirname(target), stagingPattern(target));
      const stamp = `${process.pid}-${Date.now()}`;
      const staging = join(dirname(target), `.${basename(target)}.tmp-${stamp}`);
      const previous = join(dirname(target), `.${basename(target)}.old-${stamp}`);
      await fs.rm(staging, { recursive: true, force: true });
      let bytes = 0;
      let count = 0;
      let manifest: OutputManifest | undefined;
      let reused = 0;
      let same = 0;
      try {
        const folder = folders(fs);
        const known = last?.dir === target ? last.files : undefined;
        const placed = placements();
        const records = await mapWithLimit(files, WRITES_IN_FLIGHT, async (file) => {
          count += 1;
          folder(dirname(join(staging, file.path)));
          if (!track) {
            // Not `bytes += await …`: that reads `bytes` before the write, and other writes add meanwhile.
            const written = await placed.track(file.path, writePlain(file, { staging, placed }, fs));
            bytes += written;
            return;
          }
          const where = { staging, target, known: known?.get(file.path), fs, placed };
          const { record, linked } = await placed.track(file.path, placeFile(file, where));
          bytes += record.size;
          if (linked) reused += 1;
          if (record === known?.get(file.path)) same += 1;
          return [file.path, record] as const;
        });
        // The same object when nothing changed, so the build cache knows it has nothing new to save.
        if (track)
          manifest =
            last && known && same === count && known.size === count
              ? last
              : { dir: target, files: new Map(records.filter((record) => record !== undefined).sort(byPath)) };
        await fs.rename(target, previous).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
        await fs.rename(staging, target);
      } catch (error) {
        // The cause is what is reported: a cleanup that fails as well (a full disk) must not replace it.
        await fs.rm(staging, { recursive: true, force: true }).catch(() => undefined);
        throw writeFailure(error, target);
      }
      removeInBackground(await leftovers(target, fs));
      return { files: count, bytes, reused, manifest };
    },
  };
}

/** A joined file naming a file not given to the writer before it: a bug of the build, not of the site. */
function missingPart(file: JoinedFile, path: string): never {
  throw new Error(`docsgen: ${file.path} joins ${path}, not written before it`);
}

/**
 * Where each file given to the writer is being placed: a joined file waits for its parts (given to
 * the writer before it, so already placed or in flight) and reads them from the staging directory.
 */
function placements() {
  const placing = new Map<string, Promise<unknown>>();
  return {
    track<T>(path: string, work: Promise<T>): Promise<T> {
      placing.set(path, work);
      return work;
    },
    /** The results of placing a joined file's parts, once all are placed. */
    async partsOf<T>(file: JoinedFile): Promise<T[]> {
      return (await Promise.all(file.parts.map((path) => placing.get(path) ?? missingPart(file, path)))) as T[];
    },
  };
}

type Placements = ReturnType<typeof placements>;

/** Writes a joined file from its parts' bytes in the staging directory; its size, and the SHA-1 of its bytes when `hash`. */
async function writeJoined(
  file: JoinedFile,
  { staging, destination, fs }: { staging: string; destination: string; fs: WriterFs },
  hash?: ReturnType<typeof createHash>,
): Promise<number> {
  let written = 0;
  function* chunks() {
    for (const chunk of joinedChunks(file, (path) => readFileSync(join(staging, path)))) {
      hash?.update(chunk);
      written += chunk.byteLength;
      yield chunk;
    }
  }
  await fs.writeFile(destination, chunks());
  return written;
}

/** Writes a file without tracking it; its size. A spooled file is copied, never read into memory. */
async function writePlain(
  file: WritableFile,
  { staging, placed }: { staging: string; placed: Placements },
  fs: WriterFs,
): Promise<number> {
  const destination = join(staging, file.path);
  if (isSpooled(file)) {
    await fs.copyFile(file.spooled, destination);
    return (await fs.stat(destination)).size;
  }
  if (isJoined(file)) {
    await placed.partsOf(file);
    return writeJoined(file, { staging, destination, fs });
  }
  const contents = await contentsOf(file);
  await fs.writeFile(destination, contents);
  return size(contents);
}

/** Creates each folder of the staging directory once, when the first file inside it is written. */
function folders(fs: WriterFs): (dir: string) => void {
  const made = new Set<string>();
  return (dir) => {
    if (made.has(dir)) return;
    fs.mkdirSync(dir, { recursive: true });
    made.add(dir);
  };
}

/** Manifest entries by path: the same order whatever order the files came in. */
const byPath = (a: readonly [string, unknown], b: readonly [string, unknown]) =>
  a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;

/**
 * Files placed at once. Enough to keep the thread pool busy; few enough that a 70 MB site is not
 * encoded to bytes all at once (it was, with every write started together: a memory peak and GC).
 */
const WRITES_IN_FLIGHT = 64;

/**
 * `items.map(fn)` with at most `limit` calls running at a time (p-map); results in input order.
 * After a failure no call starts, and it rejects with the first error once the calls in flight
 * have ended (so that nothing still writes into a folder that is being removed): p-map's own
 * stopOnError rejects at once, so the calls left are skipped instead.
 */
async function mapWithLimit<T, R>(
  items: Iterable<T> | AsyncIterable<T>,
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  let failed = false;
  // Files produced on demand (rendered pages) stop being produced after a failure.
  async function* untilFailed() {
    for await (const item of items) {
      if (failed) return;
      yield item;
    }
  }
  const call = async (item: T): Promise<R | typeof pMapSkip> => {
    if (failed) return pMapSkip;
    try {
      return await fn(item);
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  try {
    return (await pMap(untilFailed(), call, { concurrency: Math.max(1, limit), stopOnError: false })) as R[];
  } catch (error) {
    throw error instanceof AggregateError ? error.errors[0] : error;
  }
}

/** Relative to the working directory when inside it, else absolute. */
function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/** Why the output could not be written, as a DG601 diagnostic naming the path and the system's reason. */
function writeFailure(error: unknown, target: string): unknown {
  const cause = error as NodeJS.ErrnoException;
  if (!cause?.code || !cause.syscall) return error;
  const where = displayPath(cause.path ?? target);
  const reason = cause.message.replace(/^[A-Z]+: /, '').replace(/, \w+( '.*')?$/, '');
  const full = cause.code === 'ENOSPC' || cause.code === 'EDQUOT';
  return new DocsgenError(
    [
      errorDiagnostic('DG601', `Could not write the output: ${reason} (${cause.code}, ${cause.syscall} ${where})`, {
        file: where,
        hint: full
          ? `Free some disk space and build again; ${displayPath(target)} was left as it was.`
          : `Check that the folder is writable; ${displayPath(target)} was left as it was.`,
      }),
    ],
    { cause: error },
  );
}

/** A digest of a keyed file's key: keys can be long (a page's render key), the manifest is saved with the cache. */
const keyDigest = (key: string) => createHash('sha1').update(key).digest('base64');

/** Whether the file at `path` of the current output is still the one `known` recorded (nobody deleted or touched it). */
function untouched(path: string, known: FileRecord, fs: WriterFs): boolean {
  const current = fs.statSync(path, { throwIfNoEntry: false });
  return Boolean(current?.isFile() && current.size === known.size && current.mtimeMs === known.mtimeMs);
}

/** Links the current output's file into the staging directory when it is untouched; false when it is not (or cannot be linked). */
function linkUnchanged(
  path: string,
  { staging, target, known, fs }: { staging: string; target: string; known: FileRecord; fs: WriterFs },
): boolean {
  if (!untouched(join(target, path), known, fs)) return false;
  try {
    fs.linkSync(join(target, path), join(staging, path));
    return true;
  } catch {
    return false;
  }
}

/** Where a file goes: the staging and current output folders, what the last write recorded of it, the files placed before it. */
interface Placing {
  staging: string;
  target: string;
  known?: FileRecord;
  fs: WriterFs;
  placed: Placements;
}

/**
 * Puts a joined file into the staging directory once its parts are placed: keyed by the hashes of
 * its parts' bytes (which their records hold), so it is linked from the last output when every part
 * is what it was, else joined from the parts' bytes in the staging directory.
 */
async function placeJoined(file: JoinedFile, where: Placing): Promise<{ record: FileRecord; linked: boolean }> {
  const parts = await where.placed.partsOf<{ record: FileRecord }>(file);
  const key = keyDigest(['joined', file.separator, ...parts.map(({ record }) => record.hash)].join('\0'));
  const { known, fs } = where;
  if (known?.key === key && linkUnchanged(file.path, { ...where, known })) return { record: known, linked: true };
  const destination = join(where.staging, file.path);
  const hash = createHash('sha1');
  const written = await writeJoined(file, { staging: where.staging, destination, fs }, hash);
  const mtimeMs = (await fs.stat(destination)).mtimeMs;
  return { record: { hash: hash.digest('hex'), size: written, mtimeMs, key }, linked: false };
}

/**
 * Puts one file into the staging directory: a hard link to the same file of the current output
 * when the last write left it there and nobody touched it since (same size and modification time),
 * else a fresh write. A keyed file (a page, a Markdown twin, a search file) is taken again when its key is
 * the one recorded, without making or hashing its bytes; a joined file (llms-full.txt) when its parts'
 * bytes are the ones it was joined from; any other file when its bytes hash as recorded. Linking is several
 * times faster than writing, and an unchanged site is mostly unchanged files. The record is
 * `known` itself when nothing about the file changed.
 */
async function placeFile(file: WritableFile, where: Placing): Promise<{ record: FileRecord; linked: boolean }> {
  if (isJoined(file)) return placeJoined(file, where);
  const { staging, known, fs } = where;
  const key = !isSpooled(file) && file.key !== undefined ? keyDigest(file.key) : undefined;
  if (known && key !== undefined && known.key === key && linkUnchanged(file.path, { ...where, known }))
    return { record: known, linked: true };
  const contents = await contentsOf(file);
  const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
  const hash = createHash('sha1').update(bytes).digest('hex');
  const sameBytes = known && known.hash === hash && known.size === bytes.byteLength;
  if (sameBytes && linkUnchanged(file.path, { ...where, known }))
    return { record: known.key === key ? known : { ...known, key }, linked: true };
  const destination = join(staging, file.path);
  await fs.writeFile(destination, bytes);
  const record: FileRecord = { hash, size: bytes.byteLength, mtimeMs: (await fs.stat(destination)).mtimeMs };
  return { record: key === undefined ? record : { ...record, key }, linked: false };
}

/** Keeps the output in memory: used by `docsgen dev` and by tests. */
export interface MemoryWriter extends Writer {
  readonly files: ReadonlyMap<string, string | Uint8Array>;
}

export function createMemoryWriter(): MemoryWriter {
  const files = new Map<string, string | Uint8Array>();
  return {
    files,
    async write(output) {
      files.clear();
      let bytes = 0;
      let count = 0;
      for await (const file of output) {
        const contents = isJoined(file)
          ? Buffer.concat([...joinedChunks(file, (path) => Buffer.from(files.get(path) ?? missingPart(file, path)))])
          : await contentsOf(file);
        files.set(file.path, contents);
        bytes += size(contents);
        count += 1;
      }
      return { files: count, bytes };
    },
  };
}
