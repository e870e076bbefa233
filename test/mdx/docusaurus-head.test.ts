// @docusaurus/Head in MDX pages, as real docs use it: a guide's own social card and description,
// JSON-LD, a canonical URL pointing at the original article, and a preconnect link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import { createMiniSite } from '../helpers/mini-site.js';
import { parseMdx } from './mdx-helpers.js';

const GUIDE = `---
title: Move a hotspot
description: Assert a new location for a gateway.
---

import Head from '@docusaurus/Head';

<Head>
  <title>Moving your hotspot (step by step)</title>
  <meta name="description" content="How to assert a new location without losing rewards." />
  <meta property="og:image" content="https://cdn.meshtide.example/cards/move.png" />
  <meta name="twitter:image" content="https://cdn.meshtide.example/cards/move.png" />
  <link rel="canonical" href="https://blog.meshtide.example/move-a-hotspot" />
  <link rel="preconnect" href="https://tiles.meshtide.example" />
  <script type="application/ld+json">
    {JSON.stringify({ '@context': 'https://schema.org', '@type': 'HowTo', name: 'Move a hotspot </script>' })}
  </script>
</Head>

## Before you move

Check the asserted location.
`;

const headOf = (html: string) => /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';

test("a page's <Head> sets its title, replaces default meta of the same name or property, and adds its tags", async () => {
  const root = await createMiniSite({ files: { 'content/guides/move.mdx': GUIDE } });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(
    result.diagnostics.map((d) => d.code),
    [],
  );
  const file = (path: string) => String(result.files?.find((f) => f.path === path)?.contents ?? '');
  const head = headOf(file('guides/move/index.html'));
  assert.match(head, /<title>Moving your hotspot \(step by step\)<\/title>/);
  assert.equal(head.match(/<title>/g)?.length, 1, 'one title');
  const metas = [...head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g)].map((m) => [m[1], m[2]]);
  const byKey = (key: string) => metas.filter(([name]) => name === key).map(([, content]) => content);
  assert.deepEqual(byKey('description'), ['How to assert a new location without losing rewards.']);
  assert.deepEqual(byKey('og:image'), ['https://cdn.meshtide.example/cards/move.png']);
  assert.deepEqual(byKey('twitter:image'), ['https://cdn.meshtide.example/cards/move.png']);
  // Defaults the page did not replace stay.
  assert.deepEqual(byKey('og:title'), ['Move a hotspot']);
  assert.equal(head.match(/rel="canonical"/g)?.length, 1, 'one canonical link');
  assert.match(head, /<link rel="canonical" href="https:\/\/blog\.meshtide\.example\/move-a-hotspot"\/>/);
  assert.match(head, /<link rel="preconnect" href="https:\/\/tiles\.meshtide\.example" data-page-asset=""\/>/);
  const jsonLd = /<script type="application\/ld\+json">([^]*?)<\/script>/.exec(head)?.[1] ?? '';
  assert.deepEqual(JSON.parse(jsonLd), {
    '@context': 'https://schema.org',
    '@type': 'HowTo',
    name: 'Move a hotspot </script>',
  });
  // The body shows nothing of it; another page keeps docsgen's head.
  assert.doesNotMatch(file('guides/move/index.html').split('</head>')[1], /og:image|Moving your hotspot/);
  const other = headOf(file('guides/start/index.html'));
  assert.match(other, /<title>Start \| Acme API<\/title>/);
  assert.match(other, /<meta name="description" content="Start here."\/>/);
});

test('what <Head> cannot hold in docsgen is DG505 at the tag, naming it', async () => {
  const outcome = await parseMdx(
    `---\ntitle: Styled\n---\n\nimport Head from '@docusaurus/Head';\n\n<Head>\n  <style>{'.hero { color: red }'}</style>\n</Head>\n`,
  );
  assert.deepEqual(
    outcome.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`),
    ['DG505 7:1'],
  );
  assert.match(
    outcome.diagnostics[0].message,
    /can hold <title>, <meta>, <link> and <script type="application\/ld\+json">.*got <style>/,
  );
});
