import { availableParallelism, freemem } from 'node:os';
import { workerUrl } from '../shared/worker.js';
import { startWorkerPool } from '../shared/worker-pool.js';
import { postedPage, type PostedPage } from '../content/spilled-body.js';
import type { PageHtml, PagePool, PageRenderInput, RenderShared } from './render-site.js';

/**
 * From this many pages, `docsgen build` renders pages and makes their Markdown twins on worker
 * threads (see docs/performance.md, "Pages rendered on workers"): below, starting workers that load
 * the renderer and run its code cold costs more than the main thread rendering alone.
 */
export const RENDER_WORKERS_THRESHOLD = 400;

/** Memory one render worker may take (what every page shares, its heap); fewer workers when it is not free. */
const WORKER_MEMORY = 256 * 1024 * 1024;

/** A page's render input as posted to a worker: without what every page shares (`RenderShared`). */
export type PostedRenderInput = Omit<
  PageRenderInput,
  'page' | 'site' | 'headScript' | 'rendererVersion' | 'sidebarItems'
> & { page: PostedPage };

/** One job of a render worker: a page's HTML, or a page's Markdown twin. */
export type PageJob = { html: PostedRenderInput } | { markdown: PostedPage };

/** The HTML's bytes (moved, not copied), or the twin's text. */
export type PageJobResult = Uint8Array | string;

/**
 * How many render workers a build of `pages` pages uses: one per core (the main thread mostly
 * posts pages and writes files meanwhile), at most 4, as memory allows; none for a small site.
 * `force` (tests) overrides the size threshold.
 */
export function renderWorkers(
  pages: number,
  { force, cores = availableParallelism(), free = freemem() }: { force?: boolean; cores?: number; free?: number } = {},
): number {
  if (force === false || (force === undefined && pages < RENDER_WORKERS_THRESHOLD)) return 0;
  const byMemory = Math.floor(free / WORKER_MEMORY);
  return Math.max(force ? 1 : 0, Math.min(cores, 4, byMemory));
}

/** The input posted for `input`: the worker has what every page shares. */
function postedInput({
  page,
  site: _site,
  headScript: _head,
  rendererVersion: _version,
  sidebarItems: _items,
  ...rest
}: PageRenderInput): PostedRenderInput {
  return { ...rest, page: postedPage(page) };
}

/**
 * Starts `workers` render workers, each given `shared` once; undefined when docsgen runs where
 * workers cannot be started (then the main thread renders). Results are the same bytes as
 * `renderPageHtml` and `pageMarkdown` give on the main thread; the HTML comes back as a Buffer.
 */
export function startPagePool(shared: RenderShared, workers: number): PagePool | undefined {
  const url = workerUrl('render-worker', import.meta.url);
  if (!url || workers < 1) return undefined;
  const pool = startWorkerPool<PageJob, PageJobResult>(url, shared, { size: workers });
  return {
    workers,
    html: async (input): Promise<PageHtml> => {
      const bytes = (await pool.run({ html: postedInput(input) })) as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    markdown: async (page) => (await pool.run({ markdown: postedPage(page) })) as string,
    close: () => pool.close(),
    get closed() {
      return pool.closed;
    },
  };
}
