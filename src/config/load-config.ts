import { build, type Plugin } from 'esbuild';
import { existsSync } from 'node:fs';
import { dirname, relative, resolve, join } from 'node:path';
import { createHash } from 'node:crypto';
import { esbuildDiagnostics } from '../diagnostics/esbuild-diagnostics.js';
import { importCompiled, NODE_MODULE_BUILD, UNSETTLED_IMPORT } from '../shared/import-compiled.js';
import {
  configErrorPosition,
  displayFrom,
  IMPORT_META_DEFINE,
  importMetaPlugin,
  withConfigName,
  withAbsoluteSources,
} from './config-error-position.js';
import { siteCacheDir } from '../shared/package-paths.js';
import { causeOf, errorDiagnostic, hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { readSidebarsFile, sidebarsFileOf } from './docusaurus-sidebars.js';
import {
  readVersionedSidebars,
  readVersionsFile,
  versionedSidebarsFile,
  VERSIONS_FILE,
  type VersionedSidebars,
} from './versioned-files.js';
import { resolveConfig, type SiteConfig } from './resolve-config.js';

export interface LoadConfigOptions {
  /** Path to site.config.ts (default: ./site.config.ts in cwd). */
  configPath?: string;
  openapiOverride?: string;
}

export interface LoadedConfig {
  config?: SiteConfig;
  /** Every local file the config imports, so `docsgen dev` can watch them. */
  dependencies: string[];
  diagnostics: Diagnostic[];
}

/** The config compiled to one ES module, and the local files it was compiled from. */
export interface CompiledConfig {
  code?: string;
  dependencies: string[];
  diagnostics: Diagnostic[];
}

/**
 * `import { defineConfig } from 'docsgen'` works in any site, with or without docsgen installed in
 * it (run with npx, or installed globally): the import is this docsgen's own public API, compiled in.
 */
const docsgenImport: Plugin = {
  name: 'docsgen-public-api',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^docsgen$/ }, () => ({ path: 'docsgen', namespace: 'docsgen-public-api' }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'docsgen-public-api' }, () => ({
      // defineConfig is the identity (src/config/define-config.ts): it exists for type checking.
      contents: 'export function defineConfig(config) { return config; }',
      loader: 'js',
    }));
  },
};

/**
 * Compiles site.config.ts and its local imports with esbuild (no separate build step). Pure in
 * the files it reads (`dependencies`), so the build cache may keep the result while they are
 * unchanged; evaluating the code is another matter (see loadConfig).
 */
export async function compileConfig(configFile: string): Promise<CompiledConfig> {
  const rel = relative(process.cwd(), configFile) || configFile;
  if (!existsSync(configFile)) {
    return {
      dependencies: [],
      diagnostics: [
        errorDiagnostic('DG100', `Config file not found: ${rel}`, {
          hint: 'Run docsgen in the site folder or pass --config FILE.',
        }),
      ],
    };
  }
  try {
    const result = await build({
      ...NODE_MODULE_BUILD,
      entryPoints: [configFile],
      metafile: true,
      // Positions of errors thrown while it runs are mapped back to site.config.ts (configErrorPosition).
      sourcemap: 'inline',
      sourcesContent: false,
      define: IMPORT_META_DEFINE,
      plugins: [importMetaPlugin, docsgenImport],
    });
    const dependencies = Object.keys(result.metafile.inputs)
      .filter((input) => !input.startsWith('docsgen-public-api:'))
      .map((input) => resolve(input));
    return { code: withAbsoluteSources(result.outputFiles[0].text, process.cwd()), dependencies, diagnostics: [] };
  } catch (error) {
    // The first error only: the rest usually follow from it.
    return {
      dependencies: [configFile],
      diagnostics: esbuildDiagnostics(error, {
        code: 'DG103',
        prefix: 'Config file could not be compiled',
        file: rel,
      }).slice(0, 1),
    };
  }
}

/**
 * Compiles the config (with `compile`: the build cache passes a cached compileConfig), imports
 * it, then validates it. The import runs at every build: what a config evaluates to may depend on
 * `process.env` or files it reads, so its value, not its text, is what later steps are keyed by.
 * The compiled module goes to node_modules/.cache/docsgen with a content hash in its name, so a
 * changed config is imported afresh in the same process (the dev server relies on that).
 */
