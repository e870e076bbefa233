#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm install` (the prepare script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// React's production build renders several times faster than its development build.
process.env.NODE_ENV ??= 'production';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  console.error('docsgen: dist/cli.js is missing. Run `npm install` (or `node scripts/compile-cli.mjs`) first.');
  process.exit(1);
}
const { main } = await import(cli.href);
process.exitCode = await main(process.argv);
