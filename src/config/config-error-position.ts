import { SourceMap } from 'node:module';
import { isAbsolute, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';

/** Where a problem of the config is in the files the author wrote (1-based), not in the compiled module. */
export interface SourcePosition {
  file: string;
  line: number;
  column: number;
}

const META = {
  url: '__docsgen_import_meta_url',
  dirname: '__docsgen_import_meta_dirname',
  filename: '__docsgen_import_meta_filename',
};

/** esbuild `define`s that turn `import.meta.url` (and dirname, filename) into the names `importMetaPlugin` declares. */
export const IMPORT_META_DEFINE = {
  'import.meta.url': META.url,
  'import.meta.dirname': META.dirname,
  'import.meta.filename': META.filename,
};

const LOADERS = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.jsx': 'jsx' } as const;

/**
 * The compiled config runs from node_modules/.cache, so its own `import.meta.url` would name that
 * file. Each local module that mentions `import.meta` gets its own URL declared in front of its
 * first line (on that line, so that line numbers, and the source map, stay those of the file).
 */
export const importMetaPlugin: Plugin = {
  name: 'docsgen-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const contents = await readFile(args.path, 'utf8');
      if (!contents.includes('import.meta')) return undefined;
      const extension = /\.[^.]+$/.exec(args.path)?.[0] ?? '.js';
      const declared =
        `const ${META.url} = ${JSON.stringify(pathToFileURL(args.path).href)}, ` +
        `${META.filename} = ${JSON.stringify(args.path)}, ${META.dirname} = ${JSON.stringify(resolve(args.path, '..'))};`;
      return { contents: declared + contents, loader: LOADERS[extension as keyof typeof LOADERS] ?? 'js' };
    });
  },
};

const INLINE_MAP = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/;

/**
 * esbuild names the sources of its inline map relative to the working directory, but Node (with
 * source maps on) resolves them relative to the compiled file in node_modules/.cache, which names a
 * file that does not exist. Absolute file: URLs mean the same file to both.
 */
export function withAbsoluteSources(code: string, workingDir: string): string {
  const match = INLINE_MAP.exec(code);
  if (!match) return code;
  const map = JSON.parse(Buffer.from(match[1], 'base64').toString('utf8')) as { sources?: string[] };
  map.sources = (map.sources ?? []).map((source) => pathToFileURL(resolve(workingDir, source)).href);
  const encoded = Buffer.from(JSON.stringify(map), 'utf8').toString('base64');
  return code.slice(0, match.index) + `//# sourceMappingURL=data:application/json;base64,${encoded}\n`;
}

/** The source map esbuild put at the end of the compiled code (`sourcemap: 'inline'`). */
function inlineSourceMap(code: string): SourceMap | undefined {
  const match = INLINE_MAP.exec(code);
  if (!match) return undefined;
  try {
    return new SourceMap(JSON.parse(Buffer.from(match[1], 'base64').toString('utf8')) as never);
  } catch {
    return undefined;
  }
}

/** A 1-based position in the compiled code mapped back to the author's file. */
function original(
  map: SourceMap,
  line: number,
  column: number,
  display: (path: string) => string,
): SourcePosition | undefined {
  const entry = map.findEntry(line - 1, column - 1) as {
    originalSource?: string;
    originalLine?: number;
    originalColumn?: number;
  };
  if (!entry?.originalSource || entry.originalLine === undefined) return undefined;
  const source = entry.originalSource.startsWith('file:')
    ? new URL(entry.originalSource).pathname
    : entry.originalSource;
  return { file: display(resolve(source)), line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 };
}

/**
 * Where the error that evaluating the compiled config threw comes from: the first stack frame
 * inside the compiled module, or, for a package that is not installed (Node fails before running
 * anything), the import that names it. Undefined when neither is found.
 */
export function configErrorPosition(
  error: unknown,
  options: { code: string; compiledFile: string; sources: readonly string[]; display: (path: string) => string },
): SourcePosition | undefined {
  const map = inlineSourceMap(options.code);
  if (!map) return undefined;
  const display = options.display;
  for (const frame of String((error as Error)?.stack ?? '').split('\n')) {
    const compiled = positionIn(frame, options.compiledFile);
    if (compiled) return original(map, compiled.line, compiled.column, display);
    // With source maps on (node --enable-source-maps, tsx), Node has mapped the frame already.
    const source = options.sources.find((file) => positionIn(frame, file));
    const mapped = source && positionIn(frame, source);
    if (source && mapped) return { file: display(source), ...mapped };
  }
  const { code } = options;
  const missing = /Cannot find (?:package|module) '([^']+)'/.exec((error as Error)?.message ?? '')?.[1];
  if (!missing) return undefined;
  const lines = code.split('\n');
  const quoted = JSON.stringify(missing);
  const index = lines.findIndex((text) => /^\s*(import|export)\b/.test(text) && text.includes(quoted));
  return index < 0 ? undefined : original(map, index + 1, lines[index].indexOf(quoted) + 1, display);
}

/** `file:line:col` of `path` (as a path or a file: URL) in one stack frame. */
function positionIn(frame: string, path: string): { line: number; column: number } | undefined {
  for (const name of [pathToFileURL(path).href, path]) {
    const at = frame.indexOf(`${name}:`);
    const match = at >= 0 ? /^:(\d+):(\d+)/.exec(frame.slice(at + name.length)) : null;
    if (match) return { line: Number(match[1]), column: Number(match[2]) };
  }
  return undefined;
}

/** The error's message with the compiled module's path or URL replaced by the config's own name. */
export function withConfigName(message: string, compiledFile: string, configName: string): string {
  return message.split(pathToFileURL(compiledFile).href).join(configName).split(compiledFile).join(configName);
}

/** A path relative to the working directory when inside it, else absolute. */
export function displayFrom(cwd: string): (path: string) => string {
  return (path) => {
    const rel = relative(cwd, path);
    return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
  };
}
