// The site's MDXComponents mapping, unit by unit: which overrides apply, where an override that
// cannot is reported, and the default mapping a swizzled file spreads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { placeOfKey, unappliedOverrides } from '../../src/content/mdx/scope-overrides.js';
import DEFAULTS from '../../src/content/mdx/theme/mdx-components.js';
import { seededRandom } from '../helpers/seeded-random.js';

const TAGS = [
  'a',
  'img',
  'h2',
  'h3',
  'ul',
  'li',
  'table',
  'Highlight',
  'FeeCard',
  'pre',
  'code',
  'details',
  'admonition',
  'mermaid',
];
const NOT_APPLIED = new Set(['pre', 'details', 'admonition', 'mermaid']);
const REPORTED = new Set([...NOT_APPLIED, 'code']);

test('every override applies but those docsgen draws itself; each of those (and code) is DG255 at its key', () => {
  for (let seed = 1; seed <= 200; seed++) {
    const random = seededRandom(seed);
    const keys = TAGS.filter(() => random.chance(0.5));
    const spread = random.chance(0.5);
    const lines = ["import MDXComponents from '@theme-original/MDXComponents';", '', 'export default {'];
    if (spread) lines.push('  ...MDXComponents,');
    for (const key of keys) lines.push(`  ${random.chance(0.3) ? `'${key}'` : key}: (props) => null,`);
    lines.push('};');
    const source = lines.join('\n');
    const own = Object.fromEntries(keys.map((key) => [key, () => null]));
    const components = { ...(spread ? DEFAULTS : {}), ...own };
    const { applied, diagnostics } = unappliedOverrides(components, DEFAULTS, {
      file: 'src/theme/MDXComponents.js',
      source,
    });
    for (const key of keys) assert.equal(key in applied, !NOT_APPLIED.has(key), `seed ${seed}: ${key}`);
    const expected = keys
      .filter((key) => REPORTED.has(key))
      .map((key) => `DG255 ${lines.findIndex((line) => line.includes(`${key}`) && line.includes('=>')) + 1}:3`);
    assert.deepEqual(
      diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`),
      expected,
      `seed ${seed}: the defaults a mapping spreads are not reported`,
    );
  }
});

test('the place of a key: the last one written, shorthand or quoted; none when it is computed', () => {
  const source = "const pre = 1;\nexport default {\n  ...MDXComponents,\n  pre,\n  'code': Code,\n};\n";
  assert.deepEqual(placeOfKey(source, 'pre'), { line: 4, column: 3 });
  assert.deepEqual(placeOfKey(source, 'code'), { line: 5, column: 3 });
  assert.deepEqual(placeOfKey('export default { [name]: X };', 'admonition'), {});
});

test('the default mapping renders each tag as MDX would without it, so spreading it changes nothing', () => {
  for (const tag of ['a', 'img', 'code', 'h2', 'ul', 'li']) {
    const Tag = DEFAULTS[tag] as (props: object) => ReturnType<typeof createElement>;
    const props: Record<string, string> =
      tag === 'img' ? { src: '/img/x.png', alt: 'x' } : { id: 'x', children: 'text' };
    assert.equal(renderToStaticMarkup(createElement(Tag, props)), renderToStaticMarkup(createElement(tag, props)));
  }
});
