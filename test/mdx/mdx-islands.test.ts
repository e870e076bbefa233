// The site's own components on MDX pages, on the server: rendered as islands (their module, their
// props as JSON, content passed to them kept as HTML), what cannot hydrate is DG250 at its tag, and
// CSS modules get class names that depend only on the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createElement } from 'react';
import { parseMdx, readFixture, htmlOf, MDX_SITE } from './mdx-helpers.js';
import { splitIslandProps } from '../../src/content/mdx/island.js';
import { compileCssModule } from '../../src/content/mdx/css-modules.js';

const islandsOf = (html: string) => [...html.matchAll(/<docsgen-island data-island="([^"]+)"/g)].map((m) => m[1]);

test('site components are islands with their module, export and props; what cannot hydrate is DG250 at its tag', async () => {
  const outcome = await parseMdx(readFixture('estimate-rewards'), 'estimate-rewards');
  assert.deepEqual(
    outcome.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`),
    ['DG250 26:1'],
  );
  assert.match(outcome.diagnostics[0].message, /<Collapsible> .* its prop "onToggle" is a function/);
  const html = htmlOf(outcome);
  assert.deepEqual(islandsOf(html), [
    'src/components/StatusPill/index.jsx#default',
    'src/components/Collapsible.jsx#Highlight',
    'src/components/RewardEstimator/index.tsx#default',
    'src/components/Collapsible.jsx#Collapsible',
  ]);
  assert.deepEqual(outcome.parsed?.page.islands, [
    'src/components/Collapsible.jsx',
    'src/components/RewardEstimator/index.tsx',
    'src/components/StatusPill/index.jsx',
  ]);
  // Props as JSON; React's text separators stay inside islands (hydration reads them).
  assert.match(html, /data-props="\{&quot;dailyReward&quot;:0.42,&quot;initialHotspots&quot;:2\}"/);
  assert.match(html, /About <!-- -->25.20<!-- --> <!-- -->HNT/);
  // Children the closed Collapsible does not render travel as HTML, highlighted code included.
  assert.match(html, /data-slots="\{&quot;children&quot;:&quot;&lt;p&gt;The daily reward/);
  // The Collapsible with a function prop is plain server HTML.
  assert.match(
    html,
    /<\/docsgen-island>\n<div class="collapsible"><button type="button" aria-expanded="false">▸ What a sorted/,
  );
  // The page's own components (exported by the page) and theme modules are not islands.
  const install = htmlOf(await parseMdx(readFixture('install-cli'), 'install-cli'));
  assert.deepEqual([...new Set(islandsOf(install))], ['src/components/StatusPill/index.jsx#default']);
  assert.match(install, /talks to the <strong>Meshtide Docs<\/strong>/);
});

test('content passed to a component is rendered in place, inside a slot', async () => {
  const outcome = await parseMdx(
    '---\ntitle: Fees\n---\n\nimport {Highlight} from \'@site/src/components/Collapsible\';\n\n<Highlight color="#1877F2">Fees are **burned**</Highlight>\n',
  );
  assert.deepEqual(outcome.diagnostics, []);
  assert.match(
    htmlOf(outcome),
    /<docsgen-island data-island="src\/components\/Collapsible.jsx#Highlight" data-props="\{&quot;color&quot;:&quot;#1877F2&quot;\}" style="display:contents"><span [^>]*><docsgen-slot data-slot="children" style="display:contents">Fees are <strong>burned<\/strong><\/docsgen-slot><\/span><\/docsgen-island>/,
  );
});

/** Random plain JSON (what a page can write as props), a few levels deep. */
function randomJson(depth = 0): unknown {
  const kind = Math.floor(Math.random() * (depth > 2 ? 4 : 6));
  if (kind === 0) return Math.random() < 0.5 ? null : Math.random() < 0.5;
  if (kind === 1) return Math.round(Math.random() * 1e6) / 100;
  if (kind === 2 || kind === 3) return Math.random().toString(36).slice(2);
  if (kind === 4) return Array.from({ length: Math.floor(Math.random() * 4) }, () => randomJson(depth + 1));
  return Object.fromEntries(
    Array.from({ length: Math.floor(Math.random() * 4) }, (_, i) => [`k${i}`, randomJson(depth + 1)]),
  );
}

test('splitIslandProps: plain JSON props travel as they are, elements as slots, anything else is a reason', () => {
  for (let i = 0; i < 300; i++) {
    const props = { a: randomJson(), b: randomJson() };
    assert.deepEqual(splitIslandProps(props), { json: JSON.parse(JSON.stringify(props)), slots: {} });
    const element = createElement('b', null, 'x');
    const withSlot = splitIslandProps({ ...props, children: element });
    assert.ok('slots' in withSlot && withSlot.slots.children === element, 'an element is a slot');
    const bad = [() => 1, new Date(0), Number.NaN, new Map(), [props.a, () => 2], { nested: Symbol('s') }][i % 6];
    const split = splitIslandProps({ ...props, onPick: bad });
    assert.ok('problem' in split && split.problem.startsWith('its prop "onPick" is'), JSON.stringify(split));
  }
});

test('CSS module class names depend on the file’s path only: the server and the browser bundle agree', async () => {
  const path = join(MDX_SITE, 'src/components/RewardEstimator/styles.module.css');
  const [first, again] = await Promise.all([compileCssModule(path, MDX_SITE), compileCssModule(path, MDX_SITE)]);
  assert.deepEqual(first, again);
  assert.deepEqual(Object.keys(first.classes), ['estimator', 'label', 'more', 'result']);
  assert.match(first.classes.result, /^RewardEstimator_[0-9a-f]{6}_result$/);
  assert.ok(first.css.includes(`.${first.classes.result} {`), first.css);
  const other = await compileCssModule(join(MDX_SITE, 'src/components/StatusPill/styles.module.css'), MDX_SITE);
  assert.notEqual(other.classes.pill.split('_')[1], first.classes.result.split('_')[1], 'another file, another hash');
});
