// A page whose route cannot be built is one error: a route clash (DG204) or a route holding "#",
// "?" or "%" (DG227). Links, sidebar items and navbar items naming the page left out are not
// reported again (the real site gave 8 follow-on errors for one clash).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import { createMiniSite } from '../helpers/mini-site.js';

// Explicit sidebar and navbar entries for guides/next, so that leaving it out would be noticed there too.
const config = `
  sidebars: { guidesSidebar: ['guides/start', { type: 'doc', id: 'guides/next', label: 'Next steps' }] },
  navbar: { items: [{ type: 'docSidebar', sidebarId: 'guidesSidebar', label: 'Guides', position: 'left' }, { type: 'doc', docId: 'guides/next', label: 'Next', position: 'left' }] },
`;

const found = (diagnostics: readonly { code: string; file?: string }[]) =>
  diagnostics.map((d) => `${d.code} ${d.file}`);

test('a slug clash is reported once: links, sidebar and navbar items naming the page left out are not errors of their own', async () => {
  const root = await createMiniSite({
    config,
    files: {
      // Sorted first, so it keeps /guides/next and next.md is the page left out.
      'content/guides/api-keys.md':
        '---\ntitle: API keys\ndescription: Rotating keys.\nslug: /guides/next\n---\n\n## Rotating a key\n\nSee [the details](./next.md#details) and [start](./start.md).\n',
      'content/index.md':
        '---\ntitle: Home\ndescription: Home page.\n---\n\nStart with [the next guide](./guides/next.md#details).\n',
    },
  });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(found(result.diagnostics), ['DG204 content/guides/next.md']);
  assert.match(result.diagnostics[0].message, /content\/guides\/api-keys\.md and content\/guides\/next\.md/);
  await rm(root, { recursive: true, force: true });
});

test('"#", "?" and "%" in a file name or slug are refused with DG227 naming the file (no page whose link leads elsewhere)', async () => {
  const root = await createMiniSite({
    files: {
      'content/guides/c#-client.md':
        '---\ntitle: C# client\ndescription: Calling the API from .NET.\n---\n\n## Install\n\n`dotnet add package`.\n',
      'content/guides/uptime.md':
        '---\ntitle: Uptime\ndescription: Availability.\nslug: /guides/99.9%-uptime\n---\n\nBack to [start](./start.md).\n',
      'content/guides/search?.md': '---\ntitle: Search\n---\n\nFind hotspots.\n',
      'content/guides/start.md':
        '---\ntitle: Start\ndescription: Start here.\n---\n\nRead [the C# client](./c%23-client.md) and [uptime](./uptime.md).\n\n## First step\n\nGo.\n',
    },
  });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(found(result.diagnostics), [
    'DG227 content/guides/c#-client.md',
    'DG227 content/guides/search?.md',
    'DG227 content/guides/uptime.md',
  ]);
  const bySlug = result.diagnostics.find((d) => d.file === 'content/guides/uptime.md')!;
  assert.match(bySlug.message, /"\/guides\/99\.9%-uptime" .* contains "%"/);
  assert.match(bySlug.hint!, /`slug`/);
  await rm(root, { recursive: true, force: true });
});
