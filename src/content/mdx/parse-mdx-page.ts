import pMap from 'p-map';
import { createHash } from 'node:crypto';
import { cached, type StageResults } from '../../cache/cached.js';
import { causeOf, errorDiagnostic, hasErrors, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SiteConfig } from '../../config/resolve-config.js';
import type { DocEntry } from '../assign-doc-routes.js';
import { contextOf } from '../markdown-context.js';
import type { Highlighter } from '../highlighter.js';
import { pageFromHtml, pageSourceFile, textsOf } from '../parse-page.js';
import { htmlTree } from '../../shared/hast-text.js';
import type { ParseOutcome } from '../parse-pages.js';
import { bundleMdx } from './bundle-mdx.js';
import { prepareMdxSource } from './mdx-source.js';
import { createMdxProcessor, type MdxProcessor } from './mdx-processor.js';
import { inertPageComponent, mdxReferencesOf } from './remark-mdx-references.js';
import type { PageIslands } from './page-islands.js';
import type { PartialsInput } from './mdx-partials.js';
import { browserBundleErrors } from './island-modules.js';
import { renderMdx } from './run-mdx.js';
import type { DocusaurusContextValue } from './theme/page-context.js';
import { docusaurusContextOf } from './docusaurus-context-of.js';
import { readsAsMdx } from '../markdown-format.js';
import { loadMdxScope, type MdxScope } from './mdx-scope.js';
import type { HeadTag, LinkRef } from '../../model.js';
import { docRoutesOf, type DocRouteTable } from '../doc-routes.js';

export interface MdxPageOptions {
  processor: MdxProcessor;
  /** With config `markdown.math`: for pages with a `$`. */
  mathProcessor?: MdxProcessor;
  /** For `.md` files a page imports under markdown.format 'detect' (CommonMark, as Docusaurus). */
  mdProcessor: MdxProcessor;
  /** Whether an imported Markdown file is MDX (config markdown.format, by its extension). */
  readsAsMdx: (absolutePath: string) => boolean;
  highlighter: Highlighter;
  docRoutes: DocRouteTable;
  baseUrl: string;
  assetUrl: (absolutePath: string) => string;
  root: string;
  docusaurus: DocusaurusContextValue;
  /** The site's swizzled src/theme/MDXComponents: components and tag overrides of every page. */
  scope?: MdxScope;
  /** This build's browser checks of partials' modules (mdx-partials.ts): one per partial, not per page. */
  partialBrowserChecks?: PartialsInput['browserChecks'];
}

/** The options of a build's MDX pages, with the site's component mapping loaded (and its problems). */
export async function createMdxPageOptions(
  config: SiteConfig,
  shared: Pick<MdxPageOptions, 'highlighter' | 'docRoutes' | 'assetUrl'>,
  results?: StageResults,
): Promise<MdxPageOptions> {
  const docusaurus = docusaurusContextOf(config);
  const scope = await loadMdxScope(
    { root: config.root, baseUrl: config.baseUrl, assetUrl: shared.assetUrl, docusaurus },
    results,
  );
  const names = Object.keys(scope?.components ?? {});
  return {
    ...shared,
    processor: createMdxProcessor({ scope: names }),
    mathProcessor: config.markdown.math ? createMdxProcessor({ math: true, scope: names }) : undefined,
    mdProcessor: createMdxProcessor({ format: 'md', math: config.markdown.math, scope: names }),
    readsAsMdx: (path) => readsAsMdx(path, config.markdown.format),
    baseUrl: config.baseUrl,
    root: config.root,
    docusaurus,
    scope,
    partialBrowserChecks: new Map(),
  };
}

/** An MDX syntax error (MDX stops at the first): DG230 at its place. */
function syntaxDiagnostic(error: unknown, entry: DocEntry): Diagnostic {
  const message = error as { reason?: string; message?: string; line?: number; column?: number; url?: string };
  return {
    code: 'DG230',
    severity: 'error',
    message: `MDX syntax error: ${message.reason ?? message.message ?? String(error)}`,
    file: entry.source.relativePath,
    line: message.line ? message.line + entry.lineOffset : undefined,
    column: message.column ?? undefined,
    hint: 'MDX (an .mdx file, or any page with markdown.format "mdx") is JSX and Markdown: `{` `}` and `<` start code. Escape them (`\\{`, `&lt;`), or make the page plain Markdown (.md with format "detect") if it has no JSX.',
  };
}

