// Never silent: what an MDX page does that docsgen cannot render is a coded diagnostic at its
// file, line and column (lines counted in the .mdx file, front matter included).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMiniSite } from '../helpers/mini-site.js';
import { htmlOf, parseMdx } from './mdx-helpers.js';

const FM = '---\ntitle: Troubleshooting\n---\n'; // 3 lines: the body starts on line 4

const summary = (diagnostics: { code: string; severity: string; line?: number; column?: number }[]) =>
  diagnostics.map((d) => `${d.code} ${d.severity} ${d.line}:${d.column}`);

test('an unknown component is DG233 at its tag, and the page is not built', async () => {
  const outcome = await parseMdx(`${FM}\nSome text.\n\n  <HotspotMap region="eu868" />\n`);
  assert.deepEqual(summary(outcome.diagnostics), ['DG233 error 7:3']);
  assert.match(outcome.diagnostics[0].message, /<HotspotMap>/);
  assert.match(outcome.diagnostics[0].hint ?? '', /import HotspotMap from/);
  assert.equal(outcome.parsed, undefined);
});

test('an import of an npm package that is not installed is DG231 naming the package, at the import', async () => {
  const outcome = await parseMdx(
    `${FM}import clsx from 'clsx';\nimport Chart from '@meshtide/charts/line';\n\nText {clsx('a')}\n`,
  );
  const messages = outcome.diagnostics.map((d) => `${d.code} ${d.line}:${d.column} ${d.message}`);
  assert.deepEqual(messages.sort(), [
    'DG231 4:1 Cannot resolve the import "clsx": the npm package "clsx" is not installed',
    'DG231 5:1 Cannot resolve the import "@meshtide/charts/line": the npm package "@meshtide/charts" is not installed',
  ]);
  assert.match(outcome.diagnostics[0].hint ?? '', /npm install/);
});

test('an import of a file that does not exist is DG231 (no such file); of an installed package, bundled', async () => {
  const missing = await parseMdx(`${FM}\nimport Pill from '@site/src/components/Pill';\n\n<Pill />\n`);
  assert.deepEqual(summary(missing.diagnostics), ['DG231 error 5:1']);
  assert.match(missing.diagnostics[0].message, /"@site\/src\/components\/Pill": no such file/);
  const installed = await parseMdx(`${FM}import { slug } from 'github-slugger';\n\nSlug: {slug('Hotspot Owners')}\n`);
  assert.deepEqual(installed.diagnostics, []);
  assert.match(htmlOf(installed), /Slug: hotspot-owners/);
});

test('a Docusaurus module docsgen does not provide is DG232 at its import, listing what is provided', async () => {
  const outcome = await parseMdx(
    // plugin-ideal-image's component: real docs import it, docsgen does not provide it.
    `${FM}import IdealImage from '@theme/IdealImage';\n\n<IdealImage img="./hotspot.png" />\n`,
  );
  assert.deepEqual(summary(outcome.diagnostics), ['DG232 error 4:1']);
  assert.match(
    outcome.diagnostics[0].message,
    /"@theme\/IdealImage" is a Docusaurus module that docsgen does not provide/,
  );
  assert.match(outcome.diagnostics[0].hint ?? '', /@theme\/Tabs/);
});

test('a JSX expression that throws while rendering is DG505 at the expression', async () => {
  const outcome = await parseMdx(`${FM}export const hotspots = [];\n\nThe first hotspot is {hotspots[0].name}.\n`);
  assert.deepEqual(summary(outcome.diagnostics), ['DG505 error 6:35']);
  assert.match(outcome.diagnostics[0].message, /threw while rendering: .*name/);
});

test('a component that throws is DG505 too (theme or site component), and bad <Tabs> children say why', async () => {
  const site = await parseMdx(
    `${FM}import StatusPill from '@site/src/components/StatusPill';\n\n<StatusPill status="sleeping" />\n`,
  );
  assert.deepEqual(summary(site.diagnostics), ['DG505 error 6:1'], 'at the tag of the component that threw');
  assert.match(site.diagnostics[0].message, /unknown status "sleeping"/);
  const duplicate = await parseMdx(
    `${FM}import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n<Tabs>\n<TabItem value="a">A</TabItem>\n<TabItem value="a">B</TabItem>\n</Tabs>\n`,
  );
  assert.match(duplicate.diagnostics[0]?.message ?? '', /Duplicate values "a" found in <Tabs>/);
  assert.deepEqual(summary(duplicate.diagnostics), ['DG505 error 7:1']);
  const query = await parseMdx(
    `${FM}import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n<Tabs queryString><TabItem value="a">A</TabItem></Tabs>\n`,
  );
  assert.match(query.diagnostics[0]?.message ?? '', /groupId prop is required if queryString=true/);
  const exported = await parseMdx(
    `${FM}export const Owner = ({ wallet }) => (\n  <b>{wallet.slice(0, 6)}</b>\n);\n\nOwned by <Owner />.\n`,
  );
  assert.deepEqual(summary(exported.diagnostics), ['DG505 error 5:14'], 'inside a component the page exports');
});

