// The writer on a full disk, and after a build that was killed while writing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, statSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { DocsgenError } from '../../src/diagnostics/diagnostic.js';
import { createFsWriter, type WriterFs } from '../../src/output/writer.js';

/** A site of `count` pages, enough for many writes to be in flight at once. */
const site = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ path: `guides/page-${i}/index.html`, contents: `<h1>Page ${i}</h1>` }));

/** Node's own error for a write to a full disk. */
function enospc(path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOSPC: no space left on device, write`), {
    errno: -28,
    code: 'ENOSPC',
    syscall: 'write',
    path,
  });
}

/** The real file system, with slow writes, and a disk that is full from the `fullAfter`-th write on. */
function fullDisk(fullAfter: number): WriterFs {
  let writes = 0;
  return {
    ...fs,
    linkSync,
    mkdirSync,
    statSync,
    writeFile: (async (path: string, data: string | Uint8Array) => {
      writes += 1;
      if (writes >= fullAfter) throw enospc(path);
      await delay(5);
      return fs.writeFile(path, data);
    }) as WriterFs['writeFile'],
  };
}

test('a full disk is reported as ENOSPC with the path (DG601), not as a later ENOTEMPTY; the old output stays', async () => {
  const dir = await fs.mkdtemp(join(tmpdir(), 'docsgen-full-'));
  const out = join(dir, 'build');
  await createFsWriter(out).write([{ path: 'index.html', contents: 'the last good build' }]);
  const error = await createFsWriter(out, { fs: fullDisk(100) })
    .write(site(400))
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  assert.ok(error instanceof DocsgenError, `got ${String(error)}`);
  assert.deepEqual(
    error.diagnostics.map((d) => d.code),
    ['DG601'],
  );
  const [diagnostic] = error.diagnostics;
  assert.match(
    diagnostic.message,
    /no space left on device \(ENOSPC, write .*\.build\.tmp-\d+-\d+\/guides\/page-\d+\/index\.html\)/,
  );
  assert.doesNotMatch(diagnostic.message, /ENOTEMPTY/);
  assert.match(diagnostic.hint ?? '', /Free some disk space/);
  assert.equal(await fs.readFile(join(out, 'index.html'), 'utf8'), 'the last good build');
  assert.deepEqual(
    (await fs.readdir(dir)).filter((name) => name.includes('.tmp-')),
    [],
    'the staging folder is removed',
  );
});

test('the CLI prints a write failure as a diagnostic, not as "build crashed"', async () => {
  // Through the same type the CLI checks: DocsgenError carries the diagnostics to print.
  const dir = await fs.mkdtemp(join(tmpdir(), 'docsgen-full-'));
  const error = await createFsWriter(join(dir, 'build'), { fs: fullDisk(1) })
    .write(site(3))
    .catch((e: unknown) => e);
  assert.ok(error instanceof DocsgenError, 'error instanceof DocsgenError');
  assert.ok((error as DocsgenError).cause, 'the system error is kept as the cause (shown with --debug)');
});

/** The id of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

test('staging folders left by killed builds are removed by the next build; a live build and other names are kept', async () => {
  const dir = await fs.mkdtemp(join(tmpdir(), 'docsgen-stale-'));
  const out = join(dir, 'build');
  const dead = `.build.tmp-${deadPid()}-1732400000000`;
  const live = `.build.tmp-${process.pid}-1732400000001`;
  const others = ['.build.tmp-notes', '.docs.tmp-1-1', 'build.tmp-1-1'];
  for (const name of [dead, live, ...others]) {
    await fs.mkdir(join(dir, name, 'guides'), { recursive: true });
    await fs.writeFile(join(dir, name, 'guides', 'index.html'), 'half-written');
  }
  await createFsWriter(out).write([{ path: 'index.html', contents: 'new' }]);
  const left = (await fs.readdir(dir)).sort();
  assert.ok(!left.includes(dead), 'the dead build’s staging folder is removed');
  assert.ok(left.includes(live), 'a running build’s staging folder is kept');
  for (const name of others) assert.ok(left.includes(name), `${name} is not a staging folder of this output`);
});
