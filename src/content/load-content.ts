import { relative } from 'node:path';
import type { SiteConfig } from '../config/resolve-config.js';
import { errorDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Page } from '../model.js';
import { assignDocRoutes } from './assign-doc-routes.js';
import { collectSources } from './collect-sources.js';
import type { AssetResolver } from './create-asset-resolver.js';
import type { Highlighter } from './highlighter.js';
import { createMarkdownProcessor } from './markdown-processor.js';
import { parseFrontMatter, type SplitSource } from './parse-front-matter.js';
import { parsePage } from './parse-page.js';

export interface LoadContentOptions {
  config: SiteConfig;
  highlighter: Highlighter;
  assets: AssetResolver;
}

/** Reads and parses every Markdown page: front matter, routes, then bodies (which need all routes for links). */
export async function loadContent({ config, highlighter, assets }: LoadContentOptions): Promise<{ pages: Page[]; diagnostics: Diagnostic[] }> {
  const sources = await collectSources({ root: config.root, contentDir: config.contentDir });
  const diagnostics: Diagnostic[] = [];
  const splits: SplitSource[] = [];
  for (const source of sources) {
    const result = parseFrontMatter(source);
    diagnostics.push(...result.diagnostics);
    if (result.value) splits.push(result.value);
  }
  const { entries, diagnostics: routeDiagnostics } = assignDocRoutes(splits);
  diagnostics.push(...routeDiagnostics);
  const docRoutes = new Map(entries.map((entry) => [entry.source.absolutePath, entry.route]));
  const processor = createMarkdownProcessor({ trusted: true });
  const pages: Page[] = [];
  for (const entry of entries) {
    try {
      const parsed = parsePage(entry, { processor, highlighter, docRoutes, baseUrl: config.baseUrl, assetUrl: assets.assetUrl });
      pages.push(parsed.page);
      diagnostics.push(...parsed.diagnostics);
      for (const asset of parsed.assets) {
        if (assets.missing.has(asset)) diagnostics.push(errorDiagnostic('DG207', `Missing file "${relative(config.root, asset)}" referenced by an image`, { file: entry.source.relativePath }));
      }
    } catch (error) {
      diagnostics.push(errorDiagnostic('DG200', `Could not render Markdown: ${(error as Error).message}`, { file: entry.source.relativePath, line: (error as { line?: number }).line }));
    }
  }
  return { pages, diagnostics };
}
