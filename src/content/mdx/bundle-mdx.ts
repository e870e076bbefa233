import { build, type Message, type Plugin } from 'esbuild';
import { dirname, relative, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { MdxImport } from './remark-mdx-references.js';
import { isFrameworkModule, PROVIDED_MODULES, THEME_MODULES } from './theme-modules.js';
import { cssModulesPlugin } from './css-modules.js';
import { ASSET_IMPORT, isSiteModule } from './module-kinds.js';
import { inlineLoadersPlugin, UNSUPPORTED_LOADER, withoutInlineLoader } from './inline-loaders.js';
import { browserBundleErrors, NPM_MODULE, type ClientIslandsInput } from './island-modules.js';
import { PARTIAL_FAILED, partialsPlugin, type PartialReferences, type PartialsInput } from './mdx-partials.js';

export interface MdxBundleInput {
  /** The page compiled by MDX (an ES module), with its source map. */
  code: string;
  map: object;
  absolutePath: string;
  /** Path relative to the site root, for messages. */
  sourcePath: string;
  root: string;
  imports: readonly MdxImport[];
  /** Local names the page uses as JSX components (remark-mdx-references). */
  components: readonly string[];
  /** Registers an imported image or file as an asset of the page and returns its public URL. */
  assetUrl: (absolutePath: string) => string;
  /** How imported .md/.mdx files (partials) are compiled; without it they cannot be imported. */
  partials?: PartialsInput;
  /**
   * What the browser's islands are bundled with: with it, components of npm packages hydrate as
   * islands of their package (when the package bundles for the browser); without it (or when it
   * does not bundle), they render on the server only (DG252).
   */
  browser?: Pick<ClientIslandsInput, 'site' | 'baseUrl'>;
}

export interface MdxBundle {
  js: string;
  map: string;
  /** The site's files bundled with the page (components, partials, data, stylesheets, images): what its cache entry depends on. */
  files: string[];
  /** The browser modules of the partials whose own components hydrate, by the partial's path in the site. */
  partialIslands: Record<string, string>;
}

/** The name esbuild gives the compiled page (errors located in it are at the page's imports). */
const PAGE_MODULE = '__docsgen_mdx_page__.js';

const isPageImporter = (importer: string) => importer === '<stdin>' || importer.endsWith(PAGE_MODULE);

/** Per module the page (or a partial) imports: the names it imports from it and uses as JSX components. */
function componentImports(input: Pick<MdxBundleInput, 'imports' | 'components'>): Map<string, Set<string>> {
  const used = new Set(input.components);
  const bySource = new Map<string, Set<string>>();
  for (const item of input.imports)
    for (const [local, imported] of Object.entries(item.imported))
      if (used.has(local) && imported !== '*')
        (bySource.get(item.source) ?? bySource.set(item.source, new Set()).get(item.source)!).add(imported);
  return bySource;
}

/**
 * The module a page imports a site component from, seen through a module that wraps each
 * component the page uses in JSX as an island (island.tsx); everything else it exports passes.
 */
function islandModule(path: string, id: string, names: ReadonlySet<string>): string {
  const real = JSON.stringify(path);
  const wrap = (name: string) => `__island(m[${JSON.stringify(name)}], ${JSON.stringify(id)}, ${JSON.stringify(name)})`;
  const lines = [
    `import * as m from ${real};`,
    `import { island as __island } from 'docsgen/island';`,
    `export * from ${real};`,
  ];
  for (const name of [...names].sort())
    lines.push(name === 'default' ? `export default ${wrap(name)};` : `export const ${name} = ${wrap(name)};`);
  return lines.join('\n');
}

/**
 * A component from an npm package is rendered on the server only: its HTML is on the page, but
 * nothing of it runs in the browser (only the site's own components hydrate), so a component
 * that reacts to the reader would silently do nothing.
 */
function serverOnlyComponent(
  input: MdxBundleInput,
  specifier: string,
  names: ReadonlySet<string>,
  errors: readonly Message[],
): Diagnostic {
  const written = input.imports.find((item) => item.source === specifier);
  const localOf = (name: string) =>
    Object.entries(written?.imported ?? {}).find(([, imported]) => imported === name)?.[0] ?? name;
  const shown = [...names].map((name) => `<${localOf(name)}>`).join(', ');
  const why = errors.map((error) => {
    const at = error.location && !/^[\w-]{2,}:/.test(error.location.file) ? error.location : undefined;
    // esbuild's notes say why (conditions of "exports", a Node built-in), not its advice on externals.
    const notes = error.notes.map((n) => n.text).filter((text) => text && !/^You can (?:mark|also)/.test(text));
    const note = notes.length ? ` (${notes.join(' ')})` : '';
    return `${error.text}${note}${at ? ` at ${at.file}:${at.line}:${at.column + 1}` : ''}`;
  });
  return {
    code: 'DG252',
    severity: 'warning',
    message: `${shown} from the npm package "${specifier}" is shown as rendered on the server, without interactivity: the package does not bundle for the browser: ${why.join('; ')}`,
    file: input.sourcePath,
    line: written?.line,
    column: written?.column,
    hint: 'Components of installed packages hydrate as islands bundled by esbuild for the browser. A package whose "exports" offer no browser or default entry, or that needs Node built-ins, cannot be: use a browser build of the package, or wrap what runs in Node only in a component of the site that renders it on the server.',
  };
}

/** Site components the page (or a partial it imports) uses in JSX are imported through islandModule. */
function islandsPlugin(
  input: MdxBundleInput,
  warnings: Diagnostic[],
  partials: Map<string, PartialReferences>,
): Plugin {
  const imports = componentImports(input);
  // The module that imports: the page, or a partial (whose imports and place are its own).
  const importerOf = (importer: string) => {
    if (isPageImporter(importer)) return { imports, input };
    const partial = partials.get(importer);
    return partial && { imports: componentImports(partial), input: { ...input, ...partial } };
  };
  return {
    name: 'docsgen-mdx-islands',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^docsgen\/(?:island|partial-islands)$/ }, (args) => ({
        path: args.path,
        external: true,
      }));
      esbuild.onResolve({ filter: /.*/ }, async (args) => {
        const importer = importerOf(args.importer);
        const names = importer?.imports.get(args.path);
        if (!importer || !names || args.pluginData?.direct) return undefined;
        const found = await esbuild.resolve(args.path, {
          resolveDir: args.resolveDir,
          kind: args.kind,
          pluginData: { direct: true },
        });
        if (found.errors.length) return undefined;
        if (isSiteModule(found.path, input.root)) {
          const id = relative(input.root, found.path).split('\\').join('/');
          return { path: found.path, namespace: 'docsgen-island', pluginData: { names, id } };
        }
        if (!input.browser || !/[/\\]node_modules[/\\]/.test(found.path)) return found;
        const id = `${NPM_MODULE}${args.path}`;
        const errors = await browserBundleErrors({ modules: [id], ...input.browser }, input.root);
        if (!errors.length) return { path: found.path, namespace: 'docsgen-island', pluginData: { names, id } };
        warnings.push(serverOnlyComponent(importer.input, args.path, names, errors));
        return found;
      });
      esbuild.onLoad({ filter: /.*/, namespace: 'docsgen-island' }, (args) => ({
        contents: islandModule(
          args.path,
          (args.pluginData as { id: string }).id,
          (args.pluginData as { names: Set<string> }).names,
        ),
        resolveDir: dirname(args.path),
        loader: 'js',
      }));
    },
  };
}

