/** Parsing many pages: worker threads give the same pages, in the same order, as parsing in-process. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assignDocRoutes } from '../../src/content/assign-doc-routes.js';
import { parseFrontMatter, type SplitSource } from '../../src/content/parse-front-matter.js';
import { PAGES_PER_WORKER, PARALLEL_THRESHOLD, parsePages, workerShares } from '../../src/content/parse-pages.js';
import { createMarkdownProcessor } from '../../src/content/markdown-processor.js';
import { createHighlighter } from '../../src/content/highlighter.js';
import { withoutRouteReads } from '../../src/content/parse-page.js';
import { hasSpilledTwin, spilledTwin } from '../../src/content/spilled-body.js';
import { pageMarkdown } from '../../src/output/markdown/page-markdown.js';
import { seededRandom } from '../helpers/seeded-random.js';

function entries(count: number) {
  const splits: SplitSource[] = Array.from({ length: count }, (_, i) => {
    const text = `---\ntitle: Page ${i}\n---\n\n## Rewards ${i}\n\nSee [the next page](./page-${(i + 1) % count}.md#rewards-${(i + 1) % count}).\n\n\`\`\`js\nconst page = ${i};\n\`\`\`\n\n| a | b |\n|---|---|\n| ${i} | ~~old~~ |\n`;
    return parseFrontMatter({
      absolutePath: `/site/content/guides/page-${i}.md`,
      relativePath: `content/guides/page-${i}.md`,
      contentPath: `guides/page-${i}`,
      text,
    }).value!;
  });
  return assignDocRoutes(splits).entries;
}

test('pages parsed on worker threads equal pages parsed in-process, in input order', async () => {
  const list = entries(PARALLEL_THRESHOLD + 10);
  const options = {
    processor: createMarkdownProcessor({ trusted: true }),
    highlighter: createHighlighter(),
    docRoutes: new Map(list.map((e) => [e.source.absolutePath, e.route])),
    baseUrl: '/',
    assetUrl: (path: string) => path,
  };
  const parallel = await parsePages(list, options);
  const inProcess = await parsePages(list.slice(0, 20), options);
  assert.equal(parallel.length, list.length);
  assert.deepEqual(
    parallel.map((o) => o.entry.route),
    list.map((e) => e.route),
  );
  assert.deepEqual(
    parallel.slice(0, 20).map((o) => o.parsed),
    inProcess.map((o) => o.parsed),
  );
  assert.match((parallel[5].parsed!.page.body as { html: string }).html, /href="\/guides\/page-6#rewards-6"/);
});

test('with a scratch folder, workers write page bodies there and the pages read them back unchanged', async () => {
  const list = entries(PARALLEL_THRESHOLD + 10);
  const options = {
    processor: createMarkdownProcessor({ trusted: true }),
    highlighter: createHighlighter(),
    docRoutes: new Map(list.map((e) => [e.source.absolutePath, e.route])),
    baseUrl: '/',
    assetUrl: (path: string) => path,
  };
  const scratchDir = await mkdtemp(join(tmpdir(), 'docsgen-scratch-'));
  const spilled = await parsePages(list, options, { scratchDir });
  const held = await parsePages(list, options);
  const files = await readdir(scratchDir);
  assert.equal(files.filter((name) => name.endsWith('.html')).length, list.length, 'one body file per page');
  assert.equal(files.filter((name) => name.endsWith('.md')).length, list.length, 'and one Markdown twin');
  const body = spilled[7].parsed!.page.body;
  assert.equal(typeof Object.getOwnPropertyDescriptor(body, 'html')?.get, 'function', 'the body is read from its file');
  const page = spilled[7].parsed!.page;
  assert.equal(typeof Object.getOwnPropertyDescriptor(page, 'text')?.get, 'function', 'so is the text, made from it');
  assert.deepEqual(
    spilled.map((o) => (o.parsed!.page.body as { html: string }).html),
    held.map((o) => (o.parsed!.page.body as { html: string }).html),
  );
  assert.deepEqual(
    spilled.map((o) => ({ ...o.parsed!.page, body: undefined })),
    held.map((o) => ({ ...o.parsed!.page, body: undefined })),
  );
  await rm(scratchDir, { recursive: true, force: true });
});

test('workers parse shares of at most PAGES_PER_WORKER pages, covering every page once and in order', () => {
  // A worker's heap grows with the pages it has parsed: a large site is parsed by a fresh worker per share.
  for (const count of [150, 999, 1000, 1001, 2 * PAGES_PER_WORKER + 1, 4321, 10_000])
    for (const workers of [2, 3, 4]) {
      const shares = workerShares(count, workers);
      assert.ok(
        shares.every(({ start, end }) => end > start && end - start <= PAGES_PER_WORKER),
        `${count} pages, ${workers} workers: no share over ${PAGES_PER_WORKER} pages`,
      );
      assert.deepEqual(
        shares.map(({ start }) => start),
        [0, ...shares.slice(0, -1).map(({ end }) => end)],
        `${count} pages, ${workers} workers: each share starts where the one before ended`,
      );
      assert.equal(
        shares.at(-1)!.end,
        count,
        `${count} pages, ${workers} workers: the last share ends at the last page`,
      );
      if (count <= workers * PAGES_PER_WORKER)
        assert.equal(shares.length, workers, `${count} pages: one share per worker when they fit`);
    }
});

const optionsFor = (list: ReturnType<typeof entries>) => ({
  processor: createMarkdownProcessor({ trusted: true }),
  highlighter: createHighlighter(),
  docRoutes: new Map(list.map((e) => [e.source.absolutePath, e.route])),
  baseUrl: '/',
  assetUrl: (path: string) => path,
});

test('with release, each entry sent to a worker has its Markdown emptied, and the pages are the same', async () => {
  const kept = entries(PARALLEL_THRESHOLD + 10);
  const released = entries(PARALLEL_THRESHOLD + 10);
  const held = await parsePages(kept, optionsFor(kept));
  const parsedReleased = await parsePages(released, optionsFor(released), { release: true });
  assert.deepEqual(
    parsedReleased.map((o) => o.parsed),
    held.map((o) => o.parsed && withoutRouteReads(o.parsed)),
    'the same pages (but for the route queries) whether the main thread keeps the Markdown or not',
  );
  assert.ok(
    released.every((e) => e.source.text === '' && e.body === ''),
    'every released entry lost its text and body',
  );
  assert.ok(
    kept.every((e) => e.source.text.includes('## Rewards')),
    'without release, the entries keep their Markdown',
  );
});

test('with release (no build cache), no parse keeps the route queries it made; without, they are kept for the cache', async () => {
  // On workers (a large site) and in-process (a small one); each page links to the next one's file.
  for (const count of [PARALLEL_THRESHOLD + 10, 12]) {
    const kept = entries(count);
    const withReads = await parsePages(kept, optionsFor(kept));
    assert.ok(
      withReads.every((o) =>
        o.parsed!.routeReads!.some(([query]) => query.includes(`page-${(kept.indexOf(o.entry) + 1) % count}.md`)),
      ),
      `${count} pages: each parse recorded the route query of the file it links to`,
    );
    const released = entries(count);
    const without = await parsePages(released, optionsFor(released), { release: true });
    assert.ok(
      without.every((o) => o.parsed && !('routeReads' in o.parsed)),
      `${count} pages: released parses keep no queries`,
    );
    assert.deepEqual(
      without.map((o) => o.parsed!.page.links),
      withReads.map((o) => o.parsed!.page.links),
      'the pages are the same',
    );
  }
});

/** Blocks a guide is written with: prose with links, admonitions, code with a title, tables, lists, raw HTML. */
const BLOCKS = [
  'Rewards are paid per **epoch**; see [the witness guide](./page-1.md#rewards-1) for what counts.',
  ':::tip[Keep your key secret]\n\nSend it in the `x-api-key` header, never in the query string.\n\n:::',
  ':::warning\n\nA hotspot moved since its last *beacon* shows its **old** location until the next one.\n\n:::',
  '```bash title="list.sh"\ncurl -H "x-api-key: $KEY" \\\n  "https://api.example/v0/hotspots?limit=10"\n```',
  '```json\n{ "address": "11abc", "rewards": [{ "amount": 12.5, "type": "poc" }] }\n```',
  '| field | meaning |\n|---|---|\n| `bucket` | `day` or `hour` |\n| `min_time` | ISO date, inclusive ~~or a timestamp~~ |',
  '- [x] create a key\n- [ ] call `/hotspots`\n  1. page with `cursor`\n  2. stop when it is empty',
  '<details><summary>Older endpoints</summary>\n\nThe v0 paths still answer until May.\n\n</details>',
  'Data for Zürich, São Paulo and 東京 is grouped by res-7 hex; <kbd>Ctrl</kbd>+<kbd>K</kbd> opens search.',
  '> Quoted from the changelog: the `witnesses` field became `beacons`.',
];

