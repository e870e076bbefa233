import type { SiteConfig } from '../config/resolve-config.js';
import type { RouteTable } from '../routes/build-route-table.js';
import type { ClientBundle } from '../bundle/bundle-client.js';
import type { AssetResolver } from '../content/create-asset-resolver.js';
import { buildMetaIndex } from './build-meta-index.js';
import { buildAgentFiles, buildLlmsTxt, LLMS_TXT } from './build-agent-files.js';
import { inNoIndexVersion } from '../config/docs-versions.js';
import { buildRobotsTxt, buildSitemap } from './build-sitemap.js';
import { htmlPathForRoute, type OutputFile } from './output-file.js';
import type { OperationSummary } from './operation-summary.js';
import type { Page } from '../model.js';
import { ROBOTS_TXT } from './static-collisions.js';

/** One API description as published: /openapi/{id}.json, named by its label in the meta index and llms.txt. */
export interface ApiSpecFile {
  id: string;
  label: string;
  json: string;
}

export interface PlanOutputInput {
  config: SiteConfig;
  table: RouteTable;
  /** Rendered HTML per route, plus the not-found page. */
  html: ReadonlyMap<string, string | Uint8Array>;
  notFoundHtml: string | Uint8Array;
  bundle: ClientBundle;
  assets: AssetResolver;
  staticFiles: readonly OutputFile[];
  /** Each API description as one JSON document, written to /openapi/{id}.json. */
  apiSpecs: readonly ApiSpecFile[];
  operations: readonly OperationSummary[];
  searchFiles: readonly OutputFile[];
  /** A page's Markdown twin: `pageMarkdown`, or the build's cached form of it. */
  pageMarkdown?: (page: Page) => string;
  /**
   * false: the Markdown twins and llms-full.txt are left out (llms.txt stays): a streamed build
   * yields them one at a time instead (`agentMarkdownFiles`). Default true.
   */
  agentMarkdown?: boolean;
  /** false: the index files (`planIndexFiles`) are left out, to be made when asked for (dev). Default true. */
  indexFiles?: boolean;
  /** false: no generated robots.txt (the site's static folder has its own, see static-collisions.ts). Default true. */
  robotsTxt?: boolean;
}

/** Every file of the site, in a stable order, ready for a writer. Pure: no file system access. */
export function planOutput(input: PlanOutputInput): OutputFile[] {
  const { config, table } = input;
  const files: OutputFile[] = [
    ...input.staticFiles,
    ...[...input.html].map(([route, contents]) => ({ path: htmlPathForRoute(route), contents })),
    { path: '404.html', contents: input.notFoundHtml },
    ...(input.robotsTxt === false
      ? []
      : [{ path: ROBOTS_TXT, contents: buildRobotsTxt({ url: config.url, baseUrl: config.baseUrl }) }]),
    ...(input.indexFiles === false
      ? []
      : planIndexFiles(input, input.agentMarkdown).map(({ path, make }) => ({ path, contents: make() }))),
    ...input.bundle.files,
    ...[...input.assets.assets.values()].map((asset) => ({ path: asset.output, contents: asset.contents })),
    ...input.searchFiles,
    ...(input.agentMarkdown === false ? [] : buildAgentFiles(config, table, input.apiSpecs, input.pageMarkdown)),
  ];
  for (const spec of input.apiSpecs) files.push({ path: `openapi/${spec.id}.json`, contents: spec.json });
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** An output file made of the whole route table, when it is asked for. */
export interface IndexFile {
  path: string;
  make(): OutputFile['contents'];
}

/**
 * The files that index the whole site for crawlers and tools, no page shows: the sitemap, the
 * meta index and sidebars, and (when the agent files are made apart, `agentMarkdown: false`)
 * llms.txt. At 10,000 pages they take ~0.1–0.4 s, so `docsgen dev` makes each when first asked.
 */
export function planIndexFiles(
  input: Pick<PlanOutputInput, 'config' | 'table' | 'operations' | 'apiSpecs'>,
  agentMarkdown?: boolean,
): IndexFile[] {
  const { config, table } = input;
  const indexable = () =>
    table.pages
      .filter((page) => page.kind !== 'search' && page.kind !== 'not-found' && !page.docMeta?.unlisted)
      .filter((page) => !inNoIndexVersion(config.docsVersions, page))
      .map((page) => page.route);
  return [
    {
      path: 'sitemap.xml',
      make: () => buildSitemap({ url: config.url, baseUrl: config.baseUrl, routes: indexable() }),
    },
    { path: 'meta/index.json', make: () => buildMetaIndex(config, table, input.operations, input.apiSpecs) },
    ...Object.entries(table.sidebars).map(([name, items]) => ({
      path: `meta/sidebars/${name}.json`,
      make: () => JSON.stringify(items),
    })),
    ...(agentMarkdown === false ? [llmsTxtFile(input)] : []),
  ];
}

/** llms.txt, made apart from the twins and llms-full.txt. */
const llmsTxtFile = ({ config, table, apiSpecs }: Pick<PlanOutputInput, 'config' | 'table' | 'apiSpecs'>) => ({
  path: LLMS_TXT,
  make: () => buildLlmsTxt(config, table, apiSpecs).contents,
});
