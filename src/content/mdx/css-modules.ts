import { build, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, dirname, relative } from 'node:path';

/** A CSS module compiled once: its class names as the component sees them, and its stylesheet. */
export interface CssModule {
  classes: Record<string, string>;
  css: string;
}

/**
 * The scoped names of a CSS module depend only on its path in the site and its own text, so the
 * server render of a page and the browser bundle that hydrates it agree on every class name
 * (esbuild's own names depend on what else is in the build). `.features` in
 * `src/components/HomepageFeatures/styles.module.css` becomes `HomepageFeatures_3f2a1b_features`.
 */
export async function compileCssModule(path: string, root: string): Promise<CssModule> {
  const stem = basename(path).replace(/\.module\.css$/, '');
  const prefix = stem === 'styles' || stem === 'index' ? basename(dirname(path)) : stem;
  const hash = createHash('sha1').update(relative(root, path).split('\\').join('/')).digest('hex').slice(0, 6);
  const name = `${prefix.replace(/[^\w-]/g, '_')}-${hash}.module.css`;
  const text = await readFile(path, 'utf8');
  const result = await build({
    stdin: { contents: 'import styles from "docsgen-css-module";\nmodule.exports = styles;', loader: 'js' },
    bundle: true,
    write: false,
    outdir: '/out',
    format: 'cjs',
    logLevel: 'silent',
    // url() and @import stay as written: the stylesheet is placed in the output as one file.
    external: ['*'],
    plugins: [
      {
        name: 'docsgen-css-module',
        setup(esbuild) {
          esbuild.onResolve({ filter: /^docsgen-css-module$/ }, () => ({ path: name, namespace: 'css-module' }));
          esbuild.onLoad({ filter: /.*/, namespace: 'css-module' }, () => ({ contents: text, loader: 'local-css' }));
        },
      },
    ],
  });
  const js = result.outputFiles.find((file) => file.path.endsWith('.js'))?.text ?? '';
  const module = { exports: {} as Record<string, string> };
  // esbuild's own output for one CSS module: an object of class names, nothing else.
  new Function('module', 'exports', js)(module, module.exports);
  const css = result.outputFiles.find((file) => file.path.endsWith('.css'))?.text ?? '';
  return { classes: { ...module.exports }, css: css.replace(/^\/\* css-module:.*\*\/\n/m, '') };
}

/**
 * `*.module.css` imports in a bundle of site components: the class names (`styles.card`) from
 * compileCssModule, and with `emitCss` (the browser bundle) the stylesheet, so that it ships with
 * the chunk of the component that imports it. `realPath` maps a path of another namespace (the
 * browser bundle keeps site files under their path in the site) to the file.
 */
export function cssModulesPlugin({
  root,
  emitCss,
  realPath = (path) => path,
}: {
  root: string;
  emitCss: boolean;
  realPath?: (path: string, namespace: string) => string;
}): Plugin {
  const compiled = new Map<string, Promise<CssModule>>();
  const compile = (path: string) => compiled.get(path) ?? compiled.set(path, compileCssModule(path, root)).get(path)!;
  return {
    name: 'docsgen-css-modules',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.module\.css$/ }, async (args) => {
        if (args.namespace === 'docsgen-css') return undefined;
        const module = await compile(realPath(args.path, args.namespace));
        // The stylesheet is imported under the module's own (namespaced) path: names stay stable.
        const stylesheet = emitCss ? `import ${JSON.stringify(`docsgen-css:${args.namespace}:${args.path}`)};\n` : '';
        return { contents: `${stylesheet}export default ${JSON.stringify(module.classes)};`, loader: 'js' };
      });
      esbuild.onResolve({ filter: /^docsgen-css:/ }, (args) => ({
        path: args.path.slice('docsgen-css:'.length),
        namespace: 'docsgen-css',
      }));
      esbuild.onLoad({ filter: /.*/, namespace: 'docsgen-css' }, async (args) => {
        const [, namespace, path] = /^([^:]*):(.*)$/.exec(args.path)!;
        return { contents: (await compile(realPath(path, namespace))).css, loader: 'css' };
      });
    },
  };
}
