// The dev server's build loop (src/dev-server/build-loop.ts) with a session whose builds finish
// when the test says: a save that is a single-page edit is served at once whatever builds run or
// wait, and it stops a follow-up build it makes stale (not a build of other changes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startBuildLoop } from '../../src/dev-server/build-loop.js';
import type { DevSession } from '../../src/dev-server/dev-session.js';
import type { DevSite } from '../../src/dev-server/dev-site.js';
import { waitFor } from './dev-helpers.js';

interface HeldBuild {
  changed: readonly string[];
  signal: AbortSignal | undefined;
  finish(): void;
}

/** A session whose builds wait for `finish()` (or their signal) and whose edits of `*.md` files are single-page edits. */
function heldSession() {
  const builds: HeldBuild[] = [];
  const edits: string[][] = [];
  let unseen = new Set<string>();
  let site: DevSite | undefined;
  const session = {
    build(changed: readonly string[], signal?: AbortSignal) {
      const taken = [...unseen, ...changed];
      return new Promise<void>((resolve) => {
        const finish = () => {
          site ??= { id: 'site' } as DevSite;
          taken.forEach((path) => unseen.delete(path));
          resolve();
        };
        // Stopped: nothing read counts, as in the real session.
        signal?.addEventListener('abort', () => resolve());
        builds.push({ changed, signal, finish });
      });
    },
    editPages(changed: readonly string[]) {
      if (!site || !changed.every((path) => path.endsWith('.md'))) return false;
      edits.push([...changed]);
      changed.forEach((path) => unseen.add(path));
      return true;
    },
    followUpNeeded: () => unseen.size > 0,
    get site() {
      return site;
    },
    reset: () => (unseen = new Set()),
  } as unknown as DevSession;
  return { session, builds, edits };
}

const latest = (builds: HeldBuild[]) => builds[builds.length - 1];

test('a save during a running follow-up build is served at once and stops that build; the next follow-up reads it', async () => {
  const { session, builds, edits } = heldSession();
  const loop = startBuildLoop({ session, log: () => {}, followUpDelayMs: 5 });
  latest(builds).finish();
  await waitFor(() => !loop.busy(), { what: 'the first build' });

  loop.onChange(['/site/content/a.md']);
  assert.deepEqual(edits, [['/site/content/a.md']], 'the first save is a single-page edit');
  const followUp = await waitFor(() => builds.length === 2 && latest(builds), { what: 'the follow-up build' });
  assert.deepEqual(followUp.changed, [], 'a follow-up adds no file of its own');

  loop.onChange(['/site/content/b.md']);
  assert.equal(edits.length, 2, 'the save while the follow-up runs is a single-page edit too');
  assert.ok(followUp.signal?.aborted, 'the stale follow-up is stopped');
  const next = await waitFor(() => builds.length === 3 && latest(builds), { what: 'a new follow-up' });
  assert.ok(!next.signal?.aborted, 'the new follow-up runs');
  next.finish();
  await waitFor(() => !loop.busy(), { what: 'the loop to settle' });
  assert.equal(session.followUpNeeded(), false, 'both edited files were read by a build');
  loop.close();
});

test('a save while a follow-up waits behind another build is served at once; a build of other changes is not stopped', async () => {
  const { session, builds, edits } = heldSession();
  const loop = startBuildLoop({ session, log: () => {}, followUpDelayMs: 5 });
  latest(builds).finish();
  await waitFor(() => !loop.busy(), { what: 'the first build' });

  // A stylesheet save: a build of its own, which a page edit must not stop.
  loop.onChange(['/site/static/custom.css']);
  const cssBuild = await waitFor(() => builds.length === 2 && latest(builds), { what: 'the stylesheet build' });
  loop.onChange(['/site/content/a.md']);
  assert.equal(edits.length, 1, 'the page edit is served while the stylesheet builds');
  // The follow-up is due now and waits behind the running build.
  await new Promise((resolve) => setTimeout(resolve, 20));
  loop.onChange(['/site/content/b.md']);
  assert.equal(edits.length, 2, 'served at once while a follow-up waits');
  assert.ok(!cssBuild.signal?.aborted, 'a build of other changes runs to its end');
  cssBuild.finish();

  const followUp = await waitFor(() => builds.length === 3 && latest(builds), { what: 'the follow-up' });
  assert.deepEqual(followUp.changed, []);
  followUp.finish();
  await waitFor(() => !loop.busy(), { what: 'the loop to settle' });
  assert.equal(builds.length, 3, 'one follow-up for both edits');
  loop.close();
});

test('a save that is not a single-page edit waits for the running build; a page saved after it waits with it', async () => {
  const { session, builds, edits } = heldSession();
  const loop = startBuildLoop({ session, log: () => {}, followUpDelayMs: 5 });
  latest(builds).finish();
  await waitFor(() => !loop.busy(), { what: 'the first build' });

  loop.onChange(['/site/site.config.ts']);
  const configBuild = await waitFor(() => builds.length === 2 && latest(builds), { what: 'the config build' });
  loop.onChange(['/site/templates/Layout.tsx']);
  loop.onChange(['/site/content/a.md']);
  assert.deepEqual(edits, [], 'nothing is edited alone while files saved before it wait for their build');
  configBuild.finish();
  const next = await waitFor(() => builds.length === 3 && latest(builds), { what: 'the build of the waiting files' });
  assert.deepEqual([...next.changed].sort(), ['/site/content/a.md', '/site/templates/Layout.tsx']);
  next.finish();
  await waitFor(() => !loop.busy(), { what: 'the loop to settle' });
  loop.close();
});
