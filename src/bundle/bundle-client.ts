import { build, type Metafile } from 'esbuild';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { errorDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { esbuildDiagnostics } from '../diagnostics/esbuild-diagnostics.js';
import { packageRoot } from '../shared/package-paths.js';
import {
  clientFeatureOptions,
  ISLANDS_MANIFEST,
  manifestImport,
  SITE_FILE,
  type ClientFeatures,
  type ClientIslandsInput,
} from '../content/mdx/island-modules.js';

export interface ClientBundle {
  /** Output files, paths relative to the output root (e.g. assets/js/entry.3f2a1b.js). */
  files: { path: string; contents: Uint8Array }[];
  /** Public paths (without baseUrl) of what every page loads. */
  entry: { js: string; css: string[]; preload: string[] };
  /** Every file the bundle was made from, and the stylesheets looked for (absolute paths): what the build cache checks. */
  inputs: string[];
  /** With `islands`: per component module (path in the site), the stylesheets its chunk needs (public paths). */
  islands?: Record<string, { css: string[] }>;
}

export interface BundleClientOptions extends ClientFeatures {
  root: string;
  templatesDir: string;
  highlightTheme: string;
  minify?: boolean;
}

/** The stylesheet of a highlight.js theme, or undefined when there is no theme of that name. */
function highlightThemeFile(require: NodeJS.Require, theme: string): string | undefined {
  try {
    return require.resolve(`highlight.js/styles/${theme}.css`);
  } catch {
    return undefined;
  }
}

/** The files a bundle read: docsgen's own (relative to it), and the site's (kept under their path in the site). */
const inputsOf = (metafile: Metafile, pkg: string, root: string) =>
  Object.keys(metafile.inputs).flatMap((input) => {
    if (input.startsWith(SITE_FILE)) return [join(root, input.slice(SITE_FILE.length))];
    return input.startsWith('<') || /^docsgen[\w-]*:/.test(input) ? [] : [resolve(pkg, input)];
  });

/** Per component module: the stylesheet esbuild made of the CSS its chunk imports (CSS modules, plain CSS). */
function islandStylesheets(
  metafile: Metafile,
  islands: ClientIslandsInput,
  { pkg, root }: { pkg: string; root: string },
): Record<string, { css: string[] }> {
  const toPublic = (path: string) => relative(resolve(pkg, 'out'), resolve(pkg, path)).split('\\').join('/');
  // What the manifest's import of each module resolved to: the entry point of the module's chunk.
  const resolved = new Map(
    (metafile.inputs[ISLANDS_MANIFEST]?.imports ?? []).map((item) => [item.original, item.path] as const),
  );
  const byEntry = new Map(
    Object.values(metafile.outputs)
      .filter((output) => output.entryPoint)
      .map((output) => [output.entryPoint!, output.cssBundle]),
  );
  return Object.fromEntries(
    islands.modules.map((module) => {
      const entry = resolved.get(manifestImport(module, root));
      const css = entry === undefined ? undefined : byEntry.get(entry);
      return [module, { css: css ? [toPublic(css)] : [] }];
    }),
  );
}

/** The scripts: the entry, its lazily loaded chunks and, with `islands`, the site's components. */
function buildScripts(options: BundleClientOptions, { pkg, templates }: { pkg: string; templates: string }) {
  // The site's components (one chunk per module) and diagrams, loaded where used.
  const features =
    options.islands || options.mermaid || options.docsVersions
      ? clientFeatureOptions(options, resolve(options.root), pkg)
      : undefined;
  return build({
    entryPoints: { entry: join(pkg, 'src/client/entry.tsx') },
    // Paths (and so chunk hashes) relative to docsgen, not to the shell's working directory.
    absWorkingDir: pkg,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: options.minify ?? true,
    write: false,
    outdir: 'out/assets/js',
    entryNames: '[name].[hash]',
    chunkNames: '[name].[hash]',
    metafile: true,
    jsx: 'automatic',
    define: features?.define ?? { 'process.env.NODE_ENV': '"production"' },
    alias: { '@templates': templates },
    legalComments: 'none',
    logLevel: 'silent',
    plugins: features?.plugins,
  });
}

/**
 * Bundles the browser client (islands, navigation, search UI) and the stylesheet with esbuild,
 * in memory, with content-hashed names and lazily loaded chunks.
 */
export async function bundleClient(
  options: BundleClientOptions,
): Promise<{ bundle?: ClientBundle; diagnostics: Diagnostic[] }> {
  const pkg = packageRoot();
  const require = createRequire(join(pkg, 'package.json'));
  const themeFile = highlightThemeFile(require, options.highlightTheme);
  if (!themeFile) {
    const message = `Invalid config value at "code.theme": no highlight.js theme "${options.highlightTheme}"`;
    const hint = 'Use the name of a file in node_modules/highlight.js/styles without ".css", e.g. "github-dark".';
    return { diagnostics: [errorDiagnostic('DG101', message, { key: 'code.theme', hint })] };
  }
  const templates = resolve(options.root, options.templatesDir);
  const stylesheets = ['styles.css', 'api.css', 'search.css'].map((name) => join(templates, name));
  const cssImports = stylesheets.filter(existsSync);
  const cssSource = [...cssImports, themeFile].map((file) => `@import ${JSON.stringify(file)};`).join('\n');
  try {
    const [js, css] = await Promise.all([
      buildScripts(options, { pkg, templates }),
      build({
        stdin: { contents: cssSource, loader: 'css', resolveDir: pkg, sourcefile: 'docsgen-styles.css' },
        absWorkingDir: pkg,
        bundle: true,
        minify: options.minify ?? true,
        write: false,
        outdir: 'out/assets/css',
        entryNames: 'styles.[hash]',
        metafile: true,
        logLevel: 'silent',
      }),
    ]);
    const toPublic = (path: string) => relative(resolve(pkg, 'out'), path).split('\\').join('/');
    const islandsCss =
      options.islands && islandStylesheets(js.metafile, options.islands, { pkg, root: resolve(options.root) });
    const files = [...js.outputFiles, ...css.outputFiles].map((file) => ({
      path: toPublic(file.path),
      contents: file.contents,
    }));
    const entryJs = files.find((f) => /^assets\/js\/entry\.[^/]+\.js$/.test(f.path));
    const entryOutput = Object.entries(js.metafile.outputs).find(([path]) => /entry\.[^/]+\.js$/.test(path));
    const preload = (entryOutput?.[1].imports ?? [])
      .filter((i) => i.kind === 'import-statement')
      .map((i) => toPublic(resolve(pkg, i.path)));
    return {
      bundle: {
        files,
        entry: { js: entryJs!.path, css: css.outputFiles.map((f) => toPublic(f.path)), preload },
        inputs: [
          ...stylesheets,
          ...inputsOf(js.metafile, pkg, options.root),
          ...inputsOf(css.metafile, pkg, options.root),
        ],
        ...(islandsCss && { islands: islandsCss }),
      },
      diagnostics: [],
    };
  } catch (error) {
    return { diagnostics: esbuildDiagnostics(error, { code: 'DG501', prefix: 'Client bundle failed' }) };
  }
}
