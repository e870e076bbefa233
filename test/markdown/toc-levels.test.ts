// toc_min_heading_level / toc_max_heading_level, as Docusaurus reads them: h2–h3 by default, a
// minimum alone raises the maximum with it, and the page keeps its heading order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tocLevels } from '../../src/content/docusaurus/doc-meta.js';
import type { FrontMatter } from '../../src/content/parse-front-matter.js';
import { seededRandom } from '../helpers/seeded-random.js';

const heading = (depth: number, id: string) => ({ depth, id, text: id });
// A reference page's outline: endpoints (h2), their parts (h3), field groups (h4), notes (h5).
const TOC = [
  heading(2, 'authentication'),
  heading(3, 'api-keys'),
  heading(4, 'key-scopes'),
  heading(2, 'hotspots'),
  heading(3, 'list-hotspots'),
  heading(4, 'query-parameters'),
  heading(5, 'pagination-cursor'),
  heading(6, 'cursor-expiry'),
];
const levels = (fm: Partial<FrontMatter>) => tocLevels(TOC, fm as FrontMatter).map((item) => item.id);

test('toc levels: h2–h3 by default; min and max narrow or widen it; a min alone raises the max', () => {
  assert.deepEqual(levels({}), ['authentication', 'api-keys', 'hotspots', 'list-hotspots']);
  assert.deepEqual(levels({ toc_min_heading_level: 3 }), ['api-keys', 'list-hotspots']);
  assert.deepEqual(levels({ toc_max_heading_level: 2 }), ['authentication', 'hotspots']);
  assert.deepEqual(levels({ toc_min_heading_level: 4 }), ['key-scopes', 'query-parameters']);
  assert.deepEqual(levels({ toc_min_heading_level: 3, toc_max_heading_level: 5 }), [
    'api-keys',
    'key-scopes',
    'list-hotspots',
    'query-parameters',
    'pagination-cursor',
  ]);
});

test('property: the toc keeps exactly the headings within the levels, in page order', () => {
  const random = seededRandom(15);
  for (let round = 0; round < 200; round++) {
    const toc = Array.from({ length: Math.floor(random.next() * 12) }, (_, i) =>
      heading(2 + Math.floor(random.next() * 5), `h${i}`),
    );
    const min = random.chance(0.5) ? 2 + Math.floor(random.next() * 5) : undefined;
    const max = random.chance(0.5) ? 2 + Math.floor(random.next() * 5) : undefined;
    const fm = { toc_min_heading_level: min, toc_max_heading_level: max } as FrontMatter;
    const low = min ?? 2;
    const high = Math.max(low, max ?? Math.max(3, low));
    const kept = tocLevels(toc, fm);
    assert.deepEqual(
      kept,
      toc.filter((item) => item.depth >= low && item.depth <= high),
      JSON.stringify({ min, max, toc: toc.map((item) => item.depth) }),
    );
  }
});
