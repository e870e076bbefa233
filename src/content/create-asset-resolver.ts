import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { isInside, realPath } from '../shared/allowed-paths.js';
import { joinBase } from '../shared/url.js';

export interface AssetResolver {
  /** Public URL of a local file referenced by a page; reads it once to hash its content. */
  assetUrl(absolutePath: string): string;
  /** Every asset resolved so far: absolute source → output path. */
  readonly assets: ReadonlyMap<string, { output: string; contents: Buffer }>;
  /** Referenced files that could not be read. */
  readonly missing: ReadonlySet<string>;
  /** Referenced files outside the folders the build may read (never read, never published). */
  readonly outside: ReadonlySet<string>;
}

/**
 * Copies images and downloads with content-hashed names (long-cacheable, deterministic). With
 * `readable` (the site root and config `allowedPaths`, see readableFolders), a file whose real
 * path is outside them (`![](../../../etc/passwd)`, or a link out) is not read.
 */
export function createAssetResolver(baseUrl: string, readable?: readonly string[]): AssetResolver {
  const assets = new Map<string, { output: string; contents: Buffer }>();
  const missing = new Set<string>();
  const outside = new Set<string>();
  return {
    assets,
    missing,
    outside,
    assetUrl(absolutePath) {
      let asset = assets.get(absolutePath);
      if (!asset && readable && !readable.some((folder) => isInside(realPath(absolutePath), folder))) {
        outside.add(absolutePath);
        return absolutePath;
      }
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
