// The dev server's watcher: batches of changed files, and no save lost to chokidar's throttle of
// one 'change' per file every 50 ms (a fix saved right after a typo must be built too).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { watchSite, type SiteWatcher } from '../../src/dev-server/watch-site.js';
import { waitFor } from './dev-helpers.js';

let root: string;
let watcher: SiteWatcher;
const batches: string[][] = [];
/** Runs once when the next batch arrives, as the dev server starts a build then. */
let onNextBatch: (() => void) | undefined;
const page = () => join(root, 'page.md');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

before(async () => {
  root = await mkdtemp(join(tmpdir(), 'docsgen-watch-'));
  await writeFile(page(), 'first\n');
  watcher = watchSite({
    paths: [root],
    onChange(batch) {
      batches.push(batch);
      const run = onNextBatch;
      onNextBatch = undefined;
      run?.();
    },
  });
  // chokidar reports nothing until its first scan is done; a file written until then is seen.
  await waitFor(
    async () => {
      await writeFile(join(root, 'probe.md'), String(Date.now()));
      return batches.length > 0;
    },
    { what: 'the watcher to be ready' },
  );
  await sleep(200);
  batches.length = 0;
});

after(async () => {
  await watcher.close();
  await rm(root, { recursive: true, force: true });
});

test('a save right after another one (within chokidar’s 50 ms) is delivered in a batch of its own', async () => {
  let second: Promise<void> | undefined;
  // The fix is saved the moment the typo's batch is handed over: chokidar drops its 'change'.
  onNextBatch = () => (second = writeFile(page(), 'fixed, and longer than the typo\n'));
  await writeFile(page(), 'typo\n');
  await waitFor(() => second !== undefined, { what: 'the first batch' });
  await second;
  const seen = batches.length;
  await waitFor(() => batches.slice(seen).some((batch) => batch.includes(page())), {
    timeout: 5_000,
    what: 'the second save',
  });
});

test('once a file stays unchanged, nothing more is delivered', async () => {
  await writeFile(page(), 'once more\n');
  await waitFor(() => batches.some((batch) => batch.includes(page())), { what: 'the save' });
  // Quiet for 300 ms: the save and any re-check of it are done.
  for (let count = -1; count !== batches.length;) {
    count = batches.length;
    await sleep(300);
  }
  const seen = batches.length;
  await sleep(500);
  assert.deepEqual(batches.slice(seen), []);
});
