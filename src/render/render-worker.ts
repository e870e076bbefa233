/**
 * Worker thread of the render pool (render-pool.ts): renders pages to HTML and makes their
 * Markdown twins, from what every page shares (given once, as workerData) and each page's own
 * input. It loads the same renderer as the main thread: docsgen's own, compiled into this worker,
 * or the module compiled from the site's templates.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { join } from 'node:path';
import { builtinRenderer, renderPageHtml, type Renderer, type RenderShared } from './render-site.js';
import { importCompiled } from '../shared/import-compiled.js';
import { servePool } from '../shared/worker-pool.js';
import { receivedPage } from '../content/spilled-body.js';
import { pageMarkdown } from '../output/markdown/page-markdown.js';
import type { PageJob, PageJobResult } from './render-pool.js';

const shared = workerData as RenderShared;

async function loadRenderer({ renderer, cacheDir }: RenderShared): Promise<Renderer> {
  if (renderer.code === undefined) return builtinRenderer;
  const file = join(cacheDir, `render-page.${renderer.version}.${process.pid}-w${threadId}.mjs`);
  const module = await importCompiled<{ renderPage: Renderer['renderPage'] }>(renderer.code, file);
  return { renderPage: module.renderPage, version: renderer.version };
}

const renderer = await loadRenderer(shared);

/** HTML bytes that own their buffer, so that it can be moved to the main thread (Buffer.from may share a pool). */
const ownBuffer = (bytes: Uint8Array) =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);

function run(job: PageJob): PageJobResult {
  if ('markdown' in job) return pageMarkdown(receivedPage(job.markdown));
  const { page, sidebarName, ...rest } = job.html;
  const input = {
    ...rest,
    page: receivedPage(page),
    sidebarName,
    sidebarItems: sidebarName ? shared.sidebars[sidebarName] : undefined,
    site: shared.site,
    headScript: shared.headScript,
    rendererVersion: shared.renderer.version,
  };
  return ownBuffer(renderPageHtml(input, renderer));
}

servePool<PageJob, PageJobResult>(parentPort!, run, (result) =>
  typeof result === 'string' ? [] : [result.buffer as ArrayBuffer],
);
