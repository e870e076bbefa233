import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { bundleClient } from '../../src/bundle/bundle-client.js';
import { REPO } from '../helpers/mini-site.js';

test('a code.theme that is no highlight.js theme is a config error on "code.theme", not a crash', async () => {
  const result = await bundleClient({
    root: REPO,
    templatesDir: join(REPO, 'templates'),
    highlightTheme: 'github-darkk',
  });
  assert.equal(result.bundle, undefined);
  assert.deepEqual(
    result.diagnostics.map((d) => [d.code, d.key]),
    [['DG101', 'code.theme']],
  );
  assert.match(result.diagnostics[0].message, /no highlight\.js theme "github-darkk"/);
});
