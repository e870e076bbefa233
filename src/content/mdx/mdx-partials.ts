import type { Plugin } from 'esbuild';
import matter from 'gray-matter';
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { VFile } from 'vfile';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { contextOf, createMarkdownContext, type MarkdownContext } from '../markdown-context.js';
import { prepareMdxSource } from './mdx-source.js';
import type { MdxProcessor } from './mdx-processor.js';
import { inertPageComponent, mdxReferencesOf, type MdxImport } from './remark-mdx-references.js';
import { browserBundleErrors, type ClientIslandsInput } from './island-modules.js';
import type { PageIslands } from './page-islands.js';

/** What compiling the page's partials needs: the page's own context receives what they find. */
export interface PartialsInput {
  root: string;
  /** The grammar of an imported file: MDX, or CommonMark (a `.md` file under markdown.format 'detect'). */
  readsAsMdx: (absolutePath: string) => boolean;
  /** As for pages: `mdxMath` (config markdown.math) only for files with a `$`. */
  processors: { mdx: MdxProcessor; mdxMath?: MdxProcessor; md: MdxProcessor };
  page: MarkdownContext;
  /** What the islands are bundled with in the browser: without it, a partial's own components do not hydrate. */
  browser?: Pick<ClientIslandsInput, 'site' | 'baseUrl'>;
  /**
   * The browser checks of partials' modules made in this build, by path and code: a partial many
   * pages import is bundled for the check once, not once per page.
   */
  browserChecks?: Map<string, Promise<readonly { text: string }[]>>;
}

/** The imports of one partial and the names it uses as JSX components, for the islands plugin. */
export interface PartialReferences {
  imports: readonly MdxImport[];
  components: readonly string[];
  sourcePath: string;
  /** The browser module of the partial's own components that hydrate (its imports and exports), if any. */
  islandCode?: string;
}

/** The text esbuild reports for a partial that did not compile (its diagnostic is on the page already). */
export const PARTIAL_FAILED = 'PARTIAL_FAILED';

/** A partial's body without its front matter (Docusaurus reads it as data, never shows it). */
function bodyOf(text: string): { body: string; lineOffset: number } {
  if (!text.startsWith('---')) return { body: text, lineOffset: 0 };
  const body = matter(text, {}).content;
  return { body, lineOffset: text.slice(0, text.length - body.length).split('\n').length - 1 };
}

function processorFor(
  path: string,
  body: string,
  processors: PartialsInput['processors'],
  readsAsMdx: PartialsInput['readsAsMdx'],
): MdxProcessor {
  if (!readsAsMdx(path)) return processors.md;
  return processors.mdxMath && body.includes('$') ? processors.mdxMath : processors.mdx;
}

function syntaxError(error: unknown, sourcePath: string, lineOffset: number): Diagnostic {
  const message = error as { reason?: string; message?: string; line?: number; column?: number };
  return {
    code: 'DG230',
    severity: 'error',
    message: `MDX syntax error in an imported file: ${message.reason ?? message.message ?? String(error)}`,
    file: sourcePath,
    line: message.line ? message.line + lineOffset : undefined,
    column: message.column ?? undefined,
    hint: 'An imported .mdx file is JSX and Markdown: `{` `}` and `<` start code. Escape them (`\\{`, `&lt;`).',
  };
}

/**
 * Compiles one imported Markdown file with the page's plugins, as Docusaurus does for
 * `import Partial from './_partial.mdx'`. Links and images resolve from the partial's folder;
 * its links, anchors, images, diagrams and diagnostics join the page's (links keep the partial's
 * file for messages). Its headings are not in the page's table of contents, as in Docusaurus.
 */
async function compilePartial(
  path: string,
  input: PartialsInput,
): Promise<{ js?: string; references?: PartialReferences }> {
  const sourcePath = relative(input.root, path).split('\\').join('/');
  const { body, lineOffset } = bodyOf(await readFile(path, 'utf8'));
  const { page } = input;
  const context = createMarkdownContext({ ...page, sourcePath, absolutePath: path, lineOffset });
  const file = new VFile({ path, value: prepareMdxSource(body), data: { docsgen: context } });
  try {
    await processorFor(path, body, input.processors, input.readsAsMdx).process(file);
  } catch (error) {
    page.diagnostics.push(syntaxError(error, sourcePath, lineOffset));
    return {};
  }
  const found = contextOf(file);
  page.links.push(...found.links.map((link) => ({ ...link, file: sourcePath })));
  page.anchors.push(...found.anchors);
  page.assets.push(...found.assets);
  page.diagrams.push(...found.diagrams);
  page.diagnostics.push(...found.diagnostics);
  const islands = await partialIslands(mdxReferencesOf(file).pageIslands, sourcePath, input);
  const js = islands ? `${String(file.value)}\n${registration(sourcePath, islands.names)}` : String(file.value);
  return { js, references: { ...mdxReferencesOf(file), sourcePath, islandCode: islands?.code } };
}

/**
 * The partial's own components that hydrate, as a page's do (page-islands.ts): from a browser
 * module of the partial's imports and exports, an island module of its own named by its path
 * (`content/guides/_fee-toggle.mdx#FeeToggle`). When that module does not bundle for the browser
 * (or there is no browser), each is DG253 at its first use and renders on the server only.
 */
async function partialIslands(
  found: PageIslands | undefined,
  sourcePath: string,
  input: PartialsInput,
): Promise<PageIslands | undefined> {
  if (!found) return undefined;
  const errors = input.browser ? await checkInBrowser(sourcePath, found.code, input) : [];
  if (input.browser && !errors.length) return found;
  const why = input.browser
    ? `code that does not bundle for the browser (${errors.map((error) => error.text).join('; ')})`
    : 'the browser inside an imported MDX file (a partial)';
  for (const [name, place] of Object.entries(found.firstUse))
    input.page.diagnostics.push(inertPageComponent(name, why, place));
  return undefined;
}

/** The errors of bundling a partial's module for the browser, checked once a build per path and code. */
function checkInBrowser(sourcePath: string, code: string, input: PartialsInput) {
  const key = `${sourcePath}\n${code}`;
  const known = input.browserChecks?.get(key);
  if (known) return known;
  const modules = { modules: [sourcePath], code: { [sourcePath]: code } };
  const check = browserBundleErrors({ ...modules, ...input.browser! }, input.root);
  input.browserChecks?.set(key, check);
  return check;
}

/**
 * Appended to a partial's compiled module: hands the page's JSX runtime (run-mdx.tsx) the
 * partial's hydrating components, so that where they are used they render as islands.
 */
const registration = (module: string, names: readonly string[]) =>
  `import { registerIslands as __docsgenRegisterIslands } from 'docsgen/partial-islands';\n` +
  `__docsgenRegisterIslands(${JSON.stringify(module)}, { ${names.join(', ')} });\n`;

/**
 * Imported `.md` and `.mdx` files become components compiled like the page. `references` gets
 * each partial's imports before esbuild resolves them, so its site components hydrate too.
 */
export function partialsPlugin(input: PartialsInput, references: Map<string, PartialReferences>): Plugin {
  return {
    name: 'docsgen-mdx-partials',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.mdx?$/ }, async (args) => {
        const compiled = await compilePartial(args.path, input);
        if (compiled.js === undefined) return { errors: [{ text: `${PARTIAL_FAILED} ${args.path}` }] };
        references.set(args.path, compiled.references!);
        return { contents: compiled.js, loader: 'js' };
      });
    },
  };
}
