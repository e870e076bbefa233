import { build, type Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { SourceMap, createRequire } from 'node:module';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script, createContext } from 'node:vm';

/**
 * Reads a Docusaurus site's JavaScript files (docusaurus.config.js|ts|mjs, sidebars.js|ts) without
 * the site's npm packages installed: the file and its local imports are bundled with esbuild, and
 * every package import (@docusaurus/*, prism-react-renderer, remark-math, a plugin…) becomes a
 * stand-in that records what was asked of it. The code runs in a separate V8 context with an empty
 * `process.env`, so the values it computes are what the file says, not what this machine holds.
 */

/** What a package import stood for: `prism-react-renderer` `.themes.github`, or a call to it. */
export interface PackageStandIn {
  module: string;
  /** Property names and calls after the import, e.g. ['themes', 'github'] or ['()']. */
  path: string[];
}

const STAND_IN = Symbol.for('docsgen.packageStandIn');

/** The package import a value came from, when it is one of the stand-ins. */
export function standInOf(value: unknown): PackageStandIn | undefined {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined;
  return (value as Record<symbol, PackageStandIn | undefined>)[STAND_IN];
}

/** `prism-react-renderer.themes.github` */
export const describeStandIn = (standIn: PackageStandIn) =>
  [standIn.module, ...standIn.path].join('.').replace(/\.\(\)/g, '()');

function packageStandIn(module: string, path: string[] = []): unknown {
  const target = function standIn() {};
  return new Proxy(target, {
    get(_, key) {
      if (key === STAND_IN) return { module, path };
      // Not an ES module: esbuild's interop then takes the stand-in itself as the default export.
      if (key === '__esModule') return undefined;
      if (key === 'then') return undefined; // not a promise: `await import('x')` gets the stand-in itself
      if (key === Symbol.toPrimitive) return () => `[${[module, ...path].join('.')}]`;
      // Spread into a list (`...require('./docs/api/sidebar.js')`), it adds nothing.
      if (key === Symbol.iterator) return function* nothing() {};
      if (typeof key === 'symbol') return undefined;
      return packageStandIn(module, [...path, key]);
    },
    apply: () => packageStandIn(module, [...path, '()']),
    construct: () => packageStandIn(module, [...path, '()']) as object,
  });
}

/** Modules whose real code is harmless and that configs use to compute paths. */
const REAL_MODULES = new Set(['path', 'node:path', 'url', 'node:url']);

const packagesAsStandIns: Plugin = {
  name: 'docusaurus-packages-as-stand-ins',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (/^[A-Za-z]:[\\/]/.test(args.path)) return undefined;
      return { path: args.path, external: true };
    });
    // A local file that does not exist (often one a plugin generates, such as the OpenAPI docs
    // plugin's docs/api/sidebar.js) is a stand-in too; EvaluatedModule.missing names it.
    pluginBuild.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      const found = await pluginBuild.resolve(args.path, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        importer: args.importer,
        pluginData: 'resolving',
      });
      return found.errors.length ? { path: args.path, external: true } : undefined;
    });
    // Stylesheets and images a config imports for their URL: their content is not needed.
    pluginBuild.onLoad({ filter: /\.(css|scss|svg|png|jpe?g|gif|webp)$/ }, () => ({ contents: '', loader: 'js' }));
  },
};

export interface EvaluatedModule {
  /** `module.exports`, or its `default`; a function or promise is called and awaited (async configs). */
  value?: unknown;
  /** Local files it was made from (absolute). */
  files: string[];
  /** Package names it imported (each became a stand-in). */
  packages: string[];
  /** Local files it imports that do not exist (each became a stand-in), as written: './docs/api/sidebar.js'. */
  missing: string[];
  error?: { message: string; line?: number; column?: number; file?: string };
}

