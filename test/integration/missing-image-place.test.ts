// DG207 (an image whose file is missing) says where the image is: the reference keeps its line and
// column through the parse workers (a site of 150 pages or more) and the build cache.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import { createBuildCache } from '../../src/build-cache/build-cache.js';
import { PARALLEL_THRESHOLD } from '../../src/content/parse-pages.js';
import { createMiniSite } from '../helpers/mini-site.js';

const places = (result: Awaited<ReturnType<typeof runBuild>>) =>
  result.diagnostics.filter((d) => d.code === 'DG207').map((d) => `${d.file}:${d.line}:${d.column}`);

test('DG207 is at the image, parsed on workers or taken from the cache', async () => {
  const pages = Object.fromEntries(
    Array.from({ length: PARALLEL_THRESHOLD + 10 }, (_, i) => [
      `content/hotspots/h${String(i).padStart(3, '0')}.md`,
      `---\ntitle: Hotspot ${i}\n---\n\nHotspot ${i} earned ${i * 3} HNT.\n`,
    ]),
  );
  const root = await createMiniSite({
    files: {
      ...pages,
      'content/hotspots/h042.md':
        '---\ntitle: Coverage\n---\n\n## Map\n\nThe coverage as of May:\n  ![Coverage map](./img/coverage-may.png)\n\n| a | b |\n|---|---|\n| ![x](<./img/cell 1.png>) | 2 |\n',
    },
  });
  const configPath = join(root, 'site.config.ts');
  const expected = ['content/hotspots/h042.md:8:3', 'content/hotspots/h042.md:12:3'];
  assert.deepEqual(places(await runBuild({ configPath })), expected, 'parsed on workers');
  const cache = createBuildCache();
  assert.deepEqual(places(await runBuild({ configPath, cache })), expected);
  assert.deepEqual(places(await runBuild({ configPath, cache })), expected, 'from the build cache');
});
