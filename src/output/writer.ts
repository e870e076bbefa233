import { spawn } from 'node:child_process';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { OutputFile } from './output-file.js';

export interface WriteReport {
  files: number;
  bytes: number;
}

export interface Writer {
  write(files: readonly OutputFile[]): Promise<WriteReport>;
}

const size = (contents: string | Uint8Array) => (typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength);

/**
 * Deletes directories from a detached process, so the build does not wait for it: deleting the
 * thousands of files of the previous output takes longer than writing the new one on some disks.
 */
function removeInBackground(paths: readonly string[]): void {
  if (paths.length === 0) return;
  const script = 'const { rmSync } = require("node:fs"); for (const path of process.argv.slice(1)) rmSync(path, { recursive: true, force: true });';
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
export function createFsWriter(outDir: string): Writer {
  const target = resolve(outDir);
  return {
    async write(files) {
      const stamp = `${process.pid}-${Date.now()}`;
      const staging = join(dirname(target), `.${basename(target)}.tmp-${stamp}`);
      const previous = join(dirname(target), `.${basename(target)}.old-${stamp}`);
      await rm(staging, { recursive: true, force: true });
      let bytes = 0;
      try {
        const dirs = new Set(files.map((file) => dirname(join(staging, file.path))));
        await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
        await Promise.all(files.map((file) => { bytes += size(file.contents); return writeFile(join(staging, file.path), file.contents); }));
        await rename(target, previous).catch((error: NodeJS.ErrnoException) => { if (error.code !== 'ENOENT') throw error; });
        await rename(staging, target);
      } catch (error) {
        await rm(staging, { recursive: true, force: true });
        throw error;
      }
      removeInBackground(await leftovers(target));
      return { files: files.length, bytes };
    },
  };
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
