import fg from 'fast-glob';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

export interface SourceFile {
  /** Absolute path. */
  absolutePath: string;
  /** Path relative to the site root, used in messages and the meta index. */
  relativePath: string;
  /** Path relative to the content directory, without extension: the default doc id. */
  contentPath: string;
  text: string;
}

/** Reads every Markdown file under the content directory, sorted for deterministic output. */
export async function collectSources({ root, contentDir }: { root: string; contentDir: string }): Promise<SourceFile[]> {
  const base = join(root, contentDir);
  const files = (await fg('**/*.{md,mdx}', { cwd: base, ignore: ['**/_*', '**/node_modules/**'] })).sort();
  return Promise.all(
    files.map(async (file) => {
      const absolutePath = join(base, file);
      return { absolutePath, relativePath: relative(root, absolutePath), contentPath: file.replace(/\.mdx?$/, ''), text: await readFile(absolutePath, 'utf8') };
    }),
  );
}