test('an MDX syntax error is DG230 at its line', async () => {
  const outcome = await parseMdx(`${FM}\nRewards are {computed per epoch.\n`);
  assert.equal(outcome.diagnostics[0]?.code, 'DG230');
  assert.ok((outcome.diagnostics[0].line ?? 0) >= 5, `line ${outcome.diagnostics[0].line}`);
});

test('<BrowserOnly> renders its fallback and warns (DG234) that its content is never shown', async () => {
  const outcome = await parseMdx(
    `${FM}import BrowserOnly from '@docusaurus/BrowserOnly';\n\n<BrowserOnly fallback={<p>Loading the live map…</p>}>\n  {() => <div>{window.location.href}</div>}\n</BrowserOnly>\n`,
  );
  assert.deepEqual(summary(outcome.diagnostics), ['DG234 warning 6:1']);
  assert.match(htmlOf(outcome), /<p>Loading the live map…<\/p>/);
});

test('a stylesheet the page imports itself is DG235 (not shipped); a CSS module still gives scoped class names', async () => {
  const outcome = await parseMdx(
    `${FM}import styles from '@site/src/components/StatusPill/styles.module.css';\n\n<span className={styles.pill}>online</span>\n`,
  );
  assert.deepEqual(
    outcome.diagnostics.map((d) => [d.code, d.severity]),
    [['DG235', 'warning']],
  );
  assert.match(outcome.diagnostics[0].message, /src\/components\/StatusPill\/styles\.module\.css/);
  assert.match(htmlOf(outcome), /<span class="StatusPill_[0-9a-f]{6}_pill">online<\/span>/);
});

test("a component from an installed npm package hydrates as an island of the package; one that does not bundle for the browser is DG252 with esbuild's message", async () => {
  const root = await createMiniSite({
    files: {
      'node_modules/@meshtide/rating/package.json':
        '{ "name": "@meshtide/rating", "type": "module", "main": "index.js" }',
      'node_modules/@meshtide/rating/index.js':
        "import { createElement, useState } from 'react';\n" +
        'export function Stars({ count }) {\n  const [shown, setShown] = useState(count);\n' +
        "  return createElement('button', { onClick: () => setShown(shown + 1) }, '*'.repeat(shown));\n}\n" +
        'export const label = (n) => `${n} stars`;\n',
      // A package for Node only: its "exports" offer no entry a browser bundle may use.
      'node_modules/hexwatch-server/package.json':
        '{ "name": "hexwatch-server", "exports": { ".": { "node": "./index.cjs" } } }',
      'node_modules/hexwatch-server/index.cjs':
        "const { createElement } = require('react');\nexports.Uptime = () => createElement('b', null, '99.9%');\n",
    },
  });
  const text =
    `${FM}import { Stars as Rating, label } from '@meshtide/rating';\nimport { Uptime } from 'hexwatch-server';\n\n` +
    'Coverage: {label(3)} <Rating count={3} />, uptime <Uptime />\n';
  const outcome = await parseMdx(text, 'coverage', { root });
  assert.deepEqual(summary(outcome.diagnostics), ['DG252 warning 5:1']);
  assert.match(
    outcome.diagnostics[0].message,
    /<Uptime> from the npm package "hexwatch-server" is shown as rendered on the server, without interactivity: the package does not bundle for the browser: Could not resolve "hexwatch-server"/,
  );
  assert.match(
    htmlOf(outcome),
    /Coverage: 3 stars <docsgen-island data-island="npm:@meshtide\/rating#Stars" data-props="\{&quot;count&quot;:3\}" style="display:contents"><button>\*\*\*<\/button><\/docsgen-island>, uptime <b>99\.9%<\/b>/,
  );
  assert.deepEqual(outcome.parsed?.page.islands, ['npm:@meshtide/rating']);
});

