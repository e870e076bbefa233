import { SourceMap } from 'node:module';
import { runInThisContext } from 'node:vm';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { GLOBAL_COMPONENTS, THEME_MODULES } from './theme-modules.js';
import { MdxPageContext, type MdxPageContextValue } from './theme/page-context.js';
import type { MdxBundle } from './bundle-mdx.js';
import { placeOfError } from './located-jsx.js';
import { componentOf, fillIslands, insideIslandBody, island } from './island.js';
import { locatedJsxRuntime } from './located-jsx.js';

/** The file name the bundle runs under, so that its frames can be found in a stack. */
const FILE_PREFIX = 'docsgen-mdx:';

/** Components the page defines itself that render as islands of the page's own module (page-islands.ts). */
export interface OwnIslands {
  /** The page's path in the site: the browser's module of its exports. */
  module: string;
  names: readonly string[];
}

/**
 * The page's JSX runtime (MDX compiles pages for `react/jsx-dev-runtime`): the components the
 * page defines that hydrate become islands where the page's content uses them; inside an
 * island's own code every component renders as it will in the browser, directly.
 */
function pageRuntime(islands: Map<unknown, unknown>) {
  return {
    ...locatedJsxRuntime,
    jsxDEV(type: unknown, ...rest: unknown[]) {
      const resolved = insideIslandBody() ? componentOf(type) : (islands.get(type) ?? type);
      return (locatedJsxRuntime.jsxDEV as (...args: unknown[]) => unknown)(resolved, ...rest);
    },
  };
}

/** Runs the bundled page module and returns its default export, MDX's content component. */
function loadContent(bundle: MdxBundle, sourcePath: string, own?: OwnIslands): ComponentType<{ components?: object }> {
  const islands = new Map<unknown, unknown>();
  const runtime = pageRuntime(islands);
  // A partial's own components that hydrate register as it loads (mdx-partials.ts).
  const partialIslands = {
    registerIslands(module: string, components: Record<string, unknown>) {
      for (const [name, value] of Object.entries(components))
        if (typeof value === 'function') islands.set(value, island(value, module, name));
    },
  };
  const local: Record<string, unknown> = {
    'react/jsx-dev-runtime': runtime,
    'docsgen/partial-islands': partialIslands,
  };
  const requireProvided = (specifier: string): unknown => {
    const provided = local[specifier] ?? THEME_MODULES[specifier];
    if (provided === undefined) throw new Error(`Cannot find module '${specifier}'`);
    return provided;
  };
  // The wrapper stays on the bundle's first line, so line numbers are the bundle's own.
  const wrapper = runInThisContext(`(function (require, module, exports) {${bundle.js}\n})`, {
    filename: FILE_PREFIX + sourcePath,
  }) as (require: (specifier: string) => unknown, module: { exports: object }, exports: object) => void;
  const module = { exports: {} as { default?: ComponentType<{ components?: object }> } };
  wrapper(requireProvided, module, module.exports);
  if (!module.exports.default) throw new Error('The compiled page has no content component');
  const exported = module.exports as Record<string, unknown>;
  for (const name of own?.names ?? [])
    if (typeof exported[name] === 'function') islands.set(exported[name], island(exported[name], own!.module, name));
  return module.exports.default;
}

/**
 * Where in the .mdx file an error thrown by the page's code happened: the first stack frame in the
 * page's bundle, mapped through its source map (MDX's map chained by esbuild).
 */
function errorPlace(error: unknown, bundle: MdxBundle, sourcePath: string): { line?: number; column?: number } {
  const stack = (error as Error | undefined)?.stack ?? '';
  const escaped = (FILE_PREFIX + sourcePath).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const frame = new RegExp(`${escaped}:(\\d+):(\\d+)`).exec(stack);
  if (!frame) return {};
  const line = Number(frame[1]);
  // The wrapper's text shifts the columns of the first line.
  const column = Number(frame[2]) - (line === 1 ? '(function (require, module, exports) {'.length : 0);
  const entry = new SourceMap(JSON.parse(bundle.map) as never).findEntry(line - 1, column - 1) as {
    originalLine?: number;
    originalColumn?: number;
    originalSource?: string;
  };
  if (entry.originalLine === undefined || !/\.mdx?$/.test(entry.originalSource ?? '')) return {};
  return { line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 };
}

/**
 * React 19 puts `<link rel="preload" as="image">` for the page's images in front of the markup
 * (meant for a document's head) and `<!-- -->` between adjacent texts (for hydration, which
 * these pages never do): neither belongs in a page body.
 */
function cleanReactHtml(html: string): string {
  return html.replace(/^(?:<link rel="preload"[^>]*\/>)+/, '').replaceAll('<!-- -->', '');
}

/**
 * Renders a bundled MDX page to HTML with React on the server, inside the context the theme
 * modules read, with the site's component mapping (`components`). A JSX expression or component
 * that throws is DG505 at its place in the .mdx file.
 */
export function renderMdx(
  bundle: MdxBundle,
  page: MdxPageContextValue,
  { lineOffset, components, own }: { lineOffset: number; components?: Record<string, unknown>; own?: OwnIslands },
): { html?: string; diagnostics: Diagnostic[] } {
  try {
    const Content = loadContent(bundle, page.sourcePath, own);
    const html = renderToString(
      createElement(
        MdxPageContext.Provider,
        { value: page },
        // The site's mapping (src/theme/MDXComponents) over Docusaurus' global components; the
        // page's own imports win, as in MDX.
        createElement(Content, { components: { ...GLOBAL_COMPONENTS, ...components } }),
      ),
    );
    return { html: fillIslands(cleanReactHtml(html), page.islands?.html ?? []), diagnostics: [] };
  } catch (error) {
    // The frame in the page's own code where it threw (an expression, a component the page
    // exports); else the tag of the theme or site component that threw.
    const mapped = errorPlace(error, bundle, page.sourcePath);
    const place = mapped.line !== undefined ? mapped : (placeOfError(error) ?? {});
    const message = error instanceof Error ? error.message : String(error);
    return {
      diagnostics: [
        {
          code: 'DG505',
          severity: 'error',
          message: `The MDX page threw while rendering: ${message}`,
          file: page.sourcePath,
          line: place.line === undefined ? undefined : place.line + lineOffset,
          column: place.column,
          hint: 'A JSX expression or a component of the page threw on the server. Fix the code, or guard what needs a browser (window, document) with <BrowserOnly>.',
        },
      ],
    };
  }
}
