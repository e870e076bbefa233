// docsgen dev and the site's own components: editing a component an MDX page imports (watched
// through the files the page's bundle read) reloads the pages using it, with the new markup.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createMiniSite, fixtureSiteFiles, REPO } from '../helpers/mini-site.js';
import {
  editSiteFile,
  getText,
  listen,
  removeSite,
  startDev,
  waitFor,
  type DevProcess,
  type EventLog,
} from './dev-helpers.js';

let root: string;
let dev: DevProcess;
let sse: EventLog;

before(async () => {
  root = await createMiniSite({ files: fixtureSiteFiles(join(REPO, 'test/markdown/fixtures/mdx')) });
  dev = await startDev(root);
  sse = await listen(dev.url);
});
after(async () => {
  sse?.close();
  await dev?.stop();
  await removeSite(root);
});

test('editing a component reloads the pages that import it, with the new markup', async () => {
  assert.match((await getText(dev.url, '/guides/install-cli')).text, /border-color:#2e8555/);
  const seen = sse.events.length;
  await editSiteFile(root, 'src/components/StatusPill/index.jsx', (text) =>
    text.replace("online: '#2e8555'", "online: '#0a7d4f'"),
  );
  // The watcher may report a folder event of the start first: wait for the reload of this edit.
  const event = await waitFor(
    () =>
      sse.events
        .slice(seen)
        .find((e) => e.type === 'reload' && (e.data.paths as string[]).includes('/guides/install-cli/')),
    { timeout: 120_000, what: 'the reload of the pages using StatusPill', output: dev.output },
  );
  // The pages using it changed; the component's chunk changed too, and with it (hashed names) the
  // client every page loads, so the open tabs all reload.
  const paths = event.data.paths as string[];
  assert.ok(paths.includes('/guides/install-cli/') && paths.includes('/guides/estimate-rewards/'), paths.join(' '));
  assert.match((await getText(dev.url, '/guides/install-cli')).text, /border-color:#0a7d4f/);
});
