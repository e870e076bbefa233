import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO } from './mini-site.js';

/**
 * Builds the repository's own site with the compiled CLI into a fresh temporary directory
 * (tests never touch ./build). `npm test` compiles the CLI before running tests.
 */
export async function buildRealSite(extraArgs: string[] = []): Promise<string> {
  const out = join(await mkdtemp(join(tmpdir(), 'docsgen-build-')), 'build');
  const result = spawnSync(process.execPath, [join(REPO, 'bin/docsgen.js'), 'build', '--out', out, ...extraArgs], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`docsgen build failed:\n${result.stdout}\n${result.stderr}`);
  return out;
}
