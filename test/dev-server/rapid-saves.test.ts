// Property: whatever the sequence of saves and the gaps between them (single-page edits served at
// once, follow-up builds stopped by newer edits, saves that need a whole build landing in
// between), once the dev server has settled it serves exactly the files a cold build of the same
// sources writes. Runs a real session and build loop in process; the saves are handed to the loop
// as the watcher hands them over.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import { startBuildLoop } from '../../src/dev-server/build-loop.js';
import { createDevSession } from '../../src/dev-server/dev-session.js';
import { createMiniSite } from '../helpers/mini-site.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { waitFor } from './dev-helpers.js';

const TOPICS = ['hotspots', 'witnesses', 'rewards', 'data-credits', 'hexes', 'oracles'];

/** A guide as its authors write them: front matter, sections, a code sample, an admonition, links to its neighbours. */
function guide(topic: string, n: number): string {
  const next = TOPICS[(TOPICS.indexOf(topic) + 1) % TOPICS.length];
  return `---
title: ${topic.replace('-', ' ')} ${n}
description: How the API reports ${topic} (part ${n}).
sidebar_position: ${n}
---

The \`/v0/${topic}\` endpoints return one object per ${topic.replace(/s$/, '')}.

## Query parameters

| name | meaning |
|---|---|
| min_time | start of the range (ISO 8601) |
| limit | at most 1000 |

\`\`\`bash
curl -H "x-api-key: $KEY" "https://api.example/v0/${topic}?limit=10"
\`\`\`

:::note
Times are UTC. See [${next}](../${next}/part-1.md#query-parameters) for the same parameters.
:::

## Paging

Pass the \`cursor\` of a response to get the next page${n > 1 ? `, as in [part 1](./part-1.md#paging)` : ''}.
`;
}

const FILES = Object.fromEntries(
  TOPICS.flatMap((topic) => [1, 2, 3].map((n) => [`content/guides/${topic}/part-${n}.md`, guide(topic, n)])),
);

/** Edits an author saves: mostly body lines (single-page edits), sometimes a title or a heading (a whole build). */
function edit(text: string, random: ReturnType<typeof seededRandom>, run: number): string {
  const lines = text.split('\n');
  const body = lines.indexOf('---', 1) + 2;
  const at = body + Math.floor(random.next() * (lines.length - body));
  const words = ['beacon', 'HNT', 'epoch', 'owner', '`gain`', 'coverage'];
  const phrase = `${random.pick(words)} ${random.pick(words)} (save ${run})`;
  const kinds = [
    () => lines.splice(at, 0, '', `A note on ${phrase}.`),
    () => lines.splice(at, 0, '', `- ${phrase}`),
    () => lines.splice(at, 0, '', '```json', `{ "epoch": ${run} }`, '```'),
    () => lines.splice(at, 0, '', `See [paging](./part-1.md#paging) for ${phrase}.`),
    () => lines.splice(at, 0, '', `## About ${phrase.replace(/[`()]/g, '')}`),
    () => (lines[1] = `title: ${phrase.replace(/[`()]/g, '')}`),
  ];
  (random.chance(0.8) ? kinds[Math.floor(random.next() * 4)] : kinds[4 + Math.floor(random.next() * 2)])();
  return lines.join('\n');
}

let root: string;
before(async () => {
  root = await createMiniSite({ files: FILES });
});
after(() => rm(root, { recursive: true, force: true }));

/** Every file a cold build writes, by path. */
async function coldBuild(): Promise<Map<string, Buffer>> {
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  return new Map((result.files ?? []).map((file) => [file.path, Buffer.from(file.contents)]));
}

test('property: after random saves with random gaps, dev serves exactly what a cold build writes', async () => {
  const log: string[] = [];
  const session = createDevSession({
    configPath: join(root, 'site.config.ts'),
    log: (text) => log.push(text),
    notify: () => {},
  });
  for (const seed of [7, 19]) {
    const random = seededRandom(seed);
    const loop = startBuildLoop({
      session,
      log: (text) => log.push(text),
      followUpDelayMs: Math.floor(random.next() * 40),
    });
    await waitFor(() => !loop.busy() && session.site, { what: 'the first build', timeout: 120_000 });
    const paths = Object.keys(FILES);
    for (let run = 0; run < 12; run++) {
      const file = join(root, random.pick(paths));
      await writeFile(file, edit(await readFile(file, 'utf8'), random, run));
      loop.onChange([file]);
      // The next save comes at once, while the page is served, or while a build runs.
      await new Promise((resolve) => setTimeout(resolve, random.pick([0, 5, 30, 120, 400])));
    }
    await waitFor(() => !loop.busy(), { what: 'the builds to settle', timeout: 120_000 });
    loop.close();
    assert.deepEqual(session.errors, [], `seed ${seed}: no error after the saves`);
    const cold = await coldBuild();
    const site = session.site!;
    const served = new Set([...site.files.keys(), ...site.pages.keys()]);
    for (const [path, contents] of cold) {
      const got = session.lookup(path);
      assert.ok(got !== undefined, `seed ${seed}: ${path} is served`);
      assert.ok(Buffer.from(got).equals(contents), `seed ${seed}: ${path} is served as a cold build writes it`);
      served.delete(path);
    }
    assert.deepEqual([...served], [], `seed ${seed}: nothing served that a cold build does not write`);
  }
  const fast = log.filter((line) => line.includes('the rest of the site follows')).length;
  assert.ok(fast >= 5, `single-page edits were taken (${fast}):\n${log.join('\n')}`);
});