test('components the page defines with state or handlers hydrate from a module of its exports; one that renders a partial is DG253 at its first use', async () => {
  const root = await createMiniSite({
    files: { 'content/guides/_fee-note.mdx': 'Fees are burned, never refunded.\n' },
  });
  const outcome = await parseMdx(
    `${FM}import { useState } from 'react';\nimport FeeNote from './_fee-note.mdx';\n\n` +
      'export const Highlight = ({ children, color }) => <span style={{ backgroundColor: color }}>{children}</span>;\n\n' +
      'export function FeeToggle({ dc }) {\n  const [usd, setUsd] = useState(false);\n' +
      '  return <span>{usd ? `$${dc / 100000}` : `${dc} DC`}</span>;\n}\n\n' +
      'export const CopyId = ({ id }) => <code onClick={() => navigator.clipboard.writeText(id)}>{id}</code>;\n\n' +
      'export const Explained = () => { const [open, setOpen] = useState(false); return open ? <FeeNote /> : <i>why?</i>; };\n\n' +
      '<Highlight color="#25c2a0">Data Credits</Highlight> cost <FeeToggle dc={35000} /> per packet.\n\n' +
      'Again: <FeeToggle dc={1} />, <CopyId id="11xyz" /> <Explained />\n',
    'fees',
    { root },
  );
  assert.deepEqual(summary(outcome.diagnostics), ['DG253 warning 20:52']);
  assert.match(
    outcome.diagnostics[0].message,
    /<Explained> is defined in this MDX file .* the MDX partial "\.\/_fee-note\.mdx"/,
  );
  const html = htmlOf(outcome);
  assert.match(
    html,
    /<docsgen-island data-island="content\/guides\/fees\.mdx#FeeToggle" data-props="\{&quot;dc&quot;:35000\}" style="display:contents"><span>35000 DC<\/span><\/docsgen-island>/,
  );
  assert.match(html, /data-island="content\/guides\/fees\.mdx#CopyId"/);
  assert.match(
    html,
    /<span style="background-color:#25c2a0">Data Credits<\/span>/,
    'a markup-only component is no island',
  );
  assert.match(html, /<i>why\?<\/i>/);
  assert.doesNotMatch(html, /#(?:Highlight|Explained)"/);
  assert.deepEqual(outcome.parsed?.page.islands, ['content/guides/fees.mdx']);
  // The browser module: the page's imports and exports, without its partial.
  const code = outcome.parsed?.page.islandCode?.['content/guides/fees.mdx'] ?? '';
  assert.match(code, /^import \{ useState \} from 'react';\nexport const Highlight = /);
  assert.match(code, /export function FeeToggle/);
  assert.doesNotMatch(code, /_fee-note/);
});

test('a page whose own components only draw markup has no island module', async () => {
  const outcome = await parseMdx(
    `${FM}export const Highlight = ({ children, color }) => <span style={{ backgroundColor: color }}>{children}</span>;\n\n` +
      '<Highlight color="#1877F2">Facebook blue</Highlight>\n',
  );
  assert.deepEqual(outcome.diagnostics, []);
  assert.equal(outcome.parsed?.page.islands, undefined);
  assert.equal(outcome.parsed?.page.islandCode, undefined);
});

test("a relative url() in a component's stylesheet is DG254 at its place; root paths, full URLs and data: are not", async () => {
  const root = await createMiniSite({
    files: {
      'src/components/CoverageBadge/styles.module.css':
        '.badge {\n  background: url(/img/hex.svg) no-repeat;\n}\n.badge:hover { background-image: url( "./hex-hover.svg" ); }\n' +
        ".icon { mask: url('data:image/svg+xml;utf8,<svg/>'); cursor: url(https://cdn.example/c.cur), auto; }\n",
      'src/components/CoverageBadge/index.jsx':
        "import styles from './styles.module.css';\nexport default function CoverageBadge({ res }) {\n" +
        '  return <span className={styles.badge}>res {res}</span>;\n}\n',
    },
  });
  const text = `${FM}import CoverageBadge from '@site/src/components/CoverageBadge';\n\n<CoverageBadge res={8} />\n`;
  const outcome = await parseMdx(text, 'coverage', { root });
  assert.deepEqual(summary(outcome.diagnostics), ['DG254 warning 4:34']);
  assert.equal(outcome.diagnostics[0].file, 'src/components/CoverageBadge/styles.module.css');
  assert.match(outcome.diagnostics[0].message, /"\.\/hex-hover\.svg" by a relative path/);
  assert.match(htmlOf(outcome), /class="CoverageBadge_\w+_badge">res <!-- -->8</);
});

test('a theme component used without an import (as a swizzled MDXComponents allows) is DG233 with the @theme import in its hint', async () => {
  const outcome = await parseMdx(
    `${FM}\n<Tabs groupId="os">\n<TabItem value="linux" label="Linux">\nRun the installer.\n</TabItem>\n</Tabs>\n`,
  );
  assert.deepEqual(summary(outcome.diagnostics), ['DG233 error 5:1', 'DG233 error 6:1']);
  assert.match(outcome.diagnostics[0].hint ?? '', /import Tabs from '@theme\/Tabs';/);
  assert.match(outcome.diagnostics[1].hint ?? '', /import TabItem from '@theme\/TabItem';.*src\/theme\/MDXComponents/);
});

test('an unknown ::: directive in an MDX page is DG203 at its line, as in Markdown', async () => {
  const outcome = await parseMdx(`${FM}\n:::hint[Faster polling]\n\nUse the websocket feed instead.\n\n:::\n`);
  assert.deepEqual(summary(outcome.diagnostics), ['DG203 error 5:1']);
  assert.match(outcome.diagnostics[0].message, /":::hint"/);
});
