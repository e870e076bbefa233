import { spawn } from 'node:child_process';
import { startDevServer, type DevServer } from '../dev-server/start-dev-server.js';

export interface DevOptions {
  config: string;
  port: number;
  host: string;
  open?: boolean;
}

/** Opens a URL in the default browser; failures (no browser, no display) are ignored. */
function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // Not fatal: the URL is printed.
  }
}

/**
 * `docsgen dev`: the watch-mode dev server. Prints its URL as soon as it listens (the first
 * build runs meanwhile; requests wait for it), and stops cleanly on Ctrl+C or SIGTERM: watchers
 * closed, port freed, exit code 0.
 */
export async function devCommand(options: DevOptions): Promise<number> {
  let server: DevServer;
  try {
    server = await startDevServer({
      configPath: options.config,
      host: options.host,
      port: options.port,
      log: (text) => console.log(text),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      console.error(
        `docsgen dev: port ${options.port} is already in use. Choose another with --port <number>, or --port 0 for any free port.`,
      );
    else if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      console.error(
        `docsgen dev: cannot listen on host ${options.host}. Use --host 127.0.0.1 (the default) or an address of this machine.`,
      );
    else if (code === 'EACCES')
      console.error(
        `docsgen dev: not allowed to listen on port ${options.port}. Choose a port above 1023 with --port <number>.`,
      );
    else console.error(`docsgen dev: ${(error as Error).message}`);
    return 1;
  }
  console.log(`docsgen dev: serving at ${server.url}`);
  if (options.host !== '127.0.0.1' && options.host !== 'localhost' && options.host !== '::1') {
    console.log(`docsgen dev: listening on ${options.host}: other machines on the network can read the site.`);
  }
  if (options.open) void server.ready.then(() => openBrowser(server.url));
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      console.log('\ndocsgen dev: stopped.');
      void server.close().then(() => {
        resolve(0);
        // A build still running (a cold start stopped early) must not keep the process alive.
        setTimeout(() => process.exit(0), 200).unref();
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
