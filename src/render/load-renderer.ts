import { build, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { join, relative, resolve, sep } from 'node:path';
import { packageRoot } from '../bundle/bundle-client.js';
import { errorDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
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
 * Loads the page renderer (src/render/render-page.tsx) with the site's current templates.
 *
 * The CLI is one compiled file with docsgen's templates inside, and Node cannot unload an ES
 * module, so after a template edit `docsgen dev` bundles render-page.tsx and the templates afresh
 * with esbuild (React stays external: one React for the whole process) and imports the result
 * under a new name. The renderer's version is the hash of the bundled code: an edit that does
 * not change the code (a comment) re-renders nothing. Each load leaves one small module in
 * memory, which is fine for an edit session. `docsgen build` loads it once for a site with its
 * own templates, so the server HTML comes from the same components the client hydrates.
 */
export async function loadRenderer(
  templatesDir: string,
  serial: number,
): Promise<{ renderer?: Renderer; diagnostics: Diagnostic[] }> {
  const pkg = packageRoot();
  const builtin = join(pkg, 'templates');
  let code: string;
  try {
    const result = await build({
      ...NODE_MODULE_BUILD,
      entryPoints: [join(pkg, 'src/render/render-page.tsx')],
      jsx: 'automatic',
      plugins: resolve(templatesDir) === builtin ? [] : [siteTemplates(builtin, resolve(templatesDir))],
    });
    code = result.outputFiles[0].text;
  } catch (error) {
    return { diagnostics: esbuildDiagnostics(error, { code: 'DG502', prefix: 'Templates could not be compiled' }) };
  }
  const version = createHash('sha1').update(code).digest('hex').slice(0, 16);
  // Under the package's node_modules so that `react` resolves to the copy the CLI uses.
  const file = join(pkg, 'node_modules', '.cache', 'docsgen', `render-page.${version}.${process.pid}-${serial}.mjs`);
  try {
    const module = await importCompiled<{ renderPage: Renderer['renderPage'] }>(code, file);
    return { renderer: { renderPage: module.renderPage, version }, diagnostics: [] };
  } catch (error) {
    return {
      diagnostics: [
        errorDiagnostic('DG502', `Templates could not be loaded: ${(error as Error).message}`, {
          file: relative(process.cwd(), templatesDir),
        }),
      ],
    };
  }
}

/** Whether `templatesDir` (resolved) is docsgen's own templates folder, compiled into the CLI. */
export const isBuiltinTemplates = (templatesDir: string) => resolve(templatesDir) === join(packageRoot(), 'templates');