/**
 * Turns one MDX document into a Page: compiled by MDX with the Markdown plugins, bundled with
 * its imports, rendered with React on the server to the same kind of HTML body as Markdown pages.
 */
export async function parseMdxPage(entry: DocEntry, options: MdxPageOptions): Promise<ParseOutcome> {
  // The key of an MDX page holds every route (parseMdxPages), so what it reads of them is not recorded.
  const file = pageSourceFile(
    entry,
    { ...options, docRoutes: docRoutesOf(options.docRoutes) },
    prepareMdxSource(entry.body),
  );
  const context = contextOf(file);
  const processor = options.mathProcessor && entry.body.includes('$') ? options.mathProcessor : options.processor;
  try {
    await processor.process(file);
  } catch (error) {
    return { entry, diagnostics: [...context.diagnostics, syntaxDiagnostic(error, entry)] };
  }
  const failed = (diagnostics: Diagnostic[]): ParseOutcome => ({
    entry,
    diagnostics: [...context.diagnostics, ...diagnostics],
  });
  const bundled = await bundleMdx({
    code: String(file.value),
    map: file.map ?? {},
    absolutePath: entry.source.absolutePath,
    sourcePath: entry.source.relativePath,
    root: options.root,
    imports: mdxReferencesOf(file).imports,
    components: mdxReferencesOf(file).components,
    browser: { site: options.docusaurus, baseUrl: options.baseUrl },
    assetUrl: (path) => {
      context.assets.push({ source: path });
      return options.assetUrl(path);
    },
    partials: {
      root: options.root,
      readsAsMdx: options.readsAsMdx,
      processors: { mdx: options.processor, mdxMath: options.mathProcessor, md: options.mdProcessor },
      page: context,
      browser: { site: options.docusaurus, baseUrl: options.baseUrl },
      browserChecks: options.partialBrowserChecks,
    },
  });
  // With an unknown component the page cannot render; its imports are still checked (all problems at once).
  if (!bundled.bundle || context.diagnostics.some((d) => d.code === 'DG233')) return failed(bundled.diagnostics);
  let lastId = 0;
  const page = {
    docusaurus: options.docusaurus,
    highlighter: options.highlighter,
    sourcePath: entry.source.relativePath,
    pathname: `${options.baseUrl}${entry.route.slice(1)}`,
    nextId: () => ++lastId,
    diagnostics: [],
    islands: { modules: new Set<string>(), html: [], lastId: () => lastId, lineOffset: entry.lineOffset },
    headTags: [] as HeadTag[],
    links: [] as LinkRef[],
  };
  const scope = options.scope;
  const own = await ownIslands(entry, options, mdxReferencesOf(file).pageIslands);
  const rendered = renderMdx(bundled.bundle, page, {
    lineOffset: entry.lineOffset,
    components: scope?.components,
    own: own.islands && { module: entry.source.relativePath, names: own.islands.names },
  });
  if (rendered.html === undefined) return failed([...bundled.diagnostics, ...rendered.diagnostics]);
  // The mapping's images are assets of every page that may show them.
  for (const asset of scope?.assets ?? []) context.assets.push({ source: asset });
  // Links theme components rendered from their props (doc cards) are checked like the page's own.
  for (const link of page.links)
    context.links.push({ ...link, line: link.line === undefined ? undefined : link.line + entry.lineOffset });
  const body = { html: rendered.html, ...textsOf(htmlTree(rendered.html)) };
  const parsed = pageFromHtml(entry, body, file, [...bundled.diagnostics, ...own.diagnostics, ...page.diagnostics]);
  // The site components hydrated on the page: the browser loads their chunks (and stylesheets).
  if (page.islands.modules.size) parsed.page.islands = [...page.islands.modules].sort();
  if (page.headTags.length) parsed.page.headTags = page.headTags;
  // The browser modules of the page's own exports and of its partials', where they hydrate.
  const code = {
    ...bundled.bundle.partialIslands,
    ...(own.islands && { [entry.source.relativePath]: own.islands.code }),
  };
  const used = Object.entries(code).filter(([module]) => page.islands.modules.has(module));
  if (used.length) parsed.page.islandCode = Object.fromEntries(used);
  const files = [...bundled.bundle.files, ...(scope?.files ?? []), ...parsed.assets];
  return { entry, parsed, diagnostics: parsed.diagnostics, files };
}

