import { relative, resolve } from 'node:path';
import { formatDiagnostics } from '../diagnostics/format-diagnostics.js';
import { createNewSite } from '../init/new-site.js';

export interface InitCommandOptions {
  openapi?: string;
}

/** `docsgen init [DIR]`: a new site that builds with docsgen's built-in theme. */
export async function initCommand(dir: string | undefined, options: InitCommandOptions): Promise<number> {
  const target = resolve(dir ?? '.');
  const result = await createNewSite({ dir: target, openapi: options.openapi && resolve(options.openapi) });
  if (result.diagnostics.length) {
    console.error(formatDiagnostics(result.diagnostics));
    console.error('\ndocsgen: init wrote nothing.');
    return 1;
  }
  const shown = relative(process.cwd(), target) || '.';
  console.log(result.written.map((file) => `  wrote ${file}`).join('\n'));
  const cd = shown === '.' ? '' : `cd ${shown} && `;
  console.log(
    `\ndocsgen: a new site is in ${shown}/. Build it with: ${cd}npx docsgen build  (or ${cd}npx docsgen dev)`,
  );
  return 0;
}
