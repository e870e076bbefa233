import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { transform } from 'esbuild';
import { INFIMA_CSS_FILE } from '../content/infima-classes.js';
import type { OutputFile } from './output-file.js';

let path: string | undefined;

/** Where the Infima stylesheet goes: named by its content, so that a changed file is never met in a browser's cache. */
export function infimaCssPath(): string {
  path ??= `assets/infima-compat.${createHash('sha256').update(readFileSync(INFIMA_CSS_FILE)).digest('hex').slice(0, 8)}.css`;
  return path;
}

/** The stylesheet of Infima's classes, minified (written only when a page uses them). */
export async function loadInfimaAsset(): Promise<OutputFile> {
  const { code } = await transform(readFileSync(INFIMA_CSS_FILE, 'utf8'), { loader: 'css', minify: true });
  return { path: infimaCssPath(), contents: code };
}
