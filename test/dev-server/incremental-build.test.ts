// runBuild with a cache (what `docsgen dev` runs on every save), in process: the same output as a
// build without one, and only what an edit touches is parsed or re-rendered.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runBuild, type BuildResult } from '../../src/build.js';
import { createBuildCache } from '../../src/build-cache/build-cache.js';
import { createMiniSite } from '../helpers/mini-site.js';

let root: string;
const configPath = () => join(root, 'site.config.ts');

before(async () => {
  root = await createMiniSite({
    // Listed by id, so their titles are their sidebar labels.
    config: "sidebars: { guidesSidebar: ['guides/start', 'guides/next', 'guides/third'] },",
    files: {
      'content/guides/third.md': '---\ntitle: Third\nsidebar_position: 3\n---\n\n## Part\n\nSee [start](./start.md).\n',
      'content/other.md': '---\ntitle: Other\n---\n\nNot in a sidebar.\n',
    },
  });
});
after(() => rm(root, { recursive: true, force: true }));

/** Every output of a deferred build, produced, by path. */
function produceAll(result: BuildResult): Map<string, string> {
  const files = new Map((result.files ?? []).map((file) => [file.path, String(file.contents)]));
  for (const output of result.deferred ?? [])
    for (const file of output.produce()) files.set(file.path, String(file.contents));
  return files;
}

const keys = (result: BuildResult) =>
  new Map((result.deferred ?? []).filter((d) => d.path).map((d) => [d.path!, d.key]));
const changedKeys = (a: BuildResult, b: BuildResult) =>
  [...keys(b)]
    .filter(([path, key]) => keys(a).get(path) !== key)
    .map(([path]) => path)
    .sort();

