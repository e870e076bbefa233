import { build, type Message, type Plugin } from 'esbuild';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { runInThisContext } from 'node:vm';
import * as jsxRuntime from 'react/jsx-runtime';
import { cached, type StageResults } from '../../cache/cached.js';
import { hasErrors, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { importDiagnostic, mdxModulesPlugin } from './bundle-mdx.js';
import { cssModulesPlugin } from './css-modules.js';
import { componentOf, insideIslandBody, island, isIsland } from './island.js';
import { browserBundleErrors } from './island-modules.js';
import { isSiteModule } from './module-kinds.js';
import { GLOBAL_COMPONENTS, THEME_MODULES } from './theme-modules.js';
import DEFAULT_MDX_COMPONENTS from './theme/mdx-components.js';
import {
  inertScopeComponent,
  interactiveScopeComponents,
  unappliedOverrides,
  type InteractiveScopeComponent,
} from './scope-overrides.js';
import type { DocusaurusContextValue } from './theme/page-context.js';

/** Where Docusaurus reads a swizzled component mapping from, in its order. */
const SCOPE_FILES = ['MDXComponents', 'MDXComponents/index'].flatMap((name) =>
  ['js', 'jsx', 'ts', 'tsx'].map((ext) => `src/theme/${name}.${ext}`),
);

/** The site's swizzled `src/theme/MDXComponents` (a path in the site), if it has one. */
export const findScopeFile = (root: string): string | undefined =>
  SCOPE_FILES.find((path) => existsSync(join(root, path)));

/** The scope file bundled for Node, with what it read. */
interface ScopeBundle {
  js?: string;
  /** Files of the site it read (itself, the components it imports, their stylesheets): every MDX page depends on them. */
  files: string[];
  /** Images and files its components import: assets of every MDX page. */
  assets: string[];
  diagnostics: Diagnostic[];
}

/** What every MDX page is rendered with: the scope's components (site components as islands) and its tags. */
export interface MdxScope {
  /** Path in the site of the scope file. */
  file: string;
  components: Record<string, unknown>;
  files: string[];
  assets: string[];
  diagnostics: Diagnostic[];
}

/**
 * The scope file's imports of the site's own modules go through a module that records which
 * export each of their functions is, so that the components it maps (and the elements its tag
 * overrides render) become islands of their module, as if a page had imported them.
 */
function scopeIslandsPlugin(file: string, root: string): Plugin {
  return {
    name: 'docsgen-scope-islands',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^docsgen\/scope$/ }, (args) => ({ path: args.path, external: true }));
      esbuild.onResolve({ filter: /.*/ }, async (args) => {
        if (args.importer !== file || args.pluginData?.direct) return undefined;
        const found = await esbuild.resolve(args.path, {
          resolveDir: args.resolveDir,
          kind: args.kind,
          pluginData: { direct: true },
        });
        if (found.errors.length || found.namespace !== 'file' || !isSiteModule(found.path, root)) return found;
        return { path: found.path, namespace: 'docsgen-scope-island' };
      });
      esbuild.onLoad({ filter: /.*/, namespace: 'docsgen-scope-island' }, (args) => {
        const real = JSON.stringify(args.path);
        const id = JSON.stringify(relative(root, args.path).split('\\').join('/'));
        const contents = [
          `import * as m from ${real};`,
          `import { registerSiteModule } from 'docsgen/scope';`,
          `registerSiteModule(m, ${id});`,
          `export * from ${real};`,
          'export default m.default;',
        ].join('\n');
        return { contents, resolveDir: dirname(args.path), loader: 'js' };
      });
    },
  };
}

/** The scope stage's input: the URLs of the images it imports depend on `baseUrl`. */
interface ScopeInput {
  root: string;
  file: string;
  baseUrl: string;
}

