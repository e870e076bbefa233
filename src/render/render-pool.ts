import { availableParallelism, freemem } from 'node:os';
import { workerUrl } from '../shared/worker.js';
import { startWorkerPool } from '../shared/worker-pool.js';
import { postedPage, type PostedPage } from '../content/spilled-body.js';
import type { PageHtml, PagePool, PageRenderInput, RenderShared } from './render-site.js';

/**
 * Pages are rendered on workers only when asked for (`DOCSGEN_RENDER_WORKERS=1`, `renderWorkers: true`):
 * measured on the 2-core machine this was built on, at 400 to 2,000 pages, the workers cost 1–10% more
 * CPU and up to ~60 MB more peak memory, and gave no wall time that showed through the load (see
 * docs/performance.md, "Pages rendered on workers"). On a machine with more idle cores they may pay:
 * measure there before making them the default.
 */
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
 * How many render workers a build uses when asked for (`force`): one per core (the main thread
 * mostly posts pages and writes files meanwhile), at most 4, as memory allows, at least one.
 */
export function renderWorkers({
  force,
  cores = availableParallelism(),
  free = freemem(),
}: { force?: boolean; cores?: number; free?: number } = {}): number {
  if (!force) return 0;
  return Math.max(1, Math.min(cores, 4, Math.floor(free / WORKER_MEMORY)));
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
