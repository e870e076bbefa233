import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { link, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { OutputFile } from './output-file.js';

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
  files: Map<string, { hash: string; size: number; mtimeMs: number }>;
}

export interface Writer {
  write(files: readonly OutputFile[]): Promise<WriteReport>;
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
async function leftovers(target: string): Promise<string[]> {
  const prefix = `.${basename(target)}.old-`;
  const siblings = await readdir(dirname(target)).catch(() => [] as string[]);
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
}

export function createFsWriter(outDir: string, { track = false, previous: last }: FsWriterOptions = {}): Writer {
  const target = resolve(outDir);
  return {
    async write(files) {
      const stamp = `${process.pid}-${Date.now()}`;
      const staging = join(dirname(target), `.${basename(target)}.tmp-${stamp}`);
      const previous = join(dirname(target), `.${basename(target)}.old-${stamp}`);
      await rm(staging, { recursive: true, force: true });
      let bytes = 0;
      let manifest: OutputManifest | undefined;
      let reused = 0;
      try {
        const dirs = new Set(files.map((file) => dirname(join(staging, file.path))));
        await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
        const known = last?.dir === target ? last.files : undefined;
        const records = await mapWithLimit(files, WRITES_IN_FLIGHT, async (file) => {
          bytes += size(file.contents);
          if (!track) return void (await writeFile(join(staging, file.path), file.contents));
          const record = await placeFile(file, { staging, target, known: known?.get(file.path) });
          if (record === known?.get(file.path)) reused += 1;
          return [file.path, record] as const;
        });
        // The same object when nothing changed, so the build cache knows it has nothing new to save.
        if (track)
          manifest =
            last && known && reused === files.length && known.size === files.length
              ? last
              : { dir: target, files: new Map(records.filter((record) => record !== undefined)) };
        await rename(target, previous).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
        await rename(staging, target);
      } catch (error) {
        await rm(staging, { recursive: true, force: true });
        throw error;
      }
      removeInBackground(await leftovers(target));
      return { files: files.length, bytes, reused, manifest };
    },
  };
}

/**
 * Files placed at once. Enough to keep the thread pool busy; few enough that a 70 MB site is not
 * encoded to bytes all at once (it was, with every write started together: a memory peak and GC).
 */
const WRITES_IN_FLIGHT = 64;

/** `items.map(fn)` with at most `limit` calls running at a time; results in input order. */
async function mapWithLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

type FileRecord = OutputManifest['files'] extends Map<string, infer R> ? R : never;

/**
 * Puts one file into the staging directory: a hard link to the same file of the current output
 * when the last write left it there with these exact bytes and nobody touched it since (same
 * size and modification time), else a fresh write. Linking is several times faster than writing,
 * and an unchanged site is mostly unchanged files.
 */
async function placeFile(
  file: OutputFile,
  { staging, target, known }: { staging: string; target: string; known?: FileRecord },
): Promise<FileRecord> {
  const bytes = typeof file.contents === 'string' ? Buffer.from(file.contents) : file.contents;
  const hash = createHash('sha1').update(bytes).digest('hex');
  const destination = join(staging, file.path);
  if (known && known.hash === hash && known.size === bytes.byteLength) {
    const current = await stat(join(target, file.path)).catch(() => undefined);
    const untouched = current?.isFile() && current.size === known.size && current.mtimeMs === known.mtimeMs;
    if (
      untouched &&
      (await link(join(target, file.path), destination).then(
        () => true,
        () => false,
      ))
    )
      return known;
  }
  await writeFile(destination, bytes);
  return { hash, size: bytes.byteLength, mtimeMs: (await stat(destination)).mtimeMs };
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
      for (const file of output) {
        files.set(file.path, file.contents);
        bytes += size(file.contents);
      }
      return { files: output.length, bytes };
    },
  };
}
