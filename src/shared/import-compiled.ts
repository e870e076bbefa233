import type { BuildOptions } from 'esbuild';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';

/** esbuild options for one ES module that Node imports: the code bundled, packages left to node_modules. */
export const NODE_MODULE_BUILD = {
  bundle: true,
  write: false,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'silent',
} satisfies BuildOptions;

/**
 * Imports ES module code compiled in memory (the site config, the dev templates). Node imports
 * only files (a data: URL cannot resolve node_modules), so the code is written to `file`, where
 * its imports resolve, imported, and the file removed.
 */
export async function importCompiled<T>(code: string, file: string): Promise<T> {
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, code);
    return (await import(pathToFileURL(file).href)) as T;
  } finally {
    await rm(file, { force: true });
  }
}