export async function loadConfig(
  options: LoadConfigOptions = {},
  compile: (configFile: string) => Promise<CompiledConfig> = compileConfig,
): Promise<LoadedConfig> {
  const configFile = resolve(options.configPath ?? 'site.config.ts');
  const root = dirname(configFile);
  const rel = relative(process.cwd(), configFile) || configFile;
  const { code, dependencies, diagnostics } = await compile(configFile);
  if (code === undefined) return { dependencies, diagnostics };
  // Beside the site's node_modules, so that the config's own imports resolve from the site.
  const compiled = join(
    siteCacheDir(root),
    `site.config.${createHash('sha256').update(code).digest('hex').slice(0, 12)}.mjs`,
  );
  let exported: unknown;
  try {
    const module = await importCompiled<{ default?: unknown; config?: unknown }>(code, compiled);
    exported = module.default ?? module.config;
  } catch (error) {
    return { dependencies, diagnostics: [evaluationDiagnostic(error, { code, compiled, rel, sources: dependencies })] };
  }
  if (!exported || typeof exported !== 'object') {
    return {
      dependencies,
      diagnostics: [errorDiagnostic('DG105', 'Config file must `export default defineConfig({...})`.', { file: rel })],
    };
  }
  const sidebars = await withSidebarsFile(exported as Record<string, unknown>, root);
  // A sidebars file that cannot be read: what names its sidebars would only repeat the error.
  if (hasErrors(sidebars.diagnostics)) return { dependencies, diagnostics: sidebars.diagnostics };
  const versioning = await readVersioning(sidebars.config, root);
  // Without a readable versions.json, every version the config names would be reported again.
  if (hasErrors(versioning.diagnostics))
    return { dependencies, diagnostics: [...sidebars.diagnostics, ...versioning.diagnostics] };
  const resolved = resolveConfig(sidebars.config, {
    root,
    configFile: rel,
    openapiOverride: options.openapiOverride,
    sidebarsFile: sidebars.file,
    versionNames: versioning.names,
    versionedSidebars: versioning.sidebars,
  });
  const all = [...sidebars.diagnostics, ...versioning.diagnostics, ...resolved.diagnostics];
  return {
    config: hasErrors(all) ? undefined : resolved.config,
    dependencies: [...dependencies, ...sidebars.files, ...versioning.files],
    diagnostics: all,
  };
}

/**
 * Docusaurus' versions.json and the sidebars of each version it names (unless the config says
 * `docs.disableVersioning`), read at every build like the config; the dev server watches them.
 */
async function readVersioning(config: Record<string, unknown>, root: string) {
  const docs = config.docs as { disableVersioning?: unknown } | undefined;
  const files = existsSync(join(root, VERSIONS_FILE)) ? [join(root, VERSIONS_FILE)] : [];
  if (docs?.disableVersioning === true) return { names: [], sidebars: {}, files, diagnostics: [] };
  const { names, diagnostics } = await readVersionsFile(root);
  const sidebars: Record<string, VersionedSidebars> = {};
  // A version without its folder is already an error (DG241): its sidebars would only add noise.
  for (const name of names.filter((one) => existsSync(join(root, `versioned_docs/version-${one}`)))) {
    const read = await readVersionedSidebars(root, name);
    diagnostics.push(...read.diagnostics);
    if (!read.value) continue;
    sidebars[name] = read.value;
    files.push(join(root, versionedSidebarsFile(name)));
  }
  return { names, sidebars, files, diagnostics };
}

/**
 * The config with the sidebars of its Docusaurus sidebars file added (`docs.sidebarPath`, or
 * sidebars.js|ts|json beside it when it declares no `sidebars`): the file is read at every build,
 * like the config, and is a dependency the dev server watches.
 */
async function withSidebarsFile(config: Record<string, unknown>, root: string) {
  const absolute = sidebarsFileOf(config, root);
  if (!absolute) return { config, files: [], diagnostics: [] };
  const read = await readSidebarsFile(absolute);
  const sidebars = { ...read.sidebars, ...(config.sidebars as Record<string, unknown> | undefined) };
  return {
    config: { ...config, sidebars },
    file: relative(process.cwd(), absolute) || absolute,
    files: read.files,
    diagnostics: read.diagnostics,
  };
}

/** Why evaluating the config failed, at the line of site.config.ts (or of a file it imports) where it did. */
function evaluationDiagnostic(error: unknown, at: { code: string; compiled: string; rel: string; sources: string[] }) {
  const { code, compiled, rel, sources } = at;
  const message = withConfigName((error as Error)?.message ?? String(error), compiled, rel);
  const display = displayFrom(process.cwd());
  const position = configErrorPosition(error, { code, compiledFile: compiled, sources, display });
  const where = { ...(position ?? { file: rel }), cause: causeOf(error) };
  const errorCode = (error as { code?: string })?.code;
  if (errorCode === UNSETTLED_IMPORT) {
    return errorDiagnostic('DG107', `Config file never finished loading: ${message}`, {
      file: rel,
      hint: 'A top-level await in the config (or a file it imports) waits for something that never happens, such as a promise nobody resolves. Await only what finishes, or compute the value without await.',
    });
  }
  const missing = /Cannot find (?:package|module) '([^']+)'/.exec(message)?.[1];
  if (errorCode === 'ERR_MODULE_NOT_FOUND' && missing) {
    return errorDiagnostic('DG106', `Config file imports "${missing}", which is not installed`, {
      ...where,
      hint: `Install it in the site (npm install ${missing}) or remove the import.`,
    });
  }
  return errorDiagnostic('DG104', `Config file threw while loading: ${message}`, {
    ...where,
    hint: 'Fix the code at this line of the config; run with --debug for the whole stack trace.',
  });
}
