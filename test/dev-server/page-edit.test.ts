// `docsgen dev`'s single-page path (src/dev-server/page-edit.ts): a saved Markdown page is parsed
// and rendered alone against the last build. Property: after random one-line edits of random pages,
// the page the session serves is byte for byte the page a cold build of the edited site writes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import { createDevSession, type DevSession } from '../../src/dev-server/dev-session.js';
import { editPage } from '../../src/dev-server/page-edit.js';
import { createBuildCache } from '../../src/build-cache/build-cache.js';
import { createMiniSite } from '../helpers/mini-site.js';

const GUIDES: Record<string, string> = {
  'content/guides/hotspots.md': `---
title: Hotspots
description: Look up a hotspot by its address or name.
sidebar_position: 1
---

Every hotspot has a base58 **address** and an animal name such as \`fancy-plum-lobster\`.

## Look up one hotspot

Send the address in the path:

\`\`\`bash title="request"
curl -H "x-api-key: $KEY" https://api.example/v0/hotspots/11cxkq
\`\`\`

:::tip
Names are not unique: prefer the address.
:::

## Location

The \`location\` field is an H3 index at resolution 12. See [rewards](./rewards.md#epochs) for how
location affects earnings.

| field | type |
|---|---|
| location | string |
| gain | number |
`,
  'content/guides/rewards.md': `---
title: Rewards
sidebar_position: 2
---

Rewards are paid per epoch to the owner of each hotspot.

## Epochs

An epoch lasts 24 hours. Amounts are in bones (1 HNT = 100,000,000 bones).

- proof of coverage
- data transfer
- * boosted hexes

## Totals

Sum the rewards of a [hotspot](./hotspots.md#look-up-one-hotspot) over a time range.
`,
  'content/guides/limits.md': `---
title: Rate limits
description: How many requests a key may send.
sidebar_position: 3
---

Each key may send 10 requests per second.

## When you are limited

The API answers \`429 Too Many Requests\` with a \`Retry-After\` header.

> Back off and retry; do not hammer the API.

1. read the header
2. wait
3. retry
`,
};

let root: string;
let session: DevSession;
before(async () => {
  root = await createMiniSite({ files: GUIDES });
  session = createDevSession({ configPath: join(root, 'site.config.ts'), log: () => {}, notify: () => {} });
  await session.build([]);
  assert.deepEqual(session.errors, [], 'the site builds');
});
after(() => rm(root, { recursive: true, force: true }));

/** A small seeded generator (so a failure can be replayed). */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % n;
  };
}

const WORDS = ['epoch', 'witness', 'beacon', 'HNT', 'owner', '`gain`', '**note**', 'coverage', 'hex', 'the', 'a'];

/** One-line edits an author makes: most change the body only, some a heading or the front matter. */
function oneLineEdit(text: string, pick: (n: number) => number): string {
  const lines = text.split('\n');
  const bodyStart = lines.indexOf('---', 1) + 1;
  const at = bodyStart + 1 + pick(lines.length - bodyStart - 1);
  const words = Array.from({ length: 2 + pick(6) }, () => WORDS[pick(WORDS.length)]).join(' ');
  const edits = [
    () => lines.splice(at, 0, '', `${words[0].toUpperCase()}${words.slice(1)}.`),
    () => (lines[at] = `${lines[at]} ${words}`),
    () => lines.splice(at, 0, '', `See [limits](./limits.md#when-you-are-limited) on ${words}.`),
    () => lines.splice(at, 0, '', `- ${words}`),
    () => lines.splice(at, 0, '', '```json', `{ "${WORDS[pick(4)]}": ${pick(100)} }`, '```'),
    // Changes what other pages read: a new heading (anchors, table of contents) or the title.
    () => lines.splice(at, 0, '', `## ${words.replace(/[`*]/g, '')}`),
    () => (lines[1] = `title: ${words.replace(/[`*:]/g, '')}`),
  ];
  edits[pick(edits.length)]();
  return lines.join('\n');
}

async function coldPage(path: string): Promise<Buffer> {
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  const file = result.files?.find((one) => one.path === path);
  assert.ok(file, `a cold build writes ${path}`);
  return Buffer.from(file.contents);
}

const served = (path: string) => Buffer.from(session.lookup(path) ?? '');

