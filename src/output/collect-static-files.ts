import fg from 'fast-glob';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutputFile } from './output-file.js';

/** Files of the static directory, copied to the output root as they are. */
export async function collectStaticFiles(staticDir: string): Promise<OutputFile[]> {
  const files = (await fg('**/*', { cwd: staticDir, dot: false, onlyFiles: true }).catch(() => [] as string[])).sort();
  return Promise.all(files.map(async (path) => ({ path, contents: await readFile(join(staticDir, path)) })));
}