test('with a scratch folder, workers write each listed page’s Markdown twin: the twin the main thread makes of the page read back', async () => {
  const random = seededRandom(4242);
  const splits: SplitSource[] = Array.from({ length: PARALLEL_THRESHOLD + 12 }, (_, i) => {
    const description = random.chance(0.5)
      ? `description: ${random.pick(['Rewards per epoch.', 'How rewards are paid'])}\n`
      : '';
    const unlisted = random.chance(0.1) ? 'unlisted: true\n' : '';
    const body = Array.from({ length: 1 + Math.floor(random.next() * 6) }, (_, b) =>
      b % 2
        ? random.pick(BLOCKS)
        : `## ${random.pick(['Rewards', 'Witnesses', 'Limits'])} ${i}-${b}\n\n${random.pick(BLOCKS)}`,
    ).join('\n\n');
    return parseFrontMatter({
      absolutePath: `/site/content/guides/page-${i}.md`,
      relativePath: `content/guides/page-${i}.md`,
      contentPath: `guides/page-${i}`,
      text: `---\ntitle: Page ${i}\n${description}${unlisted}---\n\n${body}\n`,
    }).value!;
  });
  const list = assignDocRoutes(splits).entries;
  const scratchDir = await mkdtemp(join(tmpdir(), 'docsgen-scratch-'));
  const spilled = await parsePages(list, optionsFor(list), { scratchDir });
  const held = await parsePages(list, optionsFor(list));
  let twins = 0;
  spilled.forEach((outcome, i) => {
    const page = outcome.parsed!.page;
    const listed = !page.docMeta?.unlisted;
    assert.equal(hasSpilledTwin(page), listed, `page ${i}: a twin made if and only if the page is listed`);
    if (!listed) return;
    twins++;
    const made = spilledTwin(page);
    assert.equal(made, pageMarkdown(held[i].parsed!.page), `page ${i}: the worker's twin is the main thread's`);
    assert.equal(made, pageMarkdown({ ...page, body: { type: 'html', html: (page.body as { html: string }).html } }));
  });
  assert.ok(twins > PARALLEL_THRESHOLD / 2, `most pages have a twin (${twins})`);
  await rm(scratchDir, { recursive: true, force: true });
});
