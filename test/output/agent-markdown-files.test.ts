/**
 * A streamed build makes each Markdown twin when the writer takes it: a page's body (which may wait
 * on disk) is read for its twin only then, so a large site's twins are never all in memory.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentMarkdownFiles, buildAgentFiles, LLMS_FULL_TXT } from '../../src/output/build-agent-files.js';
import { isSpooled, type OutputFile } from '../../src/output/output-file.js';
import { createFsWriter, createMemoryWriter } from '../../src/output/writer.js';
import { buildRouteTable } from '../../src/routes/build-route-table.js';
import type { NavItem, Page } from '../../src/model.js';

/** Doc pages whose bodies count how often their HTML is read. */
function countedSite(count: number): { pages: Page[]; reads: () => number } {
  let reads = 0;
  const pages = Array.from({ length: count }, (_, i): Page => {
    const route = `/guides/step-${i}`;
    return {
      id: `guides/step-${i}`,
      route,
      kind: 'doc',
      title: `Step ${i}`,
      description: `What step ${i} does.`,
      tags: [],
      hideTableOfContents: false,
      toc: [],
      anchors: [],
      links: [],
      body: {
        type: 'html',
        get html() {
          reads += 1;
          return `<p>Run <code>step ${i}</code> before step ${i + 1}.</p>`;
        },
      },
      text: `Run step ${i} before step ${i + 1}.`,
      docsFeatures: [],
      docMeta: { hideTitle: false, keywords: [], unlisted: false },
    };
  });
  return { pages, reads: () => reads };
}

test('twins are made one at a time as they are taken, then llms-full.txt holds them all in sidebar order', () => {
  const { pages, reads } = countedSite(40);
  // The sidebar lists the pages backwards: llms-full.txt follows it, not the route order.
  const sidebar: NavItem[] = [...pages]
    .reverse()
    .map((page) => ({ type: 'link', label: page.title, route: page.route }));
  const table = buildRouteTable(pages, { docs: sidebar });
  const files = agentMarkdownFiles(table);
  const first = files.next();
  assert.equal(first.done, false, 'a first twin');
  assert.equal(reads(), 1, 'taking the first twin read one body, not every page');
  const rest = [...files];
  const twins = [first.value!, ...rest.slice(0, -1)];
  assert.deepEqual(
    twins.map((file) => file.path),
    sidebar.map((item) => `${(item as { route: string }).route.slice(1)}.md`),
    'twins in sidebar order',
  );
  const full = rest.at(-1)!;
  assert.equal(full.path, LLMS_FULL_TXT, 'llms-full.txt comes last');
  assert.equal(
    Buffer.from(full.contents).toString(),
    twins.map((file) => file.contents).join('\n---\n\n'),
    'llms-full.txt is the twins joined in sidebar order',
  );
  const inList = buildAgentFiles(
    { navbar: { items: [] }, title: 'T', tagline: 'x', url: 'https://x.example', baseUrl: '/' } as never,
    table,
    [],
  );
  assert.deepEqual(
    inList.filter((file) => file.path !== 'llms.txt').map((file) => [file.path, Buffer.from(file.contents).toString()]),
    [...twins, full].map((file) => [file.path, Buffer.from(file.contents).toString()]),
    'buildAgentFiles gives the same twins and llms-full.txt',
  );
});

test('with a spool file, llms-full.txt is appended to it twin by twin, and the writers give the same bytes', async () => {
  const { pages } = countedSite(60);
  // Titles with characters of several UTF-8 lengths: the file holds bytes, the twins are strings.
  pages.forEach((page, i) => (page.title = `${page.title} — ${['Ünïcode', '漢字', '🛰️ hotspot'][i % 3]}`));
  const table = buildRouteTable(pages, { docs: pages.map((p) => ({ type: 'link', label: p.title, route: p.route })) });
  const expected = [...agentMarkdownFiles(table)].at(-1) as OutputFile;
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-spool-'));
  const spool = join(dir, LLMS_FULL_TXT);
  const files = agentMarkdownFiles(table, undefined, spool);
  const sizes: number[] = [];
  const taken = [];
  for (let next = files.next(); !next.done; next = files.next()) {
    taken.push(next.value);
    sizes.push(statSync(spool).size);
  }
  // Each twin's text is on disk by the time the next twin is made: nothing accumulates in memory.
  assert.ok(
    sizes.slice(1, -1).every((size, i) => size > sizes[i]),
    'the spool file grows with every twin taken',
  );
  const full = taken.at(-1)!;
  assert.ok(isSpooled(full), 'llms-full.txt is the spooled file, not bytes');
  assert.equal(full.path, LLMS_FULL_TXT);
  assert.ok((await readFile(spool)).equals(Buffer.from(expected.contents)), 'the same bytes as kept in memory');

  const memory = createMemoryWriter();
  await memory.write(taken);
  assert.ok(Buffer.from(memory.files.get(LLMS_FULL_TXT)!).equals(Buffer.from(expected.contents)), 'memory writer');
  for (const track of [false, true]) {
    const out = join(dir, `out-${track}`);
    const report = await createFsWriter(out, { track }).write(taken);
    const written = await readFile(join(out, LLMS_FULL_TXT));
    assert.ok(written.equals(Buffer.from(expected.contents)), `file-system writer (track: ${track})`);
    assert.equal(
      report.bytes,
      [...memory.files.values()].reduce((sum, c) => sum + Buffer.from(c).byteLength, 0),
    );
  }
  await rm(dir, { recursive: true, force: true });
});
