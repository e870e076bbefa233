import { join } from 'node:path';
import { loadConfig } from '../../src/config/load-config.js';
import { createHighlighter } from '../../src/content/highlighter.js';
import { createAssetResolver } from '../../src/content/create-asset-resolver.js';
import { loadContent } from '../../src/content/load-content.js';
import { loadApiReference } from '../../src/openapi/load-api-reference.js';
import { buildSpecialPages } from '../../src/routes/build-special-pages.js';
import type { Page } from '../../src/model.js';
import { REPO } from '../helpers/mini-site.js';

/**
 * The repository's own pages, through the same stages `docsgen build` runs before rendering
 * (content and API reference), sorted by route like the route table. No rendering, no bundle.
 */
export async function loadRealPages(): Promise<Page[]> {
  const { config, diagnostics } = await loadConfig({ configPath: join(REPO, 'site.config.ts') });
  if (!config) throw new Error(`config failed: ${diagnostics.map((d) => d.message).join('; ')}`);
  const highlighter = createHighlighter();
  const [content, api] = await Promise.all([
    loadContent({ config, highlighter, assets: createAssetResolver(config.baseUrl) }),
    loadApiReference(config, highlighter),
  ]);
  const special = buildSpecialPages({ searchPagePath: config.search.searchPagePath });
  return [...content.pages, ...api.pages, ...special.pages].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
}
