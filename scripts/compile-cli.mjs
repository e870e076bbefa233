// Compiles the CLI (src/) to dist/ with esbuild. Dependencies stay external; runs in ~100 ms.
import { build } from 'esbuild';

await build({
  entryPoints: { cli: 'src/cli/main.ts', 'parse-worker': 'src/content/parse-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
