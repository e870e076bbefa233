// Config `markdown.format`, as Docusaurus' option of the same name: which grammar a page is read with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import { readsAsMdx } from '../../src/content/markdown-format.js';
import { createMiniSite } from '../helpers/mini-site.js';

// Written as Docusaurus v3 sites write their `.md` pages (MDX by default there): imports under the
// front matter, a tab group whose items hold fenced code.
const INSTALL_MD = `---
title: Install the miner
description: Put the miner software on a gateway.
---
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

Pick the gateway you have.

<Tabs groupId="gateway-os">
  <TabItem value="balena" label="balenaOS" default>

\`\`\`bash
balena push helium-miner
\`\`\`

  </TabItem>
  <TabItem value="debian" label="Debian">

\`\`\`bash
sudo apt install ./helium-miner.deb
\`\`\`

  </TabItem>
</Tabs>
`;

// An .mdx page whose text is CommonMark-only: `{region}` and `a < b` are text, not code, under 'md'.
const NOTES_MDX = `---
title: Region notes
description: Notes per region.
---

Each {region} plan is picked when a < b holds.
`;

async function buildWithFormat(format: string, files: Record<string, string>) {
  const root = await createMiniSite({ config: `markdown: { format: '${format}' },`, files });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  const html = (path: string) => {
    const file = (result.files ?? []).find((one) => one.path === path);
    return file ? Buffer.from(file.contents).toString('utf8') : undefined;
  };
  return { result, html };
}

test("format 'mdx': a .md page's imports and JSX are MDX, as in Docusaurus, with no warning", async () => {
  const { result, html } = await buildWithFormat('mdx', { 'content/guides/install.md': INSTALL_MD });
  assert.deepEqual(
    result.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}`),
    [],
  );
  const page = html('guides/install/index.html');
  assert.ok(page, 'the page is written');
  assert.match(page, /<a role="tab"[^>]*>balenaOS<\/a>/);
  assert.match(page, /<a role="tab"[^>]*>Debian<\/a>/);
  assert.match(page, /data-tabs-group="gateway-os"/);
  assert.doesNotMatch(page, /import Tabs|&lt;TabItem/);
});

test("format 'detect' (the default): the same .md page is CommonMark and the imports and the <Tabs> are DG211 at their places", async () => {
  const { result } = await buildWithFormat('detect', { 'content/guides/install.md': INSTALL_MD });
  const dg211 = result.diagnostics.filter((d) => d.code === 'DG211');
  assert.deepEqual(dg211.map((d) => `${d.file}:${d.line}:${d.column}`).slice(0, 2), [
    'content/guides/install.md:5:1',
    'content/guides/install.md:10:1',
  ]);
  assert.match(dg211[0].hint ?? '', /format: "mdx"/, 'the hint names the config key');
});

test("format 'md': an .mdx page is CommonMark, so braces and '<' are text", async () => {
  const { result, html } = await buildWithFormat('md', { 'content/guides/notes.mdx': NOTES_MDX });
  assert.equal(result.diagnostics.filter((d) => d.severity === 'error').length, 0);
  assert.match(html('guides/notes/index.html') ?? '', /Each \{region\} plan is picked when a &#x3C; b holds\./);
});

test('readsAsMdx follows the format for every extension', () => {
  const table = ['detect', 'mdx', 'md'].flatMap((format) =>
    ['a.md', 'a.mdx'].map((path) => `${format} ${path} ${readsAsMdx(path, format as 'detect')}`),
  );
  assert.deepEqual(table, [
    'detect a.md false',
    'detect a.mdx true',
    'mdx a.md true',
    'mdx a.mdx true',
    'md a.md false',
    'md a.mdx false',
  ]);
});
