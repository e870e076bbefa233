import { build, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packageRoot } from '../shared/package-paths.js';
import { causeOf, errorDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { esbuildDiagnostics } from '../diagnostics/esbuild-diagnostics.js';
import { importCompiled, NODE_MODULE_BUILD } from '../shared/import-compiled.js';
import type { Renderer } from './render-site.js';

/** Resolves the renderer's imports of docsgen's own templates/ to the site's templates folder. */
function siteTemplates(builtin: string, templatesDir: string): Plugin {
  return {
    name: 'docsgen-site-templates',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /templates\// }, (args) => {
        if (args.pluginData === 'redirected' || !args.resolveDir) return undefined;
        const target = resolve(args.resolveDir, args.path);
        if (!target.startsWith(builtin + sep)) return undefined;
        const specifier = `./${relative(builtin, target).split(sep).join('/')}`;
        return pluginBuild.resolve(specifier, {
          resolveDir: templatesDir,
          kind: args.kind,
          importer: args.importer,
          pluginData: 'redirected',
        });
      });
    },
  };
}

/**
 * Leaves the renderer's package imports (React above all) to the copies docsgen itself loads, by
 * absolute URL: the compiled module is written beside the site, not into docsgen's installation
 * (which may be read-only), yet must share the CLI's React. A package docsgen does not have (one
 * the site's templates bring) stays a bare import, resolved from the site.
 */
const docsgenPackages: Plugin = {
  name: 'docsgen-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      try {
        return { path: import.meta.resolve(args.path), external: true };
      } catch {
        return { path: args.path, external: true };
      }
    });
  },
};

/** The renderer compiled to one ES module: its code, a version that changes with the code, and the files read. */
export interface CompiledRenderer {
  code?: string;
  version?: string;
  files: string[];
  diagnostics: Diagnostic[];
}

/**
 * Compiles the page renderer (src/render/render-page.tsx) with the templates in `templatesDir` as
 * they are on disk. Pure in the files it reads, so the build cache keeps the result while they are
 * unchanged. The version is the hash of the code: an edit that does not change the code (a
 * comment) re-renders nothing.
 */
export async function compileRenderer(templatesDir: string): Promise<CompiledRenderer> {
  const pkg = packageRoot();
  const builtin = join(pkg, 'templates');
  try {
    const result = await build({
      ...NODE_MODULE_BUILD,
      entryPoints: [join(pkg, 'src/render/render-page.tsx')],
      absWorkingDir: pkg,
      metafile: true,
      jsx: 'automatic',
      // render-page.tsx requires React's server renderer relative to itself: from docsgen, as above.
      define: { 'import.meta.url': JSON.stringify(pathToFileURL(join(pkg, 'src/render/render-page.tsx')).href) },
      plugins: [
        ...(resolve(templatesDir) === builtin ? [] : [siteTemplates(builtin, resolve(templatesDir))]),
        docsgenPackages,
      ],
    });
    const code = result.outputFiles[0].text;
    return {
      code,
      version: createHash('sha1').update(code).digest('hex').slice(0, 16),
      files: Object.keys(result.metafile.inputs).map((input) => resolve(pkg, input)),
      diagnostics: [],
    };
  } catch (error) {
    return {
      files: [],
      diagnostics: esbuildDiagnostics(error, { code: 'DG502', prefix: 'Templates could not be compiled' }),
    };
  }
}

/**
 * Loads the page renderer with the site's current templates. The CLI is one compiled file with
 * docsgen's templates inside, and Node cannot unload an ES module, so when the templates differ
 * from those (the site's own, or docsgen's edited since it was compiled) render-page.tsx and the
 * templates are compiled afresh (`compile`: the build cache passes a cached compileRenderer) and
 * imported from `cacheDir` (the site's node_modules/.cache/docsgen) under a new name. Each load
 * leaves one small module in memory, which is fine for an edit session.
 */
export async function loadRenderer(
  templatesDir: string,
  { cacheDir, serial = 0 }: { cacheDir: string; serial?: number },
  compile: (templatesDir: string) => Promise<CompiledRenderer> = compileRenderer,
): Promise<{ renderer?: Renderer; diagnostics: Diagnostic[] }> {
  const { code, version, diagnostics } = await compile(templatesDir);
  if (code === undefined || version === undefined) return { diagnostics };
  const file = join(cacheDir, `render-page.${version}.${process.pid}-${serial}.mjs`);
  try {
    const module = await importCompiled<{ renderPage: Renderer['renderPage'] }>(code, file);
    return { renderer: { renderPage: module.renderPage, version, code }, diagnostics: [] };
  } catch (error) {
    return {
      diagnostics: [
        errorDiagnostic('DG502', `Templates could not be loaded: ${(error as Error).message}`, {
          file: relative(process.cwd(), templatesDir),
          cause: causeOf(error),
        }),
      ],
    };
  }
}

/** Whether `templatesDir` (resolved) is docsgen's own templates folder, compiled into the CLI. */
export const isBuiltinTemplates = (templatesDir: string) => resolve(templatesDir) === join(packageRoot(), 'templates');

/**
 * Whether the renderer compiled into the CLI still matches docsgen's templates on disk: the
 * compile script lists the template files it bundled with their hashes (dist/templates.json).
 * Run from the TypeScript sources, the templates were imported as they were at start.
 */
export async function builtinTemplatesCurrent(): Promise<boolean> {
  const self = fileURLToPath(import.meta.url);
  if (!self.endsWith(`${sep}dist${sep}cli.js`)) return true;
  const listed = await readFile(join(dirname(self), 'templates.json'), 'utf8')
    .then((text) => JSON.parse(text) as Record<string, string>)
    .catch(() => undefined);
  if (!listed) return false;
  const pkg = packageRoot();
  const same = await Promise.all(
    Object.entries(listed).map(([path, hash]) =>
      readFile(join(pkg, path)).then(
        (bytes) => createHash('sha1').update(bytes).digest('hex') === hash,
        () => false,
      ),
    ),
  );
  return same.every(Boolean);
}
