import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';

/**
 * webpack's inline loader syntax in an import, as Docusaurus docs use it to show a file's source:
 * `!!raw-loader!./example.js`, `!raw-loader!…`, `-!raw-loader!…`, `raw-loader!…`.
 */
const INLINE_LOADER = /^(?:-!|!!?)?([\w@.-]+(?:\/[\w.-]+)?)!(.+)$/;

/** The module path an import with an inline loader asks for, without the loader; other imports as they are. */
export const withoutInlineLoader = (specifier: string): string => INLINE_LOADER.exec(specifier)?.[2] ?? specifier;

/** The loader an import names (`raw-loader`), if it uses the inline syntax. */
export const inlineLoaderOf = (specifier: string): string | undefined => INLINE_LOADER.exec(specifier)?.[1];

/** The text esbuild reports for an import whose loader docsgen does not run (bundle-mdx.ts turns it into DG236). */
export const UNSUPPORTED_LOADER = 'UNSUPPORTED_LOADER';

/** Marks a module loaded as text, so the same file imported as code stays a separate module. */
const RAW = '?raw';

/**
 * `raw-loader` imports give the file's text as the default export, as webpack does; the file is
 * resolved as any import (relative, `@site/`, packages), so it is in the bundle's inputs and a
 * change to it rebuilds the page. Other webpack loaders have no meaning here and are reported.
 * `realPath` maps a resolved path in another namespace (the client's site paths) to the file.
 */
export function inlineLoadersPlugin(realPath: (path: string, namespace: string) => string = (path) => path): Plugin {
  return {
    name: 'docsgen-inline-loaders',
    setup(esbuild) {
      esbuild.onResolve({ filter: /!/ }, async (args) => {
        const loader = inlineLoaderOf(args.path);
        if (!loader) return undefined;
        if (loader !== 'raw-loader') return { errors: [{ text: `${UNSUPPORTED_LOADER} ${loader} ${args.path}` }] };
        const found = await esbuild.resolve(withoutInlineLoader(args.path), {
          resolveDir: args.resolveDir,
          importer: args.importer,
          kind: args.kind,
        });
        if (found.errors.length) return { errors: [{ text: `Could not resolve "${args.path}"` }] };
        return { path: found.path, namespace: found.namespace, suffix: RAW };
      });
      esbuild.onLoad({ filter: /.*/ }, async (args) =>
        args.suffix === RAW
          ? { contents: await readFile(realPath(args.path, args.namespace), 'utf8'), loader: 'text' }
          : undefined,
      );
    },
  };
}
