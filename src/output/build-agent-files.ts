/**
 * What AI agents read: a Markdown twin of every page next to its HTML (`/guides/usage.md`),
 * `/llms.txt` (the llms.txt convention: title, summary, then one section per sidebar with a link
 * and a line for each page) and `/llms-full.txt` (every page's Markdown in sidebar order). The
 * pages are the sitemap's: the search, not-found and unlisted pages have no twin. Pure.
 */
import type { SiteConfig } from '../config/resolve-config.js';
import type { NavItem, Page } from '../model.js';
import type { RouteTable } from '../routes/build-route-table.js';
import { joinBase } from '../shared/url.js';
import { hasMarkdownTwin, markdownPathForRoute } from '../shared/markdown-twin.js';
import {
  joinedChunks,
  type JoinedFile,
  type KeyedOutputFile,
  type OutputFile,
  type SpooledFile,
} from './output-file.js';
import type { ApiSpecFile } from './plan-output.js';
import { pageMarkdown } from './markdown/page-markdown.js';

export const LLMS_TXT = 'llms.txt';
export const LLMS_FULL_TXT = 'llms-full.txt';

/** The pages that get a twin: those of the sitemap. */
export function agentPages(table: RouteTable): Page[] {
  return table.pages.filter(hasMarkdownTwin);
}

const linkRoutes = (items: readonly NavItem[]): string[] =>
  items.flatMap((item) =>
    item.type === 'link'
      ? [item.route]
      : item.type === 'category'
        ? [...(item.route ? [item.route] : []), ...linkRoutes(item.items)]
        : [],
  );

/** Pages grouped by sidebar in sidebar order; pages in no sidebar first (the home page), under ''. */
function sections(table: RouteTable, pages: readonly Page[]): [string, Page[]][] {
  const byRoute = new Map(pages.map((page) => [page.route, page]));
  const seen = new Set<string>();
  const take = (routes: string[]) =>
    routes.flatMap((route) => {
      const page = byRoute.get(route);
      if (!page || seen.has(route)) return [];
      seen.add(route);
      return [page];
    });
  const bySidebar = Object.entries(table.sidebars).map(([name, items]): [string, Page[]] => [
    name,
    take(linkRoutes(items)),
  ]);
  const rest = take(pages.map((page) => page.route));
  return [['', rest], ...bySidebar].filter(([, list]) => list.length > 0) as [string, Page[]][];
}

/** The navbar label of a sidebar ('Guides'), else its name. */
function sidebarLabel(config: SiteConfig, name: string): string {
  const item = config.navbar.items.find((i) => i.type === 'docSidebar' && i.sidebarId === name);
  return (item && 'label' in item && typeof item.label === 'string' && item.label) || name;
}

