import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { joinBase } from '../shared/url.js';

export interface AssetResolver {
  /** Public URL of a local file referenced by a page; reads it once to hash its content. */
  assetUrl(absolutePath: string): string;
  /** Every asset resolved so far: absolute source → output path. */
  readonly assets: ReadonlyMap<string, { output: string; contents: Buffer }>;
  /** Referenced files that could not be read. */
  readonly missing: ReadonlySet<string>;
}

/** Copies images and downloads with content-hashed names (long-cacheable, deterministic). */
export function createAssetResolver(baseUrl: string): AssetResolver {
  const assets = new Map<string, { output: string; contents: Buffer }>();
  const missing = new Set<string>();
  return {
    assets,
    missing,
    assetUrl(absolutePath) {
      let asset = assets.get(absolutePath);
      if (!asset) {
        let contents: Buffer;
        try {
          contents = readFileSync(absolutePath);
        } catch {
          missing.add(absolutePath);
          return absolutePath;
        }
        const ext = extname(absolutePath);
        const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
        asset = { output: `assets/media/${basename(absolutePath, ext)}.${hash}${ext}`, contents };
        assets.set(absolutePath, asset);
      }
      return joinBase(baseUrl, `/${asset.output}`);
    },
  };
}
