/**
 * A streamed build makes each Markdown twin when the writer takes it: a page's body (which may wait
 * on disk) is read for its twin only then, so a large site's twins are never all in memory.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  agentMarkdownFiles,
  buildAgentFiles,
  LLMS_FULL_TXT,
  twinOrder,
  withLlmsFull,
  type TwinFile,
} from '../../src/output/build-agent-files.js';
import { isJoined, joinedChunks } from '../../src/output/output-file.js';
import { pageMarkdown } from '../../src/output/markdown/page-markdown.js';
import { markdownPathForRoute } from '../../src/shared/markdown-twin.js';
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

/** Each twin of `table` as a keyed file whose bytes are made (and counted) only when a writer asks. */
function keyedTwins(table: ReturnType<typeof buildRouteTable>, version: (page: Page) => string = () => 'v1') {
  let made = 0;
  const files = twinOrder(table).map((page) => ({
    path: markdownPathForRoute(page.route),
    key: `${page.route}@${version(page)}`,
    make: () => {
      made += 1;
      return `${pageMarkdown(page)}${version(page) === 'v1' ? '' : `\n${version(page)}\n`}`;
    },
  }));
  return { files, made: () => made };
}

test('llms-full.txt joined by the writers from the twin files has the bytes of the twins joined in memory', async () => {
  const { pages } = countedSite(60);
  // Titles with characters of several UTF-8 lengths: the file holds bytes, the twins are strings.
  pages.forEach((page, i) => (page.title = `${page.title} — ${['Ünïcode', '漢字', '🛰️ hotspot'][i % 3]}`));
  const table = buildRouteTable(pages, { docs: pages.map((p) => ({ type: 'link', label: p.title, route: p.route })) });
  const expected = Buffer.from([...agentMarkdownFiles(table)].at(-1)!.contents);
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-joined-'));
  // Twins of all three kinds a build gives the writer: Markdown, keyed, and a parse worker's scratch file.
  const scratch = join(dir, 'scratch.md');
  await writeFile(scratch, pageMarkdown(pages[0]));
  const twins = (): TwinFile[] =>
    twinOrder(table).map((page, i) =>
      i % 3 === 0 && page === pages[0]
        ? { path: markdownPathForRoute(page.route), spooled: scratch }
        : i % 2
          ? { path: markdownPathForRoute(page.route), key: page.route, make: () => pageMarkdown(page) }
          : { path: markdownPathForRoute(page.route), contents: pageMarkdown(page) },
    );
  const taken = [];
  for await (const file of withLlmsFull(twins())) taken.push(file);
  const full = taken.at(-1)!;
  assert.ok(isJoined(full), 'llms-full.txt is a joined file, not bytes');
  assert.equal(full.path, LLMS_FULL_TXT);

  const memory = createMemoryWriter();
  await memory.write(taken);
  assert.ok(Buffer.from(memory.files.get(LLMS_FULL_TXT)!).equals(expected), 'memory writer');
  for (const track of [false, true]) {
    const out = join(dir, `out-${track}`);
    const report = await createFsWriter(out, { track }).write(withLlmsFull(twins()));
    assert.ok((await readFile(join(out, LLMS_FULL_TXT))).equals(expected), `file-system writer (track: ${track})`);
    assert.equal(
      report.bytes,
      [...memory.files.values()].reduce((sum, c) => sum + Buffer.from(c).byteLength, 0),
    );
  }
  await rm(dir, { recursive: true, force: true });
});

test('with the last manifest, unchanged twins are not made and llms-full.txt is linked; an edited twin is joined anew', async () => {
  const { pages } = countedSite(30);
  const table = buildRouteTable(pages, { docs: pages.map((p) => ({ type: 'link', label: p.title, route: p.route })) });
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-joined-'));
  const out = join(dir, 'out');
  const first = keyedTwins(table);
  const written = await createFsWriter(out, { track: true }).write(withLlmsFull(first.files));
  assert.equal(first.made(), 30, 'a first build makes every twin');

  const again = keyedTwins(table);
  const report = await createFsWriter(out, { track: true, previous: written.manifest }).write(
    withLlmsFull(again.files),
  );
  assert.equal(again.made(), 0, 'no twin is made when the last output holds it under the same key');
  assert.equal(report.reused, 31, 'every twin and llms-full.txt are linked');
  assert.equal(report.manifest, written.manifest, 'nothing changed: the same manifest');

  // One twin edited (a new key and other bytes): it alone is made, and llms-full.txt is joined again.
  const edited = pages[17];
  const third = keyedTwins(table, (page) => (page === edited ? 'v2' : 'v1'));
  const after = await createFsWriter(out, { track: true, previous: report.manifest }).write(withLlmsFull(third.files));
  assert.equal(third.made(), 1, 'only the edited twin is made');
  assert.equal(after.reused, 29, 'the other twins are linked, llms-full.txt is not');
  const expected = twinOrder(table)
    .map((page) => `${pageMarkdown(page)}${page === edited ? '\nv2\n' : ''}`)
    .join('\n---\n\n');
  assert.equal(await readFile(join(out, LLMS_FULL_TXT), 'utf8'), expected, 'llms-full.txt holds the edited twin');

  // llms-full.txt touched by hand since: it is joined again, not linked, even though its parts are the same.
  await writeFile(join(out, LLMS_FULL_TXT), 'changed by hand');
  const fourth = keyedTwins(table, (page) => (page === edited ? 'v2' : 'v1'));
  await createFsWriter(out, { track: true, previous: after.manifest }).write(withLlmsFull(fourth.files));
  assert.equal(await readFile(join(out, LLMS_FULL_TXT), 'utf8'), expected, 'a touched llms-full.txt is made again');
  await rm(dir, { recursive: true, force: true });
});

test('joined chunks are the parts joined with the separator, whatever the chunk size', () => {
  let seed = 7;
  const random = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
  for (let round = 0; round < 200; round++) {
    const parts = Array.from({ length: random(12) }, (_, i): [string, string] => [
      `p${i}`,
      'é漢🛰️ab\n'.repeat(random(40)),
    ]);
    const separator = ['', '\n---\n\n', '|'][random(3)];
    const chunkBytes = 1 + random(64);
    const bytes = new Map(parts.map(([path, text]) => [path, Buffer.from(text)]));
    const file = { path: 'all.txt', parts: parts.map(([path]) => path), separator };
    const chunks = [...joinedChunks(file, (path) => bytes.get(path)!, chunkBytes)];
    assert.equal(Buffer.concat(chunks).toString(), parts.map(([, text]) => text).join(separator));
    assert.ok(
      chunks.slice(0, -1).every((chunk) => chunk.byteLength >= chunkBytes),
      'chunks are full but the last',
    );
  }
});

test('a joined file naming a file not given before it is an error, not a file with a part missing', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-joined-'));
  const files = [
    { path: 'a.md', contents: 'A' },
    { path: LLMS_FULL_TXT, parts: ['a.md', 'b.md'], separator: '\n' },
  ];
  await assert.rejects(createMemoryWriter().write(files), /joins b\.md/);
  for (const track of [false, true])
    await assert.rejects(createFsWriter(join(dir, 'out'), { track }).write(files), /joins b\.md/);
  await assert.rejects(stat(join(dir, 'out')), 'nothing was written');
  await rm(dir, { recursive: true, force: true });
});