function llmsTxt(
  config: SiteConfig,
  grouped: [string, Page[]][],
  apis: readonly Pick<ApiSpecFile, 'id' | 'label'>[],
): string {
  const url = (page: Page) =>
    config.url.replace(/\/$/, '') + joinBase(config.baseUrl, `/${markdownPathForRoute(page.route)}`);
  const line = (page: Page) =>
    `- [${page.title}](${url(page)})${page.description ? `: ${oneLine(page.description)}` : ''}`;
  const origin = config.url.replace(/\/$/, '');
  const parts = [
    `# ${config.title}`,
    `> ${oneLine(config.tagline)}`,
    `Every page of this site is also served as Markdown at its path plus \`.md\`; ${LLMS_FULL_TXT} holds them all in one file.`,
    ...grouped.map(([name, pages]) =>
      [`## ${name ? sidebarLabel(config, name) : 'Docs'}`, pages.map(line).join('\n')].join('\n\n'),
    ),
    [
      '## Optional\n',
      `- [Full documentation as Markdown](${origin}${joinBase(config.baseUrl, `/${LLMS_FULL_TXT}`)}): every page in sidebar order`,
      ...apis.map(
        (api) =>
          `- [${apis.length === 1 ? 'OpenAPI description' : `${api.label}: OpenAPI description`}](${origin}${joinBase(config.baseUrl, `/openapi/${api.id}.json`)}): the API as one JSON file`,
      ),
    ].join('\n'),
  ];
  return `${parts.join('\n\n')}\n`;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What separates two pages in llms-full.txt. */
const PAGE_SEPARATOR = '\n---\n\n';

/** The pages that get a twin, in llms-full.txt's order (sidebar by sidebar). */
export function twinOrder(table: RouteTable): Page[] {
  return sections(table, agentPages(table)).flatMap(([, list]) => list);
}

/**
 * Each page's Markdown twin, made one at a time in llms-full.txt's order (the twin is a page's
 * largest derived text: a large site's twins are not all in memory at once), then llms-full.txt
 * as bytes (off the V8 heap, one byte a character for most text). `markdownOf` is `pageMarkdown`,
 * or the build's cached form of it. For a list of files in memory (`docsgen dev`, `planOutput`); a
 * build streams its twin files through `withLlmsFull` instead, whose llms-full.txt the writer joins.
 */
export function* agentMarkdownFiles(
  table: RouteTable,
  markdownOf: (page: Page) => string = pageMarkdown,
): Generator<OutputFile> {
  const bytes = new Map<string, Buffer>();
  for (const page of twinOrder(table)) {
    const file = { path: markdownPathForRoute(page.route), contents: markdownOf(page) };
    bytes.set(file.path, Buffer.from(file.contents));
    yield file;
  }
  const full = llmsFullOf([...bytes.keys()]);
  yield { path: full.path, contents: Buffer.concat([...joinedChunks(full, (path) => bytes.get(path)!)]) };
}

/** llms-full.txt: the twins at `parts`, in that order, between each two a separator. */
const llmsFullOf = (parts: readonly string[]): JoinedFile => ({
  path: LLMS_FULL_TXT,
  parts,
  separator: PAGE_SEPARATOR,
});

/**
 * A page's twin as the writer takes it: made when the writer needs it (keyed: with the build cache, not
 * at all when the last output holds it under the same key), its Markdown, or the scratch file a parse
 * worker wrote it to.
 */
export type TwinFile = OutputFile | KeyedOutputFile | SpooledFile;

/**
 * Each twin file as it is taken (one at a time, in llms-full.txt's order: `twinOrder`), then
 * llms-full.txt, which the writer joins from the twins' bytes as it placed them (`JoinedFile`):
 * llms-full.txt (~12 MB per 1,000 pages) is never held, and with the build cache a twin that the
 * last output holds under the same key is never made, nor read from the cache, at all.
 */
export async function* withLlmsFull(
  twins: Iterable<TwinFile> | AsyncIterable<TwinFile>,
): AsyncGenerator<TwinFile | JoinedFile> {
  const parts: string[] = [];
  for await (const file of twins) {
    parts.push(file.path);
    yield file;
  }
  yield llmsFullOf(parts);
}

/** llms.txt: the site's title and summary, then each sidebar's pages with a line each. */
export function buildLlmsTxt(
  config: SiteConfig,
  table: RouteTable,
  apis: readonly Pick<ApiSpecFile, 'id' | 'label'>[],
): OutputFile {
  return { path: LLMS_TXT, contents: llmsTxt(config, sections(table, agentPages(table)), apis) };
}

/** The twins and llms files (`markdownOf` as in `agentMarkdownFiles`). */
export function buildAgentFiles(
  config: SiteConfig,
  table: RouteTable,
  apis: readonly Pick<ApiSpecFile, 'id' | 'label'>[],
  markdownOf: (page: Page) => string = pageMarkdown,
): OutputFile[] {
  return [...agentMarkdownFiles(table, markdownOf), buildLlmsTxt(config, table, apis)];
}
