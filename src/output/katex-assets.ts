import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { OutputFile } from './output-file.js';

const requireModule = createRequire(import.meta.url);

/** Where KaTeX's stylesheet goes: versioned, so a KaTeX update never meets a cached old file. */
export function katexCssPath(): string {
  const { version } = requireModule('katex/package.json') as { version: string };
  return `assets/katex-${version}/katex.min.css`;
}

/**
 * KaTeX's stylesheet and its fonts, for sites with math (written only when a page has some). Only
 * the woff2 fonts are copied: the stylesheet lists woff2 first, and every browser docsgen supports
 * reads it, so the woff and ttf copies would never be requested.
 */
export async function loadKatexAssets(): Promise<OutputFile[]> {
  const dist = join(dirname(requireModule.resolve('katex/package.json')), 'dist');
  const folder = dirname(katexCssPath());
  const fonts = (await readdir(join(dist, 'fonts'))).filter((name) => name.endsWith('.woff2')).sort();
  return [
    { path: katexCssPath(), contents: await readFile(join(dist, 'katex.min.css')) },
    ...(await Promise.all(
      fonts.map(async (name) => ({
        path: `${folder}/fonts/${name}`,
        contents: await readFile(join(dist, 'fonts', name)),
      })),
    )),
  ];
}
