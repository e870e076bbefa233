import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { BuildCache } from '../build-cache.js';
import { packContent, packHtml, unpackContent, unpackHtml, type PackedContent } from './pack-cache.js';

/** Bump when the shape of what is saved changes. */
const FORMAT = 3;

/**
 * Identity of the running docsgen: a hash of its own code (dist/cli.js when compiled, with the
 * templates and the whole pipeline inside). A saved cache made by other code is ignored.
 */
export async function codeIdentity(): Promise<string | undefined> {
  const self = fileURLToPath(import.meta.url);
  // Run from TypeScript sources (tests), this file alone would not identify the code: no cache.
  if (!self.endsWith(`${sep}dist${sep}cli.js`)) return undefined;
  return createHash('sha1')
    .update(`${FORMAT}\0${process.version}\0`)
    .update(await readFile(self))
    .digest('hex');
}

/**
 * Where `docsgen build` and `docsgen dev` keep their cache between runs: in the site's
 * node_modules/.cache, like the compiled config, named after the site's folder (node_modules may
 * be shared through a link). One file for both, so `docsgen dev` after a build starts warm: they
 * parse, bundle and render alike, and every entry is checked against its inputs before use.
 */
export const cacheFileFor = (root: string) =>
  join(
    root,
    'node_modules',
    '.cache',
    'docsgen',
    `cache-${createHash('sha1').update(root).digest('hex').slice(0, 12)}.v8`,
  );

interface Saved {
  identity: string;
  parts: Partial<Record<'content' | 'steps' | 'html' | 'search' | 'output', Buffer>>;
}

/**
 * Restores a cache saved by an earlier `docsgen build` or `docsgen dev` of the same site with the same docsgen.
 * Nothing in it is trusted blindly: every entry is still checked against the files (content
 * hashes, routes, stamps) by the build, exactly as within one run. Unreadable parts are skipped.
 */
export async function restoreCache(cache: BuildCache, file: string, identity: string): Promise<boolean> {
  let saved: Saved;
  try {
    saved = deserialize(await readFile(file)) as Saved;
  } catch {
    return false;
  }
  if (saved?.identity !== identity) return false;
  const part = <T>(name: keyof Saved['parts']): T | undefined => {
    try {
      return saved.parts[name] ? (deserialize(saved.parts[name]!) as T) : undefined;
    } catch {
      return undefined;
    }
  };
  const content = part<PackedContent>('content');
  if (content) cache.content = unpackContent(content);
  const steps = part<BuildCache['steps']>('steps');
  for (const [name, entry] of steps ?? []) {
    // The resolved config is frozen when made; keep it so.
    if (name === 'config') deepFreeze((entry.value as { config?: unknown }).config);
    cache.steps.set(name, entry);
  }
  const html = part<Parameters<typeof unpackHtml>[0]>('html');
  if (html) cache.render.html = unpackHtml(html);
  cache.search = part<BuildCache['search']>('search');
  cache.output = part<BuildCache['output']>('output');
  return true;
}

/**
 * Every entry the cache holds: objects by reference, strings by value. The caches replace an
 * entry only when they compute it again, so an unchanged list means there is nothing new to save.
 */
export function cacheEntries(cache: BuildCache): unknown[] {
  const { content, render, steps } = cache;
  const maps: ReadonlyMap<unknown, unknown>[] = [
    content.sources,
    content.splits,
    content.pages,
    content.docRoutes,
    render.html,
    steps,
  ];
  return [...maps.flatMap((map) => [...map].flat()), cache.search, cache.output];
}

export const sameEntries = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/** Saves the cache (atomically: a temporary file renamed over the old one). Parts that cannot be serialised are left out. */
export async function saveCache(cache: BuildCache, file: string, identity: string): Promise<void> {
  const attempt = (value: unknown) => {
    try {
      return serialize(value);
    } catch {
      return undefined;
    }
  };
  const saved: Saved = {
    identity,
    parts: {
      content: attempt(packContent(cache.content)),
      steps: attempt(cache.steps),
      html: attempt(packHtml(cache.render.html)),
      search: attempt(cache.search),
      output: attempt(cache.output),
    },
  };
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(temporary, serialize(saved));
    await rename(temporary, file);
  } catch {
    await rm(temporary, { force: true });
  }
}

function deepFreeze(value: unknown): void {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
}
