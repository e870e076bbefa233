import { createServer } from 'node:http';
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { createDirectoryHandler } from '../serve/serve-directory.js';
import { loadConfig } from '../config/load-config.js';

export interface ServeOptions {
  dir: string;
  port: number;
  host: string;
  config?: string;
}

/** `docsgen serve`: previews a finished build with clean URLs and the 404 page. */
export async function serveCommand(options: ServeOptions): Promise<number> {
  const dir = resolve(options.dir);
  if (!existsSync(dir)) {
    console.error(`docsgen serve: no build at ${options.dir}. Run \`docsgen build\` first.`);
    return 1;
  }
  const root = await realpath(dir);
  const loaded = existsSync(options.config ?? 'site.config.ts')
    ? await loadConfig({ configPath: options.config })
    : undefined;
  const baseUrl = loaded?.config?.baseUrl ?? '/';
  const server = createServer(createDirectoryHandler(root, baseUrl));
  return new Promise((resolvePromise) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      console.error(
        error.code === 'EADDRINUSE'
          ? `docsgen serve: port ${options.port} is already in use. Choose another with --port <number>.`
          : `docsgen serve: ${error.message}`,
      );
      resolvePromise(1);
    });
    server.listen(options.port, options.host, () => {
      console.log(`Serving ${options.dir} at http://${options.host}:${options.port}${baseUrl}`);
    });
    const stop = () => server.close(() => resolvePromise(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
