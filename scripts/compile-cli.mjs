// Compiles the CLI (src/) to dist/ with esbuild: dist/cli.js, its two worker modules and the MDX pipeline, each one
// self-contained file with its dependencies inside. Node then reads and compiles two files instead
// of resolving and loading ~600 small modules, which took most of a second at every start.
// Left outside: esbuild (a native binary it starts itself) and React (the dev server's template
// renderer imports it from node_modules; one copy of React on the server side keeps it simple).
// dist/templates.json lists the template files compiled into the CLI with their hashes: a build
// whose templates/ differ from them (edited since) compiles the renderer afresh instead.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const result = await build({
  absWorkingDir: root,
  metafile: true,
  entryPoints: {
    cli: 'src/cli/main.ts',
    'parse-worker': 'src/content/parse-worker.ts',
    'search-worker': 'src/search/search-worker.ts',
    'api-pages-worker': 'src/openapi/api-pages-worker.ts',
    'render-worker': 'src/render/render-worker.ts',
    // The MDX pipeline, loaded only by sites that have .mdx pages (src/content/load-content.ts).
    mdx: 'src/content/mdx/parse-mdx-page.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['esbuild', 'react', 'react/*', 'react-dom', 'react-dom/*', 'mermaid', 'dompurify'],
  // CommonJS dependencies inside an ES module still call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __docsgenCreateRequire } from 'node:module'; const require = __docsgenCreateRequire(import.meta.url);",
  },
  // Smaller source parses faster; names are kept so stack traces stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  logLevel: 'warning',
});

const templates = Object.keys(result.metafile.inputs)
  .filter((path) => path.startsWith('templates/'))
  .sort()
  .map((path) => [
    path,
    createHash('sha1')
      .update(readFileSync(`${root}${path}`))
      .digest('hex'),
  ]);
writeFileSync(`${root}dist/templates.json`, `${JSON.stringify(Object.fromEntries(templates), null, 2)}\n`);