/** Bundles the scope file for Node (React and docsgen's theme modules are provided when it runs). */
async function bundleScope(input: ScopeInput, publicUrl: (path: string) => string): Promise<ScopeBundle> {
  const absolutePath = join(input.root, input.file);
  const warnings: Diagnostic[] = [];
  const assets: string[] = [];
  const assetUrl = (path: string) => (assets.push(path), publicUrl(path));
  try {
    const result = await build({
      entryPoints: [absolutePath],
      absWorkingDir: input.root,
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      outfile: 'scope.js',
      metafile: true,
      jsx: 'automatic',
      loader: { '.js': 'jsx' },
      external: ['react', 'react/jsx-runtime'],
      plugins: [
        scopeIslandsPlugin(absolutePath, input.root),
        mdxModulesPlugin({ root: input.root, sourcePath: input.file, assetUrl }, warnings),
        cssModulesPlugin({ root: input.root, emitCss: false }),
      ],
      logLevel: 'silent',
    });
    const files = Object.keys(result.metafile.inputs)
      .filter((path) => !path.startsWith('<') && !/^[\w-]{2,}:/.test(path))
      .map((path) => resolve(input.root, path));
    return { js: result.outputFiles[0].text, files, assets, diagnostics: warnings };
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors ?? [];
    if (!errors.length) throw error;
    const where = { imports: [], sourcePath: input.file, absolutePath };
    return {
      files: [absolutePath],
      assets,
      diagnostics: [...warnings, ...errors.map((m) => importDiagnostic(m, where))],
    };
  }
}

type Registry = Map<unknown, { module: string; exportName: string }>;

/**
 * A JSX runtime that renders the site components the scope file imports as islands; inside an
 * island's own code (a component of the mapping that hydrates) they render directly, as they
 * will in the browser.
 */
function islandRuntime(islandOf: (type: unknown) => unknown) {
  const resolve = (type: unknown) => (insideIslandBody() ? componentOf(type) : islandOf(type)) as never;
  return {
    ...jsxRuntime,
    jsx: (type: never, props: never, key?: never) => jsxRuntime.jsx(resolve(type), props, key),
    jsxs: (type: never, props: never, key?: never) => jsxRuntime.jsxs(resolve(type), props, key),
  };
}

/** Runs the bundled scope file; its default export is the mapping, each site component in it an island. */
function evaluateScope(js: string, file: string): Record<string, unknown> {
  const registry: Registry = new Map();
  const registerSiteModule = (exports: Record<string, unknown>, module: string) => {
    for (const [exportName, value] of Object.entries(exports))
      if (typeof value === 'function' && !registry.has(value)) registry.set(value, { module, exportName });
  };
  const islandOf = (value: unknown) => {
    const ref = registry.get(value);
    return ref ? island(value, ref.module, ref.exportName) : value;
  };
  const runtime = islandRuntime(islandOf);
  const provided: Record<string, unknown> = { 'react/jsx-runtime': runtime, 'docsgen/scope': { registerSiteModule } };
  const require = (specifier: string) => {
    const found = provided[specifier] ?? THEME_MODULES[specifier];
    if (found === undefined) throw new Error(`Cannot find module '${specifier}'`);
    return found;
  };
  const wrapper = runInThisContext(`(function (require, module, exports) {${js}\n})`, {
    filename: `docsgen-mdx-scope:${file}`,
  }) as (require: (specifier: string) => unknown, module: { exports: object }, exports: object) => void;
  const module = { exports: {} as { default?: unknown } };
  wrapper(require, module, module.exports);
  const mapping = module.exports.default;
  if (!mapping || typeof mapping !== 'object' || Array.isArray(mapping))
    throw new Error('its default export is not an object of components');
  return Object.fromEntries(Object.entries(mapping).map(([name, value]) => [name, islandOf(value)]));
}

/** What in a mapping is not the scope file's own: docsgen's modules and the site's (islands). */
function providedComponents(components: Record<string, unknown>): Set<unknown> {
  const provided = new Set<unknown>([...Object.values(DEFAULT_MDX_COMPONENTS), ...Object.values(GLOBAL_COMPONENTS)]);
  for (const module of Object.values(THEME_MODULES))
    if (module && typeof module === 'object') for (const value of Object.values(module)) provided.add(value);
  for (const value of Object.values(components)) if (isIsland(value)) provided.add(value);
  return provided;
}

