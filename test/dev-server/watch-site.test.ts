// The dev server's watcher: batches of changed files, and no save lost to chokidar's throttle of
// one 'change' per file every 50 ms (a fix saved right after a typo must be built too).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
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

test('a watched folder deleted and restored (a `git checkout`) is watched again: later edits and new pages arrive', async () => {
  const site = await mkdtemp(join(tmpdir(), 'docsgen-watch-restore-'));
  const content = join(site, 'content');
  const guide = join(content, 'guides/usage.md');
  await mkdir(join(content, 'guides'), { recursive: true });
  await writeFile(guide, '# Usage\n');
  await writeFile(join(site, 'site.config.ts'), 'export default {};\n');
  const seen: string[] = [];
  // What `docsgen dev` watches: the config file and the site's folders, some of which may not exist.
  const paths = [join(site, 'site.config.ts'), content, join(site, 'static')];
  const contentWatcher = watchSite({ paths, onChange: (batch) => seen.push(...batch) });
  try {
    await waitFor(
      async () => {
        await writeFile(guide, `# Usage ${Date.now()}\n`);
        return seen.includes(guide);
      },
      { what: 'the watcher to be ready' },
    );
    // What `git checkout` of another branch does to a folder that differs between the branches.
    await rm(content, { recursive: true });
    // Eventual delivery is the rule; how soon depends on the machine's load (waitFor's default 30 s).
    await waitFor(() => seen.includes(content), { what: 'the deletion' });
    await mkdir(join(content, 'guides'), { recursive: true });
    await writeFile(guide, '# Usage, other branch\n');
    await waitFor(() => seen.lastIndexOf(guide) > seen.indexOf(content), { what: 'the restored page' });
    seen.length = 0;
    const added = join(content, 'guides/errors.md');
    await writeFile(guide, '# Usage, edited after the checkout\n');
    await writeFile(added, '# Errors\n');
    await waitFor(() => seen.includes(guide) && seen.includes(added), {
      what: 'the edit and the new page after the restore',
    });
  } finally {
    await contentWatcher.close();
    await rm(site, { recursive: true, force: true });
  }
});

test('a watched folder that does not exist (a site without static/) is no change by itself; its files are once it is made', async () => {
  const site = await mkdtemp(join(tmpdir(), 'docsgen-watch-missing-'));
  const content = join(site, 'content');
  const page = join(content, 'index.md');
  const staticDir = join(site, 'static');
  await mkdir(content, { recursive: true });
  await writeFile(page, '# Home\n');
  const seen: string[] = [];
  const watcher = watchSite({ paths: [content, staticDir], onChange: (batch) => seen.push(...batch) });
  try {
    for (let edit = 0; edit < 3; edit++) {
      const count = seen.filter((path) => path === page).length;
      await waitFor(
        async () => {
          await writeFile(page, `# Home ${edit} ${Date.now()}\n`);
          return seen.filter((path) => path === page).length > count;
        },
        { what: `edit ${edit}` },
      );
    }
    assert.deepEqual(
      seen.filter((path) => path !== page),
      [],
      'only the page is delivered, not the missing folder',
    );
    const logo = join(staticDir, 'logo.svg');
    await mkdir(staticDir);
    await writeFile(logo, '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await waitFor(() => seen.includes(logo), { what: 'the file of the folder made later' });
  } finally {
    await watcher.close();
    await rm(site, { recursive: true, force: true });
  }
});
