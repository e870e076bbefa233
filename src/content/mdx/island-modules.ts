import { build, type Loader, type Message, type Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { cssModulesPlugin } from './css-modules.js';
import { ASSET_IMPORT, isSiteModule } from './module-kinds.js';
import { createAssetResolver } from '../create-asset-resolver.js';
import type { DocusaurusContextValue } from './theme/page-context.js';
import { inlineLoadersPlugin } from './inline-loaders.js';
import { packageRoot } from '../../shared/package-paths.js';
import { someInSlices } from '../../shared/time-slices.js';

/** What the browser needs to hydrate the site's own components on MDX pages. */
export interface ClientIslandsInput {
  /**
   * Component modules some page hydrates (sorted): paths in the site of its files
   * (`src/components/Counter.jsx`), of pages whose own components hydrate (`docs/intro.mdx`,
   * their code in `code`), and npm packages (`npm:@scope/name`, resolved from the site root).
   */
  modules: string[];
  /** The browser module of each page whose own components hydrate (page-islands.ts), by page path. */
  code?: Record<string, string>;
  /** What `useDocusaurusContext()` returns in the browser. */
  site: DocusaurusContextValue;
  baseUrl: string;
}

/** The browser versions of the Docusaurus modules docsgen provides (files of docsgen). */
export const BROWSER_THEME_MODULES: Readonly<Record<string, string>> = {
  '@theme/Tabs': 'src/content/mdx/theme/Tabs.tsx',
  '@theme/TabItem': 'src/content/mdx/theme/TabItem.tsx',
  '@theme/Admonition': 'src/content/mdx/theme/Admonition.tsx',
  '@theme/CodeBlock': 'src/client/mdx-theme/CodeBlock.tsx',
  '@theme/Details': 'src/content/mdx/theme/Details.tsx',
  '@theme/DocCardList': 'src/content/mdx/theme/DocCardList.tsx',
  '@docusaurus/Link': 'src/content/mdx/theme/Link.tsx',
  '@docusaurus/useBaseUrl': 'src/content/mdx/theme/base-url.ts',
  '@docusaurus/BrowserOnly': 'src/client/mdx-theme/BrowserOnly.tsx',
  '@docusaurus/useDocusaurusContext': 'src/content/mdx/theme/docusaurus-context.ts',
  '@theme/ThemedImage': 'src/content/mdx/theme/ThemedImage.tsx',
  '@theme/Heading': 'src/content/mdx/theme/Heading.tsx',
  '@theme/TOCInline': 'src/content/mdx/theme/TOCInline.tsx',
  '@docusaurus/Head': 'src/content/mdx/theme/Head.tsx',
  '@theme/DocCard': 'src/content/mdx/theme/DocCard.tsx',
  '@docusaurus/plugin-content-docs/client': 'src/content/mdx/theme/DocCardList.tsx',
  '@docusaurus/useIsBrowser': 'src/content/mdx/theme/browser-hooks.ts',
  '@docusaurus/ExecutionEnvironment': 'src/content/mdx/theme/execution-environment.ts',
  '@docusaurus/router': 'src/content/mdx/theme/browser-hooks.ts',
  '@docusaurus/Translate': 'src/content/mdx/theme/translate.tsx',
  '@docusaurus/Interpolate': 'src/content/mdx/theme/interpolate.ts',
  '@docusaurus/theme-common': 'src/content/mdx/theme/theme-common.ts',
  // What a swizzled src/theme/MDXComponents spreads; its interactive components hydrate from it.
  '@theme-original/MDXComponents': 'src/content/mdx/theme/mdx-components.ts',
};

/**
 * An island module that is the site's swizzled MDXComponents (mdx-scope.ts): its islands are keys
 * of its default export, the mapping (`src/theme/MDXComponents.js#Stepper`).
 */
export const isScopeModule = (module: string) => /^src\/theme\/MDXComponents(?:\/index)?\.[jt]sx?$/.test(module);

/** An island module that is a page's own exports (its code is in ClientIslandsInput.code). */
export const isPageModule = (module: string) => /\.mdx?$/.test(module);
export const NPM_MODULE = 'npm:';
const PAGE = 'docsgen-page';

/** What the manifest imports for an island module: a file of the site, a page's exports, an npm package. */
export function manifestImport(module: string, root: string): string {
  if (module.startsWith(NPM_MODULE)) return module.slice(NPM_MODULE.length);
  return isPageModule(module) ? `${PAGE}:/${module}` : join(root, module);
}

/** How esbuild's metafile names the manifest module. */
export const ISLANDS_MANIFEST = 'docsgen:mdx-islands';

/** `docsgen:mdx-islands`: a loader per component module (esbuild makes each a chunk) and the site context. */
function manifest(input: ClientIslandsInput, root: string): string {
  const loaders = input.modules.map((module) => {
    const load = `import(${JSON.stringify(manifestImport(module, root))})`;
    // The mapping's components are its default export's keys.
    const exports = isScopeModule(module) ? `${load}.then((m) => ({ ...m, ...m.default }))` : load;
    return `  ${JSON.stringify(module)}: () => ${exports},`;
  });
  return `export const modules = {\n${loaders.join('\n')}\n};\nexport const site = ${JSON.stringify(input.site)};\n`;
}

const SITE = 'docsgen-site';
/** How esbuild's metafile names a site file: `docsgen-site:` and its path in the site after the `/`. */
export const SITE_FILE = `${SITE}:/`;

const LOADERS: Record<string, Loader> = {
  '.tsx': 'tsx',
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.json': 'json',
  '.css': 'css',
};

/**
 * The site's own files (under its root, outside node_modules) are bundled under their path in the
 * site (`docsgen-site:/src/components/Counter/index.jsx`): esbuild's chunk hashes depend on the
 * paths of their inputs, so the same site builds byte-identical chunks wherever it is on disk.
 */
function sitePathsPlugin(root: string): Plugin {
  const inSite = (path: string) => !relative(root, path).startsWith('..') && !/[/\\]node_modules[/\\]/.test(path);
  return {
    name: 'docsgen-site-paths',
    setup(esbuild) {
      esbuild.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData?.direct || ![SITE, 'docsgen', PAGE].includes(args.namespace)) return undefined;
        const found = await esbuild.resolve(args.path, {
          resolveDir: args.resolveDir,
          kind: args.kind,
          pluginData: { direct: true },
        });
        if (found.errors.length || found.external || found.namespace !== 'file' || !inSite(found.path)) return found;
        return { path: `/${relative(root, found.path).split('\\').join('/')}`, namespace: SITE };
      });
      esbuild.onLoad({ filter: /.*/, namespace: SITE }, async (args) => {
        // CSS modules and images have their own loaders (below).
        if (args.path.endsWith('.module.css') || ASSET_IMPORT.test(args.path)) return undefined;
        const file = join(root, args.path);
        // Site code with JSX in .js files is common (Docusaurus reads it so).
        const loader = LOADERS[extname(file)] ?? (isSiteModule(file, root) ? 'jsx' : 'file');
        return { contents: await readFile(file), loader, resolveDir: dirname(file), watchFiles: [file] };
      });
    },
  };
}

