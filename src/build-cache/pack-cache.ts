import { createHash } from 'node:crypto';
import type { ContentCache } from '../content/content-cache.js';
import type { RenderCache } from '../render/render-site.js';

/**
 * Smaller forms of the two largest parts of a saved cache. The V8 serialiser writes a string
 * each time it meets it and HTML with one non-Latin-1 character (an arrow) takes two bytes a
 * character, so a saved 1,000-page cache was half copies and padding; reading it back is most of
 * a warm build.
 */

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

type Split = ContentCache['splits'] extends Map<string, infer V> ? V : never;
type Parse = ContentCache['pages'] extends Map<string, infer V> ? V : never;

export interface PackedContent {
  sources: ContentCache['sources'];
  docRoutes: ContentCache['docRoutes'];
  /** Splits without their text when it is the text of their source file. */
  splits: [string, Omit<Split, 'text'> & { text?: string }][];
  /** Parses without their text, which is their source file's text with this hash. */
  pages: [string, Omit<Parse, 'text'> & { textHash: string }][];
}

export function packContent(content: ContentCache): PackedContent {
  const sourceText = (path: string) => content.sources.get(path)?.source.text;
  return {
    sources: content.sources,
    docRoutes: content.docRoutes,
    splits: [...content.splits].map(([path, split]) => [
      path,
      split.text === sourceText(path) ? { ...split, text: undefined } : split,
    ]),
    pages: [...content.pages].map(([path, { text, ...parse }]) => [path, { ...parse, textHash: sha1(text) }]),
  };
}

/** The content cache again; a parse whose source text is not the one it was made from is dropped. */
export function unpackContent(packed: PackedContent): ContentCache {
  const sourceText = (path: string) => packed.sources.get(path)?.source.text;
  const splits = new Map<string, Split>();
  for (const [path, split] of packed.splits) {
    const text = split.text ?? sourceText(path);
    if (text !== undefined) splits.set(path, { ...split, text });
  }
  const pages = new Map<string, Parse>();
  for (const [path, { textHash, ...parse }] of packed.pages) {
    const text = sourceText(path);
    if (text !== undefined && sha1(text) === textHash) pages.set(path, { ...parse, text });
  }
  return { sources: packed.sources, docRoutes: packed.docRoutes, splits, pages };
}

/** Rendered pages (UTF-8 bytes already) as plain tuples; restored as Buffers over the same bytes. */
export const packHtml = (html: RenderCache['results']): [string, string, Uint8Array][] =>
  [...html].map(([route, { key, value }]) => [route, key, value]);

export const unpackHtml = (packed: [string, string, Uint8Array][]): RenderCache['results'] =>
  new Map(
    packed.map(([route, key, bytes]) => [
      route,
      { key, value: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    ]),
  );