/**
 * `@theme/…` and `@docusaurus/…` come from docsgen (or are DG232 when it has no such module),
 * `@site/…` is the site root, images and files imported by a component become page assets, CSS
 * modules get their scoped class names, and stylesheets ship with the components that import them
 * (bundle-client.ts); one the page imports itself is not applied (DG235).
 */
export function mdxModulesPlugin(
  input: Pick<MdxBundleInput, 'root' | 'sourcePath' | 'assetUrl'>,
  warnings: Diagnostic[],
): Plugin {
  return {
    name: 'docsgen-mdx-modules',
    setup(esbuild) {
      esbuild.onResolve({ filter: /\.css$/ }, (args) => {
        if (isPageImporter(args.importer) || /[/\\]node_modules[/\\]/.test(args.importer))
          warnings.push(unappliedStylesheet(input, args.path));
        return undefined;
      });
      esbuild.onResolve({ filter: /^@(?:theme|docusaurus|theme-original|theme-init)\// }, (args) =>
        !THEME_MODULES[args.path]
          ? { errors: [{ text: `NOT_PROVIDED ${args.path}` }] }
          : args.namespace === 'docsgen-provided'
            ? { path: args.path, external: true }
            : { path: args.path, namespace: 'docsgen-provided' },
      );
      // An ES module in front of each provided module, so that its default export is the same
      // whether the importing file is read as Node's ESM (.tsx in a "type": "module" package) or not.
      esbuild.onLoad({ filter: /.*/, namespace: 'docsgen-provided' }, (args) => ({
        contents: providedModule(args.path),
        loader: 'js',
      }));
      esbuild.onResolve({ filter: /^@site\// }, async (args) => {
        const found = await esbuild.resolve(`./${args.path.slice('@site/'.length)}`, {
          resolveDir: input.root,
          kind: args.kind,
        });
        return found.errors.length ? { errors: [{ text: `Could not resolve "${args.path}"` }] } : found;
      });
      esbuild.onLoad({ filter: ASSET_IMPORT }, (args) => ({
        contents: `export default ${JSON.stringify(input.assetUrl(args.path))};`,
        loader: 'js',
      }));
      esbuild.onLoad({ filter: /\.css$/ }, async (args) => {
        if (args.namespace === 'file')
          warnings.push(...relativeStylesheetUrls(input, await readFile(args.path, 'utf8'), args.path));
        return args.path.endsWith('.module.css') ? undefined : { contents: 'export default {};', loader: 'js' };
      });
    },
  };
}

/**
 * A component's stylesheet is placed in the output as one file, its `url()` and `@import` kept as
 * written, so a relative one (`url(./hero.png)`) would point at nothing there: each is DG254 at its
 * place in the stylesheet. Absolute paths (files of `static/`), full URLs and `data:` work.
 */
function relativeStylesheetUrls(input: Pick<MdxBundleInput, 'root'>, text: string, path: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  const reference = /(?:url\(\s*|@import\s+)(['"]?)([^'")\s]+)\1/g;
  for (const match of text.matchAll(reference)) {
    const target = match[2];
    if (/^(?:[a-z][\w+.-]*:|\/|#)/i.test(target)) continue;
    const before = text.slice(0, match.index).split('\n');
    found.push({
      code: 'DG254',
      severity: 'warning',
      message: `The stylesheet refers to "${target}" by a relative path, which does not resolve where docsgen places it`,
      file: relative(input.root, path).split('\\').join('/'),
      line: before.length,
      column: before[before.length - 1].length + 1,
      hint: `Put the file in static/ and refer to it from the site root (url('/img/${target.split('/').pop()}')), or use a full URL.`,
    });
  }
  return found;
}

function providedModule(path: string): string {
  const names = Object.keys(THEME_MODULES[path] as object).filter((name) => name !== '__esModule');
  const lines = names.map((name) =>
    name === 'default' ? 'export default provided.default;' : `export const ${name} = provided.${name};`,
  );
  return [`const provided = require(${JSON.stringify(path)});`, ...lines].join('\n');
}

function unappliedStylesheet(input: Pick<MdxBundleInput, 'sourcePath'>, path: string): Diagnostic {
  return {
    code: 'DG235',
    severity: 'warning',
    message: `The stylesheet "${path}" imported by an MDX page (or an npm package) is not applied`,
    file: input.sourcePath,
    hint: "Stylesheets ship with the site's own components that import them (src/components/…): import it from the component, or move the rules into the theme stylesheet.",
  };
}

/**
 * Bundles a compiled MDX page with what it imports (the site's components, npm packages) into
 * one CommonJS module for Node, leaving React and docsgen's theme modules to be provided when it
 * runs. The MDX source map is chained, so positions in the bundle map back to the .mdx file.
 */
export async function bundleMdx(input: MdxBundleInput): Promise<{ bundle?: MdxBundle; diagnostics: Diagnostic[] }> {
  const warnings: Diagnostic[] = [];
  const partials = new Map<string, PartialReferences>();
  const inlineMap = Buffer.from(JSON.stringify(input.map)).toString('base64');
  try {
    const result = await build({
      stdin: {
        contents: `${input.code}\n//# sourceMappingURL=data:application/json;base64,${inlineMap}`,
        resolveDir: input.absolutePath.replace(/[/\\][^/\\]*$/, ''),
        sourcefile: PAGE_MODULE,
        loader: 'js',
      },
      absWorkingDir: input.root,
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      outfile: 'page.js',
      metafile: true,
      sourcemap: 'external',
      jsx: 'automatic',
      loader: { '.js': 'jsx' },
      external: ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime'],
      plugins: [
        inlineLoadersPlugin(),
        ...(input.partials ? [partialsPlugin(input.partials, partials)] : []),
        islandsPlugin(input, warnings, partials),
        mdxModulesPlugin(input, warnings),
        cssModulesPlugin({ root: input.root, emitCss: false }),
      ],
      logLevel: 'silent',
    });
    const js = result.outputFiles.find((file) => file.path.endsWith('.js'))?.text ?? '';
    const map = result.outputFiles.find((file) => file.path.endsWith('.map'))?.text ?? '{}';
    const files = Object.keys(result.metafile.inputs)
      // Files only: not the page itself (stdin) nor modules of other namespaces (theme modules, wrappers).
      .filter((path) => !path.endsWith(PAGE_MODULE) && !path.startsWith('<') && !/^[\w-]{2,}:/.test(path))
      .map((path) => resolve(input.root, path.replace(/\?raw$/, '')));
    const partialIslands = Object.fromEntries(
      [...partials.values()].flatMap((partial) =>
        partial.islandCode ? [[partial.sourcePath, partial.islandCode]] : [],
      ),
    );
    return { bundle: { js, map, files, partialIslands }, diagnostics: warnings };
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors ?? [];
    if (!errors.length) throw error;
    // A partial that did not compile has its diagnostic on the page already.
    const reported = errors.filter((message) => !message.text.startsWith(PARTIAL_FAILED));
    return { diagnostics: [...warnings, ...reported.map((message) => importDiagnostic(message, input))] };
  }
}

/** The package an import names (`@scope/name` or `name`), or undefined for paths. */
function packageName(specifier: string): string | undefined {
  if (/^[./]/.test(specifier) || specifier.startsWith('@site/')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isInstalled(pkg: string, from: string): boolean {
  try {
    createRequire(from).resolve(`${pkg}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/** An esbuild error while bundling a page: most often an import that does not resolve (DG231, DG232). */
export function importDiagnostic(
  message: Message,
  input: Pick<MdxBundleInput, 'imports' | 'sourcePath' | 'absolutePath'>,
): Diagnostic {
  const notProvided = /^NOT_PROVIDED (.+)$/.exec(message.text)?.[1];
  const unresolved = /^Could not resolve "([^"]+)"/.exec(message.text)?.[1];
  const loader = new RegExp(`^${UNSUPPORTED_LOADER} (\\S+) (.+)$`).exec(message.text);
  const specifier = notProvided ?? unresolved ?? loader?.[2];
  const inPage = !message.location || message.location.file.endsWith(PAGE_MODULE);
  const written = inPage ? input.imports.find((item) => item.source === specifier) : undefined;
  const where = inPage
    ? { file: input.sourcePath, line: written?.line, column: written?.column }
    : { file: message.location!.file, line: message.location!.line, column: message.location!.column + 1 };
  if (loader)
    return {
      code: 'DG236',
      severity: 'error',
      message: `The import "${loader[2]}" runs the webpack loader "${loader[1]}", which docsgen does not run`,
      ...where,
      hint: `Import the file itself ("${withoutInlineLoader(loader[2])}": images and other files become asset URLs), or "!!raw-loader!" for its text.`,
    };
  if (notProvided)
    return {
      code: 'DG232',
      severity: 'error',
      message: `"${notProvided}" is a ${isFrameworkModule(notProvided) ? 'Docusaurus' : 'theme'} module that docsgen does not provide`,
      ...where,
      hint: `docsgen provides ${PROVIDED_MODULES.join(', ')}. Use one of them, or write the component in src/components and import it from '@site/src/components/…'.`,
    };
  const pkg = specifier ? packageName(withoutInlineLoader(specifier)) : undefined;
  const installed = pkg !== undefined && isInstalled(pkg, input.absolutePath);
  return {
    code: 'DG231',
    severity: 'error',
    message: specifier
      ? `Cannot resolve the import "${specifier}"${pkg ? `: the npm package "${pkg}" is ${installed ? 'installed but has no such module' : 'not installed'}` : ': no such file'}`
      : `Cannot bundle the page's imports: ${message.text}`,
    ...where,
    hint: installed
      ? `Check the path inside "${pkg}" against its package.json "exports".`
      : pkg
        ? `Install it in the site (\`npm install ${pkg}\`), or remove the import.`
        : 'Check the path: relative paths start from the file that imports them; `@site/` is the folder of site.config.ts.',
  };
}