/**
 * Resolves what the site's components import in the browser as the server bundle of their pages
 * does (bundle-mdx.ts): docsgen's theme modules (browser versions), `@site/`, one React (docsgen's:
 * the islands chunk hydrates with it), images as the same hashed URLs, CSS modules with the same
 * class names, their stylesheets shipped with the chunks.
 */
function islandModulesPlugins(input: ClientIslandsInput, root: string, pkg: string): Plugin[] {
  const assets = createAssetResolver(input.baseUrl);
  const realPath = (path: string, namespace: string) => (namespace === SITE ? join(root, path) : path);
  const plugin: Plugin = {
    name: 'docsgen-island-modules',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^docsgen:mdx-islands$/ }, () => ({ path: 'mdx-islands', namespace: 'docsgen' }));
      esbuild.onLoad({ filter: /.*/, namespace: 'docsgen' }, () => ({
        contents: manifest(input, root),
        resolveDir: root,
        loader: 'js',
      }));
      // A page's own exports, as page-islands.ts wrote them: resolved from the page's folder.
      esbuild.onResolve({ filter: new RegExp(`^${PAGE}:/`) }, (args) => ({
        path: args.path.slice(PAGE.length + 2),
        namespace: PAGE,
      }));
      esbuild.onLoad({ filter: /.*/, namespace: PAGE }, (args) => ({
        contents: input.code?.[args.path] ?? '',
        resolveDir: dirname(join(root, args.path)),
        loader: 'jsx',
      }));
      esbuild.onResolve({ filter: /^@(?:theme|theme-original|docusaurus)\// }, (args) =>
        BROWSER_THEME_MODULES[args.path]
          ? { path: join(pkg, BROWSER_THEME_MODULES[args.path]) }
          : { errors: [{ text: `docsgen does not provide "${args.path}"` }] },
      );
      esbuild.onResolve({ filter: /^@site\// }, (args) =>
        esbuild.resolve(`./${args.path.slice('@site/'.length)}`, { resolveDir: root, kind: args.kind }),
      );
      esbuild.onResolve({ filter: /^react(?:-dom)?(?:\/.*)?$/ }, (args) =>
        args.resolveDir === pkg || args.pluginData?.docsgen
          ? undefined
          : esbuild.resolve(args.path, { resolveDir: pkg, kind: args.kind, pluginData: { docsgen: true } }),
      );
      esbuild.onLoad({ filter: ASSET_IMPORT }, (args) => ({
        contents: `export default ${JSON.stringify(assets.assetUrl(realPath(args.path, args.namespace)))};`,
        loader: 'js',
      }));
    },
  };
  return [
    inlineLoadersPlugin(realPath),
    sitePathsPlugin(root),
    plugin,
    cssModulesPlugin({ root, emitCss: true, realPath }),
  ];
}

