import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { readFileSync } from 'node:fs';
import { limitHeapGrowth } from '../shared/heap-growth.js';
import { packageRoot } from '../shared/package-paths.js';
import { buildCommand } from './build-command.js';
import { serveCommand } from './serve-command.js';

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError('must be a port number between 0 and 65535');
  return port;
}

/** Parses argv and runs a command; returns the exit code (0 ok, 1 build error, 2 usage error). */
export async function main(argv: string[]): Promise<number> {
  limitHeapGrowth();
  const { version } = JSON.parse(readFileSync(`${packageRoot()}/package.json`, 'utf8'));
  let exitCode = 0;
  const program = new Command()
    .name('docsgen')
    .description('Build a documentation site (guides, examples, an OpenAPI reference and search) as static files.')
    .version(version, '-v, --version')
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });

  program
    .command('build')
    .description('build the site into static files')
    .option('-c, --config <file>', 'path to site.config.ts', 'site.config.ts')
    .option('-o, --out <dir>', 'output directory', 'build')
    .option('--openapi <file>', 'build with this API description (YAML or JSON) instead of the configured one')
    .option(
      '--no-cache',
      'build from scratch, without reading or updating the build cache (node_modules/.cache/docsgen)',
    )
    .option('--strict', 'treat warnings as errors (as config `strict: true` does)')
    .option('--debug', 'print stack traces')
    .action(async (options) => {
      exitCode = await buildCommand(options);
    });

  program
    .command('serve')
    .description('preview a finished build with clean URLs and the 404 page')
    .option('-d, --dir <dir>', 'build directory', 'build')
    .option('-p, --port <number>', 'port', parsePort, 3000)
    .option('--host <host>', 'host to listen on', '127.0.0.1')
    .option('-c, --config <file>', 'site config (for baseUrl)', 'site.config.ts')
    .action(async (options) => {
      exitCode = await serveCommand(options);
    });

  program
    .command('dev')
    .description('start the watch-mode dev server with live reload')
    .option('-c, --config <file>', 'path to site.config.ts', 'site.config.ts')
    .option('-p, --port <number>', 'port', parsePort, 3000)
    .option('--host <host>', 'host to listen on', '127.0.0.1')
    .option('--open', 'open the site in a browser')
    .action(async (options) => {
      const { devCommand } = await import('./dev-command.js');
      exitCode = await devCommand(options);
    });

  program
    .command('init')
    .description(
      'create a new site in DIR (default: here), or (--from-docusaurus) a config for the Docusaurus site in DIR',
    )
    .argument('[dir]', 'folder of the site', '.')
    .option('--openapi <file>', 'copy this API description (YAML or JSON) into the new site')
    .option(
      '--from-docusaurus',
      'write site.config.ts for the Docusaurus site in DIR, and list what it could not carry over',
    )
    .action(async (dir, options) => {
      const { initCommand } = await import('./init-command.js');
      exitCode = await initCommand(dir, options);
    });

  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      if (
        error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        error.code === 'commander.help'
      )
        return 0;
      return 2;
    }
    throw error;
  }
  return exitCode;
}