/**
 * The components the page defines itself that hydrate: those of `found` when the module of the
 * page's exports bundles for the browser; otherwise each is DG253 at its first use, with esbuild's
 * message, and renders on the server only.
 */
async function ownIslands(
  entry: DocEntry,
  options: MdxPageOptions,
  found: PageIslands | undefined,
): Promise<{ islands?: PageIslands; diagnostics: Diagnostic[] }> {
  if (!found) return { diagnostics: [] };
  const module = entry.source.relativePath;
  const errors = await browserBundleErrors(
    { modules: [module], code: { [module]: found.code }, site: options.docusaurus, baseUrl: options.baseUrl },
    options.root,
  );
  if (!errors.length) return { islands: found, diagnostics: [] };
  const why = errors.map((error) => error.text).join('; ');
  const diagnostics = found.names.map((name) =>
    inertPageComponent(name, `code that does not bundle for the browser (${why})`, {
      file: module,
      ...found.firstUse[name],
    }),
  );
  return { diagnostics };
}

/** parseMdxPage, with anything it throws as DG200 at the page. */
async function parseMdxPageSafely(entry: DocEntry, options: MdxPageOptions): Promise<ParseOutcome> {
  try {
    return await parseMdxPage(entry, options);
  } catch (error) {
    const cause = causeOf(error);
    const diagnostic = errorDiagnostic('DG200', `Could not render MDX: ${cause.message}`, {
      file: entry.source.relativePath,
      cause,
    });
    return { entry, diagnostics: [diagnostic] };
  }
}

/** Everything an MDX page's parse depends on besides the files it imports (those are checked by content). */
interface MdxPageInput {
  entry: DocEntry;
  /** A hash of every page's route: links between pages are resolved while parsing. */
  routes: string;
  baseUrl: string;
  math: boolean;
  docusaurus: DocusaurusContextValue;
  /** The site's MDXComponents file, or null (what it reads is among each page's files). */
  scope: string | null;
}

/**
 * Parses the MDX pages, results in input order. A few at a time: compiling and rendering run on
 * this thread while esbuild bundles other pages in its own process. With `results` (the build
 * cache), each page is a stage of its own under `cached`: kept while its text, its place in the
 * site, the other pages' routes, the config and every file it imports (components, partials,
 * stylesheets, images: their contents) are unchanged. docsgen's theme modules are its own code: a
 * cache made by another docsgen is discarded whole.
 */
export function parseMdxPages(
  entries: readonly DocEntry[],
  options: MdxPageOptions,
  results?: StageResults,
): Promise<ParseOutcome[]> {
  const routes = createHash('sha1')
    .update(JSON.stringify([...options.docRoutes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))))
    .digest('hex');
  const shared = {
    routes,
    baseUrl: options.baseUrl,
    math: Boolean(options.mathProcessor),
    docusaurus: options.docusaurus,
    scope: options.scope?.file ?? null,
  };
  return pMap(
    entries,
    async (entry): Promise<ParseOutcome> => {
      const stage = cached<MdxPageInput, ParseOutcome>(
        `mdx-page:${entry.source.absolutePath}`,
        (input) => parseMdxPageSafely(input.entry, options),
        results,
        { filesRead: (outcome) => outcome.files ?? [], keep: (outcome) => !hasErrors(outcome.diagnostics) },
      );
      // A kept outcome holds an equal entry of an earlier build: the caller matches them by identity.
      return { ...(await stage({ entry, ...shared })), entry };
    },
    { concurrency: 4 },
  );
}