test('a deferred build with a cache produces exactly the files of a plain build', async () => {
  const plain = await runBuild({ configPath: configPath() });
  assert.deepEqual(
    plain.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  const deferred = await runBuild({ configPath: configPath(), cache: createBuildCache(), defer: true });
  const a = new Map((plain.files ?? []).map((file) => [file.path, String(file.contents)]));
  const b = produceAll(deferred);
  assert.deepEqual([...b.keys()].sort(), [...a.keys()].sort());
  for (const [path, contents] of a) assert.equal(b.get(path), contents, path);
});

test('an unchanged rebuild reuses every page and changes no key', async () => {
  const cache = createBuildCache();
  const first = await runBuild({ configPath: configPath(), cache, defer: true });
  const pagesBefore = new Map([...cache.content.parses.results].map(([path, entry]) => [path, entry.value.parsed]));
  const second = await runBuild({ configPath: configPath(), cache, defer: true });
  assert.deepEqual(changedKeys(first, second), []);
  for (const [path, entry] of cache.content.parses.results)
    assert.equal(entry.value.parsed, pagesBefore.get(path), `${path} was parsed again`);
  assert.equal(cache.steps.get('bundle')?.value !== undefined, true, 'the client bundle is cached');
});

test('a body edit re-parses and re-renders that page only; a title edit also its sidebar neighbours', async () => {
  const cache = createBuildCache();
  const first = await runBuild({ configPath: configPath(), cache, defer: true });
  const parsed = new Map([...cache.content.parses.results].map(([path, entry]) => [path, entry.value.parsed]));
  await writeFile(
    join(root, 'content/guides/third.md'),
    '---\ntitle: Third\nsidebar_position: 3\n---\n\n## Part\n\nSee [start](./start.md) again.\n',
  );
  const second = await runBuild({ configPath: configPath(), cache, defer: true });
  assert.deepEqual(changedKeys(first, second), ['guides/third/index.html']);
  const reparsed = [...cache.content.parses.results]
    .filter(([path, entry]) => parsed.get(path) !== entry.value.parsed)
    .map(([path]) => path.slice(root.length + 1));
  assert.deepEqual(reparsed, ['content/guides/third.md']);
  assert.match(produceAll(second).get('guides/third/index.html')!, /again\./);

  await writeFile(
    join(root, 'content/guides/third.md'),
    '---\ntitle: Third and last\nsidebar_position: 3\n---\n\n## Part\n\nSee [start](./start.md) again.\n',
  );
  const third = await runBuild({ configPath: configPath(), cache, defer: true });
  // The guides sidebar shows the title (labels, prev/next); the home page and 'other' do not.
  assert.deepEqual(changedKeys(second, third), [
    'guides/next/index.html',
    'guides/start/index.html',
    'guides/third/index.html',
  ]);
});

test('adding and deleting a page re-parses only the pages that link to it', async () => {
  const cache = createBuildCache();
  await runBuild({ configPath: configPath(), cache, defer: true });
  const parsed = new Map([...cache.content.parses.results].map(([path, entry]) => [path, entry.value.parsed]));
  await writeFile(
    join(root, 'content/guides/fourth.md'),
    '---\ntitle: Fourth\nsidebar_position: 4\n---\n\nBack to [third](./third.md).\n',
  );
  const added = await runBuild({ configPath: configPath(), cache, defer: true });
  assert.ok(keys(added).has('guides/fourth/index.html'), "keys(added).has('guides/fourth/index.html')");
  const reparsed = () =>
    [...cache.content.parses.results]
      .filter(([path, entry]) => parsed.has(path) && parsed.get(path) !== entry.value.parsed)
      .map(([path]) => path.slice(root.length + 1));
  assert.deepEqual(reparsed(), [], 'no existing page names fourth.md');

  // A page that links to a file that does not exist yet is parsed again once it does.
  await writeFile(join(root, 'content/other.md'), '---\ntitle: Other\n---\n\nSee [fifth](./guides/fifth.md).\n');
  const broken = await runBuild({ configPath: configPath(), cache, defer: true });
  assert.equal(broken.diagnostics.find((d) => d.severity === 'error')?.code, 'DG401');
  await writeFile(join(root, 'content/guides/fifth.md'), '---\ntitle: Fifth\n---\n\nHere.\n');
  const fixed = await runBuild({ configPath: configPath(), cache, defer: true });
  assert.deepEqual(
    fixed.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  assert.match(produceAll(fixed).get('other/index.html')!, /href="\/guides\/fifth"/);

  await rm(join(root, 'content/guides/fifth.md'));
  const deleted = await runBuild({ configPath: configPath(), cache, defer: true });
  assert.equal(
    deleted.diagnostics.find((d) => d.severity === 'error')?.code,
    'DG401',
    'the link to the deleted page is reported again',
  );
  await writeFile(join(root, 'content/other.md'), '---\ntitle: Other\n---\n\nNot in a sidebar.\n');
  await rm(join(root, 'content/guides/fourth.md'));
  const restored = await runBuild({ configPath: configPath(), cache, defer: true });
  assert.ok(!keys(restored).has('guides/fourth/index.html'), "!keys(restored).has('guides/fourth/index.html')");
  assert.deepEqual(
    restored.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
});

test('a build after one without `changed` (dev starting from a saved cache) reads no file the watcher did not report', async () => {
  const cache = createBuildCache();
  // The first build of a dev session stats every file (it cannot know what changed while it was not running).
  await runBuild({ configPath: configPath(), cache, defer: true });
  const read = new Map(cache.content.sources.results);
  const edited = join(root, 'content/other.md');
  await writeFile(edited, '---\ntitle: Other\n---\n\nNot in a sidebar, still.\n');
  await runBuild({ configPath: configPath(), cache, defer: true, changed: [edited] });
  const readAgain = [...cache.content.sources.results]
    .filter(([path, entry]) => read.get(path) !== entry)
    .map(([path]) => path.slice(root.length + 1));
  assert.deepEqual(readAgain, ['content/other.md'], 'only the reported file is read again');
  await writeFile(edited, '---\ntitle: Other\n---\n\nNot in a sidebar.\n');
});

test('a build stopped by its signal rejects with the reason; the next build with the same cache gives the cold output', async () => {
  const cache = createBuildCache();
  await runBuild({ configPath: configPath(), cache, defer: true });
  const edited = join(root, 'content/guides/third.md');
  const before = await readFile(edited, 'utf8');
  await writeFile(edited, before.replace('## Part', '## Part\n\nA line saved while a build ran.'));
  const reason = new Error('superseded by a newer edit');
  // Stopped at each stage boundary in turn: the cache keeps what the stopped build completed.
  for (let boundary = 0; boundary < 4; boundary++) {
    const controller = new AbortController();
    let turns = 0;
    const signal = controller.signal;
    const counting = new Proxy(signal, {
      get(target, name) {
        if (name === 'aborted') {
          if (turns++ === boundary) controller.abort(reason);
          return target.aborted;
        }
        const value = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await assert.rejects(
      runBuild({ configPath: configPath(), cache, defer: true, changed: [edited], signal: counting }),
      (error) => error === reason,
    );
  }
  const warm = produceAll(await runBuild({ configPath: configPath(), cache, defer: true, changed: [edited] }));
  const cold = produceAll(await runBuild({ configPath: configPath() }));
  assert.deepEqual([...warm.keys()].sort(), [...cold.keys()].sort());
  for (const [path, contents] of cold) assert.equal(warm.get(path), contents, path);
  assert.match(warm.get('guides/third/index.html')!, /A line saved while a build ran/);
  await writeFile(edited, before);
});
