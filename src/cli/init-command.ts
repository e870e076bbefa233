import { relative, resolve } from 'node:path';
import { formatDiagnostics } from '../diagnostics/format-diagnostics.js';
import { createNewSite } from '../init/new-site.js';

export interface InitCommandOptions {
  openapi?: string;
  fromDocusaurus?: boolean;
}

/** `docsgen init --from-docusaurus DIR`: the config written, then one line per thing not carried over. */
async function fromDocusaurus(dir: string): Promise<number> {
  const { migrateDocusaurusSite } = await import('../init/from-docusaurus.js');
  const result = await migrateDocusaurusSite(dir);
  if (!result.written) {
    console.error(formatDiagnostics(result.diagnostics));
    console.error('\ndocsgen: init wrote nothing.');
    return 1;
  }
  const count = result.diagnostics.length;
  if (count) {
    console.error(formatDiagnostics(result.diagnostics));
    console.error(
      `\ndocsgen: ${count} thing${count === 1 ? '' : 's'} not carried over (above, each with where it is).`,
    );
  }
  const shown = relative(process.cwd(), dir) || '.';
  const cd = shown === '.' ? '' : `cd ${shown} && `;
  console.log(`docsgen: wrote ${result.written}. Build the site with: ${cd}npx docsgen build`);
  return 0;
}

/** `docsgen init [DIR]`: a new site that builds with docsgen's built-in theme, or a migrated Docusaurus site. */
export async function initCommand(dir: string | undefined, options: InitCommandOptions): Promise<number> {
  const target = resolve(dir ?? '.');
  if (options.fromDocusaurus) return fromDocusaurus(target);
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
