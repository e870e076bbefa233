// Doc cards as Docusaurus docs write them: a category page listing its docs through
// useCurrentSidebarCategory (Docusaurus 2's idiom), cards given by hand in an Infima grid with
// @theme/DocCard, and a DocCardList of chosen items. None may be dropped without a word.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import { createMiniSite } from '../helpers/mini-site.js';
import { parseMdx } from './mdx-helpers.js';

const FM = (title: string, position: number) =>
  `---\ntitle: ${title}\ndescription: ${title} guide.\nsidebar_position: ${position}\n---\n`;

const FILES = {
  'content/guides/wallets/index.mdx': `${FM('Wallets', 3)}
import DocCardList from '@theme/DocCardList';
import {useCurrentSidebarCategory} from '@docusaurus/theme-common';

Pick the wallet you hold your hotspot in.

<DocCardList items={useCurrentSidebarCategory().items}/>
`,
  'content/guides/wallets/ledger.md': `${FM('Ledger', 1)}\nHardware wallet.\n`,
  'content/guides/wallets/cli.md': `${FM('CLI wallet', 2)}\nFor scripts.\n`,
  'content/guides/overview.mdx': `${FM('Overview', 0)}
import DocCard from '@theme/DocCard';
import DocCardList from '@theme/DocCardList';

<div className="row">
  <div className="col col--6">
    <DocCard item={{ type: 'link', href: '/guides/start', label: 'Start', description: 'Your first request.' }} />
  </div>
  <div className="col col--6">
    <DocCard
      item={{
        type: 'category',
        label: 'Wallets',
        items: [{ type: 'link', href: '/guides/wallets/ledger', label: 'Ledger' }, { type: 'link', href: '/guides/wallets/cli', label: 'CLI' }],
      }}
    />
  </div>
</div>

<DocCardList className="margin-top--lg" items={[{ type: 'link', href: '/guides/next', label: 'Next steps', description: 'Then this.' }]} />
`,
};

const cardsOf = (html: string) =>
  [
    ...html.matchAll(
      /<a href="([^"]+)"><span class="doc-card__title">([^<]*)<\/span><span class="doc-card__description">([^<]*)<\/span>/g,
    ),
  ].map((m) => `${m[1]} ${m[2]}: ${m[3]}`);

test('DocCard and DocCardList with items render their cards; useCurrentSidebarCategory().items is the category', async () => {
  const root = await createMiniSite({ files: FILES });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(
    result.diagnostics.map((d) => `${d.code} ${d.file}:${d.line} ${d.message}`),
    [],
  );
  const html = (path: string) => String(result.files?.find((f) => f.path === path)?.contents ?? '');
  assert.deepEqual(cardsOf(html('guides/overview/index.html')), [
    '/guides/start Start: Your first request.',
    '/guides/wallets/ledger Wallets: 2 items',
    '/guides/next Next steps: Then this.',
  ]);
  assert.match(html('guides/overview/index.html'), /<ul class="doc-cards margin-top--lg">/);
  assert.deepEqual(cardsOf(html('guides/wallets/index.html')), [
    '/guides/wallets/ledger Ledger: Ledger guide.',
    '/guides/wallets/cli CLI wallet: CLI wallet guide.',
  ]);
});

test('a card docsgen cannot draw is DG505 at its tag', async () => {
  const outcome = await parseMdx(
    `---\ntitle: Cards\n---\n\nimport DocCard from '@theme/DocCard';\n\n<DocCard item={{ type: 'category', label: 'Empty', items: [] }} />\n`,
  );
  assert.deepEqual(
    outcome.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`),
    ['DG505 7:1'],
  );
  assert.match(outcome.diagnostics[0].message, /"Empty" has no href, and no page inside it/);
});

test("a card's link to a page that does not exist is a broken link at the card's tag", async () => {
  const files = {
    ...FILES,
    'content/guides/overview.mdx': FILES['content/guides/overview.mdx'].replace(
      "href: '/guides/start'",
      "href: '/guides/strat'",
    ),
  };
  const root = await createMiniSite({ files });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(
    result.diagnostics.map((d) => `${d.code} ${d.severity} ${d.file}:${d.line}:${d.column}`),
    ['DG402 error content/guides/overview.mdx:12:5'],
  );
  assert.match(result.diagnostics[0].message, /\/guides\/strat/);
});
