/**
 * A streamed build makes each Markdown twin when the writer takes it: a page's body (which may wait
 * on disk) is read for its twin only then, so a large site's twins are never all in memory.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { agentMarkdownFiles, buildAgentFiles, LLMS_FULL_TXT } from '../../src/output/build-agent-files.js';
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
