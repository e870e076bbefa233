import { test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { esbuildDiagnostics } from '../../src/diagnostics/esbuild-diagnostics.js';
import { causeOf, errorDiagnostic } from '../../src/diagnostics/diagnostic.js';
import { formatDiagnostics } from '../../src/diagnostics/format-diagnostics.js';

test('an esbuild failure becomes one diagnostic per error, at file, line and 1-based column', async () => {
  const error = await build({
    stdin: { contents: 'const a = 1;\nconst b = ;\nconst c = );', sourcefile: 'broken.ts', loader: 'ts' },
    write: false,
    logLevel: 'silent',
  }).catch((e: unknown) => e);
  const diagnostics = esbuildDiagnostics(error, { code: 'DG501', prefix: 'Client bundle failed' });
  assert.ok(diagnostics.length >= 1, 'diagnostics.length >= 1');
  assert.deepEqual(
    { ...diagnostics[0], message: diagnostics[0].message.split(':')[0] },
    { code: 'DG501', severity: 'error', message: 'Client bundle failed', file: 'broken.ts', line: 2, column: 11 },
  );
  assert.match(diagnostics[0].message, /^Client bundle failed: Unexpected ";"/);
});

test('a failure without esbuild messages keeps its own message and the given file', () => {
  assert.deepEqual(
    esbuildDiagnostics(new Error('spawn esbuild ENOENT'), {
      code: 'DG103',
      prefix: 'Config file could not be compiled',
      file: 'site.config.ts',
    }),
    [
      {
        code: 'DG103',
        severity: 'error',
        message: 'Config file could not be compiled: spawn esbuild ENOENT',
        file: 'site.config.ts',
      },
    ],
  );
});

test('a cause follows its chain once, whatever was thrown', () => {
  const inner = new TypeError('inner');
  const outer = new Error('outer', { cause: inner });
  const cause = causeOf(outer);
  assert.equal(cause.message, 'outer');
  assert.match(cause.stack!, /^Error: outer\n\s+at [^]*\nCaused by: TypeError: inner\n\s+at /);
  const loop = new Error('loop') as Error & { cause?: unknown };
  loop.cause = loop;
  assert.equal(causeOf(loop).stack!.split('Caused by').length, 1);
  assert.deepEqual(causeOf('a string'), { message: 'a string', stack: 'a string' });
  const d = errorDiagnostic('DG200', 'Could not render Markdown: outer', { file: 'a.md', cause });
  assert.doesNotMatch(formatDiagnostics([d]), /Caused by/);
  assert.match(
    formatDiagnostics([d], { debug: true }),
    /DG200\n {4}Error: outer\n {8}at [^]*\n {4}Caused by: TypeError/,
  );
});
