// `docsgen serve`'s handler (src/serve/serve-directory.ts, sirv underneath) on a build directory:
// clean URLs, the 404 page, text with its charset, caching by kind of file, conditional requests,
// and nothing outside the build, whatever the path or a symbolic link says.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createDirectoryHandler } from '../../src/serve/serve-directory.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request: the path goes out as written (fetch would resolve '..' first). */
function send(port: number, path: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Reply>((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      method: options.method ?? 'GET',
      headers: options.headers,
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>Home</title>',
  'guides/usage/index.html': '<!doctype html><title>Usage</title>',
  'guides/usage.md': '# Usage\n\nRewards are paid in HNT per epoch — über 24 h.\n',
  'assets/js/entry.AB12CD34.js': 'console.log("entry");',
  'search/manifest.json': '{"version":1}',
  '404.html': '<!doctype html><title>Page not found</title>',
};

let work: string;
let root: string;
const servers: Server[] = [];

async function serve(baseUrl: string): Promise<number> {
  const server = createServer(createDirectoryHandler(root, baseUrl));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

before(async () => {
  work = await realpath(await mkdtemp(join(tmpdir(), 'docsgen-serve-')));
  root = join(work, 'build');
  for (const [path, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  await writeFile(join(work, 'secret.txt'), 'outside the build');
  await mkdir(join(work, 'private'));
  await writeFile(join(work, 'private', 'index.html'), 'outside the build');
  await symlink(join(work, 'secret.txt'), join(root, 'link-out.txt'));
  await symlink(join(work, 'private'), join(root, 'dir-out'), 'dir');
  await symlink(join(root, 'guides/usage.md'), join(root, 'link-in.md'));
});
after(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await rm(work, { recursive: true, force: true });
});

describe('docsgen serve at /', () => {
  let port: number;
  before(async () => (port = await serve('/')));

  test('clean URLs serve the page, with no caching of HTML', async () => {
    for (const [path, title] of [
      ['/', 'Home'],
      ['/guides/usage', 'Usage'],
      ['/guides/usage/', 'Usage'],
      ['/guides/usage/index.html', 'Usage'],
    ]) {
      const reply = await send(port, path);
      assert.equal(reply.status, 200, path);
      assert.match(reply.body, new RegExp(`<title>${title}</title>`), path);
      assert.equal(reply.headers['content-type'], 'text/html; charset=utf-8', path);
      assert.equal(reply.headers['cache-control'], 'no-cache', path);
    }
  });

  test('text keeps its charset (a Markdown twin with non-ASCII letters reads right), assets are cached for good', async () => {
    const md = await send(port, '/guides/usage.md');
    assert.equal(md.headers['content-type'], 'text/markdown; charset=utf-8');
    assert.equal(md.body, FILES['guides/usage.md']);
    const js = await send(port, '/assets/js/entry.AB12CD34.js');
    assert.equal(js.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
    const json = await send(port, '/search/manifest.json');
    assert.equal(json.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(json.headers['cache-control'], 'no-cache');
    assert.equal(json.headers['x-content-type-options'], 'nosniff');
  });

  test('anything else is the 404 page with status 404', async () => {
    for (const path of ['/missing', '/guides/missing/', '/assets/js/none.js']) {
      const reply = await send(port, path);
      assert.equal(reply.status, 404, path);
      assert.match(reply.body, /Page not found/, path);
      assert.equal(reply.headers['content-type'], 'text/html; charset=utf-8', path);
    }
  });

  test('paths and symbolic links that leave the build are refused with 403; a link inside it is served', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/guides/%2E%2E/%2E%2E/secret.txt',
      '/link-out.txt',
      '/dir-out/',
    ]) {
      const reply = await send(port, path);
      assert.equal(reply.status, 403, path);
      assert.doesNotMatch(reply.body, /outside the build/, path);
    }
    assert.equal((await send(port, '/link-in.md')).body, FILES['guides/usage.md']);
  });

  test('HEAD has no body, other methods are 405, a matching ETag is 304', async () => {
    const head = await send(port, '/guides/usage', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
    assert.equal((await send(port, '/', { method: 'POST' })).status, 405);
    const first = await send(port, '/guides/usage.md');
    const etag = String(first.headers.etag);
    assert.match(etag, /^W\/"/);
    assert.equal((await send(port, '/guides/usage.md', { headers: { 'if-none-match': etag } })).status, 304);
  });

  test('files written after the server started are served (a build while serving)', async () => {
    await mkdir(join(root, 'guides/new'), { recursive: true });
    await writeFile(join(root, 'guides/new/index.html'), '<title>New</title>');
    assert.match((await send(port, '/guides/new')).body, /<title>New<\/title>/);
  });
});

test('under a baseUrl, pages are served below it and paths outside it are the 404 page', async () => {
  const port = await serve('/docs/');
  assert.match((await send(port, '/docs/guides/usage')).body, /<title>Usage<\/title>/);
  assert.match((await send(port, '/docs/')).body, /<title>Home<\/title>/);
  const outside = await send(port, '/guides/usage');
  assert.equal(outside.status, 404);
  assert.match(outside.body, /Page not found/);
});
