// Runs every test: compiles the CLI first (integration tests spawn bin/docsgen.js), then
// node's test runner with tsx over test/**/*.test.ts(x) and src/**/*.test.ts.
// `npm test -- e2e` runs only the files whose path contains "e2e" (and skips the format and lint checks).
import { spawnSync } from 'node:child_process';
import fg from 'fast-glob';

const filters = process.argv.slice(2);
// The whole suite (no filter) starts with the format check and the linter, so CI fails on them too.
if (filters.length === 0) {
  for (const [name, bin, args] of [
    ['prettier', 'node_modules/prettier/bin/prettier.cjs', ['--check', '--log-level', 'warn', '.']],
    ['eslint', 'node_modules/eslint/bin/eslint.js', ['--max-warnings', '0', '.']],
    ['tsc', 'node_modules/typescript/bin/tsc', ['--noEmit', '-p', 'tsconfig.json']],
  ]) {
    const check = spawnSync(process.execPath, [bin, ...args], { stdio: 'inherit' });
    if (check.status !== 0) {
      console.error(`${name} failed: run \`npm run format\` or \`npm run lint\` and fix what it reports.`);
      process.exit(check.status ?? 1);
    }
  }
}
const compile = spawnSync(process.execPath, ['scripts/compile-cli.mjs'], { stdio: 'inherit' });
if (compile.status !== 0) process.exit(compile.status ?? 1);

const files = (
  await fg(['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'], { ignore: ['**/fixtures/**', '**/node_modules/**'] })
)
  .sort()
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)));
if (files.length === 0) {
  console.error('No test files matched.');
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
  stdio: 'inherit',
  env: { ...process.env, TZ: 'UTC', NODE_ENV: 'test' },
});
process.exit(result.status ?? 1);
