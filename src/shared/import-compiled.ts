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
    return await settledBeforeIdle(import(pathToFileURL(file).href) as Promise<T>);
  } finally {
    await rm(file, { force: true });
  }
}

/** The `code` of the error an import fails with when its top-level await can never settle. */
export const UNSETTLED_IMPORT = 'DOCSGEN_UNSETTLED_IMPORT';

/**
 * A module whose top-level await waits for nothing that can happen leaves its import pending while
 * the event loop runs empty, and Node then exits with code 13 and no message. Node says the loop is
 * empty with 'beforeExit': the import is then failed with an error the caller can report.
 */
function settledBeforeIdle<T>(loading: Promise<T>): Promise<T> {
  return new Promise<T>((resolvePromise, reject) => {
    const onIdle = () =>
      reject(
        Object.assign(new Error('its top-level await never settled (nothing left to wait for)'), {
          code: UNSETTLED_IMPORT,
        }),
      );
    process.once('beforeExit', onIdle);
    loading.then(resolvePromise, reject).finally(() => process.off('beforeExit', onIdle));
  });
}