/**
 * Whether a page of these sources may need the client with features, seen before any is parsed:
 * only an MDX page (`isMdx`: by `markdown.format`) hydrates site components, and only a page whose
 * text names mermaid can have a diagram (a word in prose only costs the overlap below). When none
 * may, the plain client is bundled while the pages parse; otherwise only the one they need is.
 */
export const mayNeedClientFeatures = (
  sources: readonly { absolutePath: string; text: string }[],
  isMdx: (path: string) => boolean,
): Promise<boolean> =>
  // In slices: 100 MB of Markdown take ~0.1 s to scan, which `docsgen dev` spends serving saves meanwhile.
  someInSlices(sources, (source) => isMdx(source.absolutePath) || source.text.includes('mermaid'));

/** What a site's client has beyond the built-in islands (bundle-client.ts). */
export interface ClientFeatures {
  islands?: ClientIslandsInput;
  /** Some page has a ```mermaid diagram. */
  mermaid?: boolean;
  /** The site has several docs versions: navbar docs links and the dropdown follow the version read or preferred. */
  docsVersions?: boolean;
}

/**
 * The build options of a client with more than the built-in islands: islands-extended.tsx in
 * place of the entry's islands chunk, with the features switched on (the rest is left out of the
 * bundle), and the plugins of the site's components.
 */
export function clientFeatureOptions(
  features: ClientFeatures,
  root: string,
  pkg: string,
): { define: Record<string, string>; plugins: Plugin[] } {
  const extended: Plugin = {
    name: 'docsgen-islands-extended',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^\.\/islands\.js$/ }, (args) =>
        args.importer === join(pkg, 'src/client/entry.tsx')
          ? { path: join(pkg, 'src/client/islands-extended.tsx') }
          : undefined,
      );
    },
  };
  return {
    define: {
      'process.env.NODE_ENV': '"production"',
      __DOCSGEN_MDX_ISLANDS__: String(Boolean(features.islands)),
      __DOCSGEN_MERMAID__: String(Boolean(features.mermaid)),
      __DOCSGEN_DOCS_VERSIONS__: String(Boolean(features.docsVersions)),
    },
    plugins: [extended, ...(features.islands ? islandModulesPlugins(features.islands, root, pkg) : [])],
  };
}

/**
 * Bundles island modules for the browser alone, as the site's client will (the same plugins): the
 * errors esbuild gives, or none. A module that cannot be bundled for the browser (an npm package
 * for Node only, a page export importing `fs`) is found while its page is parsed, so that its
 * components are shown as the server rendered them instead of failing the site's client.
 */
export async function browserBundleErrors(input: ClientIslandsInput, root: string): Promise<Message[]> {
  const pkg = packageRoot();
  try {
    await build({
      entryPoints: [ISLANDS_MANIFEST],
      absWorkingDir: pkg,
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2020',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
      plugins: islandModulesPlugins(input, root, pkg),
    });
    return [];
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (!errors?.length) throw error;
    // Places in files relative to the site, as in every message (esbuild's are relative to docsgen).
    return errors.map((message) =>
      message.location && !/^[\w-]{2,}:/.test(message.location.file)
        ? { ...message, location: { ...message.location, file: relative(root, resolve(pkg, message.location.file)) } }
        : message,
    );
  }
}