function scopeError(file: string, message: string): Diagnostic {
  return {
    code: 'DG256',
    severity: 'error',
    message: `The MDX component mapping ${file} could not be loaded: ${message}`,
    file,
    hint: "Export the mapping as Docusaurus reads it: `import MDXComponents from '@theme-original/MDXComponents'; export default { ...MDXComponents, MyComponent };`",
  };
}

/** What the mapping's browser bundle is checked with, besides the scope stage's input. */
interface BrowserCheckInput extends ScopeInput {
  docusaurus: DocusaurusContextValue;
}

/**
 * The mapping's interactive components (state, effects, handlers) as islands of the mapping's
 * module: in the browser it is one chunk (a mapping is one object, whose components share the
 * file's helpers and imports: no bundler can split its properties), loaded only on the pages that
 * use one of them. When the module does not bundle for the browser, each is DG257 at its key.
 */
async function hydrateInteractive(
  components: Record<string, unknown>,
  interactive: readonly InteractiveScopeComponent[],
  check: { input: BrowserCheckInput; files: readonly string[]; source: string; results?: StageResults },
): Promise<{ components: Record<string, unknown>; diagnostics: Diagnostic[] }> {
  if (!interactive.length) return { components, diagnostics: [] };
  const { input, files } = check;
  const browserErrors = cached(
    'mdx-scope-browser',
    async (given: BrowserCheckInput) => {
      const site = { site: given.docusaurus, baseUrl: given.baseUrl };
      const errors = await browserBundleErrors({ modules: [given.file], ...site }, given.root);
      return { why: errors.map((error) => error.text).join('; ') };
    },
    check.results,
    { filesRead: () => files },
  );
  const { why } = await browserErrors(input);
  if (why) {
    const where = { file: input.file, source: check.source };
    return { components, diagnostics: interactive.map((component) => inertScopeComponent(component, why, where)) };
  }
  const hydrated = { ...components };
  for (const { key } of interactive) hydrated[key] = island(components[key], input.file, key);
  return { components: hydrated, diagnostics: [] };
}

/**
 * The site's swizzled `src/theme/MDXComponents`, as Docusaurus uses it: the components every MDX
 * page may use without importing them, and tag overrides (`a`, `img`, `h2`…). Bundled once per
 * build (kept in the build cache while the files it read are unchanged) and run once. The site's
 * components it imports are islands of their modules; those it defines itself that need the
 * browser are islands of the mapping's module.
 */
export async function loadMdxScope(
  site: { root: string; baseUrl: string; assetUrl: (path: string) => string; docusaurus: DocusaurusContextValue },
  results?: StageResults,
): Promise<MdxScope | undefined> {
  const { root, baseUrl } = site;
  const file = findScopeFile(root);
  if (!file) return undefined;
  const bundle = await cached('mdx-scope', (input: ScopeInput) => bundleScope(input, site.assetUrl), results, {
    filesRead: (out) => out.files,
    keep: (out) => !hasErrors(out.diagnostics),
  })({ root, file, baseUrl });
  const scope = { file, components: {}, files: bundle.files, assets: bundle.assets, diagnostics: bundle.diagnostics };
  if (!bundle.js) return scope;
  try {
    const evaluated = evaluateScope(bundle.js, file);
    const source = await readFile(join(root, file), 'utf8');
    const { applied, diagnostics } = unappliedOverrides(evaluated, DEFAULT_MDX_COMPONENTS, { file, source });
    const interactive = interactiveScopeComponents(applied, providedComponents(applied));
    const input = { root, file, baseUrl, docusaurus: site.docusaurus };
    const hydrated = await hydrateInteractive(applied, interactive, { input, files: bundle.files, source, results });
    const all = [...scope.diagnostics, ...diagnostics, ...hydrated.diagnostics];
    return { ...scope, components: hydrated.components, diagnostics: all };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ...scope, diagnostics: [...scope.diagnostics, scopeError(file, message)] };
  }
}
