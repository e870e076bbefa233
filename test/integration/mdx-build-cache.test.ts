// MDX pages in the build cache: a warm build reuses a page's parse while the page, the files it
// imports and the routes are unchanged; editing an imported component (or a partial, or a data
// file) parses again exactly the pages importing it, and the warm build equals a cold one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import { createBuildCache } from '../../src/build-cache/build-cache.js';
import { createMiniSite, fixtureSiteFiles, REPO } from '../helpers/mini-site.js';

const FIXTURE = join(REPO, 'test/markdown/fixtures/mdx');

async function html(result: Awaited<ReturnType<typeof runBuild>>, path: string): Promise<string> {
  const file = result.files?.find((f) => f.path === path);
  assert.ok(file, path);
  return Buffer.from(file.contents as Uint8Array).toString('utf8');
}

test('editing a component an MDX page imports parses again the pages importing it, and only those', async () => {
  const root = await createMiniSite({ files: fixtureSiteFiles(FIXTURE) });
  const configPath = join(root, 'site.config.ts');
  const cache = createBuildCache();
  const entry = (page: string) => cache.steps.get(`mdx-page:${join(root, 'content/guides', page)}`)?.value;
  const first = await runBuild({ configPath, cache });
  assert.deepEqual(
    first.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  const kept = {
    install: entry('install-cli.mdx'),
    sdk: entry('sdk-clients.mdx'),
    rewards: entry('estimate-rewards.mdx'),
  };
  assert.ok(kept.install && kept.sdk && kept.rewards, 'every MDX page is in the cache');
  const warm = await runBuild({ configPath, cache });
  assert.equal(entry('install-cli.mdx'), kept.install, 'unchanged: the kept parse is used');
  assert.equal(entry('estimate-rewards.mdx'), kept.rewards);
  assert.equal(await html(warm, 'guides/install-cli/index.html'), await html(first, 'guides/install-cli/index.html'));

  // StatusPill is imported by install-cli and estimate-rewards, not by sdk-clients.
  const pill = join(root, 'src/components/StatusPill/index.jsx');
  const source = fixtureSiteFiles(FIXTURE)['src/components/StatusPill/index.jsx'];
  await writeFile(pill, source.replace("online: '#2e8555'", "online: '#1877f2'"));
  const edited = await runBuild({ configPath, cache });
  assert.notEqual(entry('install-cli.mdx'), kept.install, 'parsed again');
  assert.notEqual(entry('estimate-rewards.mdx'), kept.rewards, 'parsed again');
  assert.equal(entry('sdk-clients.mdx'), kept.sdk, 'a page that does not import it is kept');
  assert.match(await html(edited, 'guides/install-cli/index.html'), /border-color:#1877f2/);
  // A data file a page imports (versions.js) counts too, and warm equals cold.
  await writeFile(
    join(root, 'src/components/versions.js'),
    "export const cliVersion = '2.5.0';\nexport const minimumFirmware = '1.19';\n",
  );
  const again = await runBuild({ configPath, cache });
  const cold = await runBuild({ configPath });
  const page = await html(again, 'guides/install-cli/index.html');
  assert.match(page, /Current release: <strong>2\.5\.0<\/strong>/);
  assert.equal(page, await html(cold, 'guides/install-cli/index.html'));
});

test('a cold build bundles only the client it ships: the one with features when pages hydrate components, else the plain one', async () => {
  const withIslands = await createMiniSite({ files: fixtureSiteFiles(FIXTURE) });
  const cache = createBuildCache();
  const built = await runBuild({ configPath: join(withIslands, 'site.config.ts'), cache });
  assert.ok(built.files?.length, 'the site builds');
  assert.ok(cache.steps.has('bundle-features'), 'the client with the components is bundled');
  assert.equal(cache.steps.has('bundle'), false, 'the plain client, which no page loads, is not bundled');

  const plain = await createMiniSite();
  const plainCache = createBuildCache();
  await runBuild({ configPath: join(plain, 'site.config.ts'), cache: plainCache });
  assert.ok(plainCache.steps.has('bundle'), 'a Markdown site bundles the plain client');
  assert.equal(plainCache.steps.has('bundle-features'), false, 'and nothing else');

  // With markdown.format 'mdx' (Docusaurus' default), a .md page is MDX and may hydrate components.
  const mdFiles = Object.fromEntries(
    Object.entries(fixtureSiteFiles(FIXTURE)).map(([path, text]) => [path.replace(/\.mdx$/, '.md'), text]),
  );
  const asMdx = await createMiniSite({ files: mdFiles, config: "markdown: { format: 'mdx' }," });
  const mdxCache = createBuildCache();
  await runBuild({ configPath: join(asMdx, 'site.config.ts'), cache: mdxCache });
  assert.ok(mdxCache.steps.has('bundle-features'), '.md pages read as MDX hydrate their components');
  assert.equal(mdxCache.steps.has('bundle'), false, 'and only that client is bundled');
});