test('random one-line edits: the page served is the page a cold build writes', async () => {
  const pick = random(13);
  const paths = Object.keys(GUIDES);
  let fast = 0;
  for (let run = 0; run < 14; run++) {
    const path = paths[pick(paths.length)];
    const file = join(root, path);
    await writeFile(file, oneLineEdit(await readFile(file, 'utf8'), pick));
    const edited = session.editPages([file]);
    if (edited) fast += 1;
    else await session.build([file]);
    assert.deepEqual(session.errors, [], `edit ${run} of ${path} builds`);
    const output = path.replace(/^content\//, '').replace(/\.md$/, '/index.html');
    assert.ok(
      served(output).equals(await coldPage(output)),
      `edit ${run} of ${path} (fast: ${edited}) is served as built`,
    );
    // The rest of the site follows (as the dev server runs it after a single-page edit).
    if (edited) await session.build([file]);
  }
  assert.ok(fast >= 5 && fast < 14, `both paths taken (${fast} of 14 single-page edits)`);
});

test('a broken link written in an edit is reported by the single-page path, and the last page stays served', async () => {
  const file = join(root, 'content/guides/limits.md');
  const before = served('guides/limits/index.html');
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace('2. wait', '2. wait (see [quotas](./quotas.md) and [tips](./rewards.md#tips))'));
  assert.equal(session.editPages([file]), true, 'a body edit takes the single-page path');
  const line = text.split('\n').findIndex((one) => one.includes('2. wait')) + 1;
  const codes = session.errors.map((d) => `${d.code} ${d.file}:${d.line}`).sort();
  assert.deepEqual(codes, [`DG401 content/guides/limits.md:${line}`, `DG405 content/guides/limits.md:${line}`]);
  assert.ok(served('guides/limits/index.html').equals(before), 'the page of the last good build is still served');
  await writeFile(file, text.replace('2. wait', '2. wait a second'));
  assert.equal(session.editPages([file]), true, 'the fix takes the single-page path too');
  assert.deepEqual(session.errors, [], 'the fix clears the errors');
  assert.ok(String(served('guides/limits/index.html')).includes('wait a second'), 'the fixed page is served');
});

test('an image the last build did not ship takes the build (asked again before it runs, too); one it shipped does not', async () => {
  await mkdir(join(root, 'content/guides/img'), { recursive: true });
  await writeFile(
    join(root, 'content/guides/img/coverage.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>',
  );
  const hotspots = join(root, 'content/guides/hotspots.md');
  const text = await readFile(hotspots, 'utf8');
  await writeFile(hotspots, `${text}\n![Coverage of a hex](./img/coverage.svg)\n`);
  assert.equal(session.editPages([hotspots]), false, 'a new image is a new output file: the build ships it');
  assert.equal(session.editPages([hotspots]), false, 'still so when the save is seen again before the build');
  await session.build([hotspots]);
  const html = String(served('guides/hotspots/index.html'));
  const image = /assets\/media\/coverage\.[0-9a-f]+\.svg/.exec(html)?.[0];
  assert.ok(image && session.lookup(image), 'the page shows the image and the image is served');
  const rewards = join(root, 'content/guides/rewards.md');
  await writeFile(rewards, `${await readFile(rewards, 'utf8')}\n![Coverage](./img/coverage.svg)\n`);
  assert.equal(session.editPages([rewards]), true, 'an image the build ships already takes the single-page path');
  assert.ok(served('guides/rewards/index.html').equals(await coldPage('guides/rewards/index.html')), 'as built');
});

test('the build after a single-page edit takes the page as the edit parsed it (not parsed again), as a cold build has it', async () => {
  const configPath = join(root, 'site.config.ts');
  const cache = createBuildCache();
  const first = await runBuild({ configPath, cache, defer: true });
  const file = join(root, 'content/guides/rewards.md');
  const text = await readFile(file, 'utf8');
  await writeFile(file, `${text}\nPaid in [bones](./hotspots.md#location) too.\n`);
  const edit = editPage(first.pageEdits!, file);
  assert.equal(edit.kind, 'edited', 'a body edit');
  const next = await runBuild({ configPath, cache, defer: true, changed: [file] });
  assert.equal(
    next.pageEdits?.markdown.byPath.get(file)?.page,
    edit.kind === 'edited' && edit.page,
    'not parsed again',
  );
  const produced = (result: typeof next, path: string) =>
    Buffer.from(result.deferred?.find((output) => output.path === path)?.produce()[0].contents ?? '');
  assert.ok(
    produced(next, 'guides/rewards/index.html').equals(await coldPage('guides/rewards/index.html')),
    'the page as a cold build writes it',
  );
  // Saved again after the edit: the build parses the new text.
  await writeFile(file, `${text}\nPaid daily.\n`);
  const third = await runBuild({ configPath, cache, defer: true, changed: [file] });
  assert.notEqual(third.pageEdits?.markdown.byPath.get(file)?.page, next.pageEdits?.markdown.byPath.get(file)?.page);
  assert.ok(
    produced(third, 'guides/rewards/index.html').equals(await coldPage('guides/rewards/index.html')),
    'the page saved again as a cold build writes it',
  );
  assert.match(String(produced(third, 'guides/rewards/index.html')), /Paid daily/);
});
