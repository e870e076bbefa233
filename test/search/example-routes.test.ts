import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import { searchPageType } from '../../src/search/build-search-pages.js';
import type { ContentFile } from '../../src/search/search-index-format.js';
import { createMiniSite } from '../helpers/mini-site.js';
import { seededRandom } from '../helpers/seeded-random.js';

/** The type of each page in the built site's search content files, by route. */
async function searchTypes(config: string, files: Record<string, string>): Promise<Record<string, string>> {
  const root = await createMiniSite({ config, files });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  const contents = (result.files ?? []).filter((f) => /^search\/content-\d+\.[\w-]+\.json$/.test(f.path));
  assert.ok(contents.length > 0, 'the build wrote search content files');
  const pages = contents.flatMap((f) => (JSON.parse(Buffer.from(f.contents).toString('utf8')) as ContentFile).pages);
  return Object.fromEntries(pages.map(([route, , type]) => [route, type]));
}

const page = (title: string) =>
  `---\ntitle: ${title}\ndescription: ${title}.\n---\n\nFetch the last epoch's rewards.\n`;
const RECIPES = {
  'content/docs/recipes/rewards/last-epoch.md': page('Rewards of the last epoch'),
  'content/docs/recipes/index.md': page('Recipes'),
  'content/examples/legacy.md': page('A guide in a folder named examples'),
  'content/docs/recipes-old.md': page('Not under the recipes route'),
};

test('a site whose examples live under /docs/recipes has them typed as examples in search, and nothing else', async () => {
  const types = await searchTypes("search: { exampleRoutes: ['/docs/recipes'] },", RECIPES);
  assert.equal(types['/docs/recipes/rewards/last-epoch'], 'example');
  assert.equal(types['/docs/recipes'], 'example');
  assert.equal(types['/examples/legacy'], 'guide');
  assert.equal(types['/docs/recipes-old'], 'guide');
  assert.equal(types['/guides/start'], 'guide');
});

test('without config, examples are the pages under /examples (the default)', async () => {
  const types = await searchTypes('', RECIPES);
  assert.equal(types['/examples/legacy'], 'example');
  assert.equal(types['/docs/recipes/rewards/last-epoch'], 'guide');
});

test('a page is an example exactly when its route is one of the routes or under one', () => {
  const random = seededRandom(1202);
  const segments = ['examples', 'recipes', 'docs', 'recipes-old', 'ex', 'a'];
  for (let run = 0; run < 500; run++) {
    const path = (n: number) => `/${Array.from({ length: n }, () => random.pick(segments)).join('/')}`;
    const routes = Array.from({ length: 1 + Math.floor(random.next() * 2) }, () =>
      path(1 + Math.floor(random.next() * 2)),
    );
    const route = path(1 + Math.floor(random.next() * 3));
    const expected = routes.some((r) => route === r || route.startsWith(`${r}/`)) ? 'example' : 'guide';
    assert.equal(searchPageType({ kind: 'doc', route }, routes), expected, `${route} with ${routes.join(', ')}`);
  }
});