async function bundle(file: string) {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    metafile: true,
    logLevel: 'silent',
    plugins: [packagesAsStandIns],
    // Positions of an exception are mapped back to the file's own lines (errorPosition).
    sourcemap: 'external',
    outfile: join(dirname(file), 'bundled.cjs'),
  });
  const files = Object.keys(result.metafile.inputs).map((input) => resolve(input));
  const output = (suffix: string) => result.outputFiles.find((out) => out.path.endsWith(suffix))!.text;
  return { code: output('.cjs'), map: new SourceMap(JSON.parse(output('.map'))), files };
}

function sandboxRequire(file: string, packages: Set<string>) {
  const real = createRequire(file);
  const required = (name: string) => {
    if (REAL_MODULES.has(name)) return real(name);
    packages.add(name);
    return packageStandIn(name);
  };
  // `sidebarPath: require.resolve('./sidebars.js')`: a path, resolved without loading anything.
  required.resolve = (name: string) => (/^\.{1,2}\//.test(name) ? resolve(dirname(file), name) : name);
  return required;
}

/** Runs the bundled code in its own context and returns what it exports (awaited, called if a function). */
async function run(code: string, file: string, packages: Set<string>): Promise<unknown> {
  const module = { exports: {} as Record<string, unknown> };
  const context = createContext({
    module,
    exports: module.exports,
    require: sandboxRequire(file, packages),
    __filename: file,
    __dirname: dirname(file),
    process: { env: { NODE_ENV: 'production' }, cwd: () => dirname(file), platform: 'linux' },
    console: { log() {}, warn() {}, error() {}, info() {} },
    URL,
  });
  new Script(code, { filename: file }).runInContext(context, { timeout: 2000 });
  let value: unknown = module.exports;
  if (value && typeof value === 'object' && 'default' in value && !standInOf(value)) value = value.default;
  if (typeof value === 'function' && !standInOf(value)) value = (value as () => unknown)();
  return withTimeout(Promise.resolve(value), 2000);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`it did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Where in the source an exception thrown by the bundled code happened: its stack frame, through the source map. */
function errorPosition(
  error: unknown,
  file: string,
  map: SourceMap,
): { file?: string; line?: number; column?: number } {
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const frame = new RegExp(`${escaped}:(\\d+):(\\d+)`).exec((error as Error)?.stack ?? '');
  if (!frame) return {};
  const entry = map.findEntry(Number(frame[1]) - 1, Number(frame[2]) - 1) as {
    originalSource?: string;
    originalLine?: number;
    originalColumn?: number;
  };
  if (entry.originalLine === undefined || !entry.originalSource) return {};
  const source = entry.originalSource.startsWith('file:')
    ? fileURLToPath(entry.originalSource)
    : resolve(dirname(file), entry.originalSource);
  return { file: source, line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 };
}

const importsOf = (names: Set<string>) => ({
  packages: [...names].filter((name) => !/^\.\.?\//.test(name)).sort(),
  missing: [...names].filter((name) => /^\.\.?\//.test(name)).sort(),
});

/** Evaluates a Docusaurus JavaScript/TypeScript module (or reads a JSON one) as described above. */
export async function evaluateDocusaurusModule(file: string): Promise<EvaluatedModule> {
  if (extname(file) === '.json') {
    try {
      return { value: JSON.parse(await readFile(file, 'utf8')), files: [file], packages: [], missing: [] };
    } catch (error) {
      return { files: [file], packages: [], missing: [], error: { message: (error as Error).message, file } };
    }
  }
  let bundled: Awaited<ReturnType<typeof bundle>>;
  try {
    bundled = await bundle(file);
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] })
      .errors?.[0];
    const location = first?.location;
    const message = first?.text ?? (error as Error).message;
    return {
      files: [file],
      packages: [],
      missing: [],
      error: { message, file: location?.file, line: location?.line, column: location && location.column + 1 },
    };
  }
  const packages = new Set<string>();
  try {
    const value = await run(bundled.code, file, packages);
    return { value, files: bundled.files, ...importsOf(packages) };
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    return {
      files: bundled.files,
      ...importsOf(packages),
      error: { message, ...errorPosition(error, file, bundled.map) },
    };
  }
}
