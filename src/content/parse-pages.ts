import { availableParallelism } from 'node:os';
import pMap from 'p-map';
import { streamWorker, workerUrl } from '../shared/worker.js';
import { causeOf, errorDiagnostic, type Diagnostic, type DiagnosticCause } from '../diagnostics/diagnostic.js';
import type { DocEntry } from './assign-doc-routes.js';
import { parsePage, withoutRouteReads, type ParsedPage, type ParsePageOptions } from './parse-page.js';
import type { ParseWorkerInput, ParseWorkerMessage } from './parse-worker.js';
import { spilledPage } from './spilled-body.js';

/** Below this many pages, starting workers costs more than it saves. */
export const PARALLEL_THRESHOLD = 150;

/**
 * The most pages one worker parses before it ends and a fresh one takes the next share. A worker's
 * heap grows with the pages it has parsed (V8 keeps collected garbage's room and raises its limit
 * as the worker runs), ~75 MB per 500 pages at first: on a 5,000-page site two workers held over a
 * gigabyte. A fresh worker starts small; starting one costs ~0.3 s, once per 500 pages.
 */
export const PAGES_PER_WORKER = 500;

export type ParseOutcome = {
  entry: DocEntry;
  parsed?: ParsedPage;
  diagnostics: Diagnostic[];
  /** Files other than the page the parse read (an MDX page's imports): what a cached parse depends on. */
  files?: string[];
};

/** A page whose parsing threw (a remark or rehype plugin): DG200 at the page, the exception as its cause. */
function failure(entry: DocEntry, cause: DiagnosticCause, line?: number): ParseOutcome {
  return {
    entry,
    diagnostics: [
      errorDiagnostic('DG200', `Could not render Markdown: ${cause.message}`, {
        file: entry.source.relativePath,
        line,
        cause,
      }),
    ],
  };
}

function parseHere(entries: readonly DocEntry[], options: ParsePageOptions, keepReads: boolean): ParseOutcome[] {
  return entries.map((entry) => {
    try {
      const page = parsePage(entry, options);
      const parsed = keepReads ? page : withoutRouteReads(page);
      return { entry, parsed, diagnostics: parsed.diagnostics };
    } catch (error) {
      return failure(entry, causeOf(error), (error as { line?: number }).line);
    }
  });
}

/**
 * The shares of `count` pages that workers parse, in order: as even as `workers` at a time allow, and
 * none over PAGES_PER_WORKER (each share has a worker of its own; `workers` run at a time).
 */
export function workerShares(count: number, workers: number): { start: number; end: number }[] {
  const size = Math.max(1, Math.ceil(count / Math.max(workers, Math.ceil(count / PAGES_PER_WORKER))));
  return Array.from({ length: Math.ceil(count / size) }, (_, i) => ({
    start: i * size,
    end: Math.min(count, (i + 1) * size),
  }));
}

/** A page as a worker sent it: its body (and text) read back from the scratch file the worker wrote it to, its twin from its own. */
function received({
  bodyFile,
  twinFile,
  ...parsed
}: ParsedPage & { bodyFile?: string; twinFile?: string }): ParsedPage {
  return bodyFile ? { ...parsed, page: spilledPage(parsed.page, bodyFile, twinFile) } : parsed;
}

/**
 * Empties the Markdown of an entry a worker has taken: the main thread held every page's source
 * (~11 KB a page on the bench content) until the last share was parsed. Only for entries nobody
 * reads again (a build without the build cache, whose content cache keeps the split sources).
 */
function releaseSource(entry: DocEntry): void {
  entry.source.text = '';
  entry.body = '';
}

/**
 * Parses pages in order. Markdown parsing is CPU-bound (micromark), so large sites are split over
 * worker threads, one per core; results keep the input order, so output stays deterministic.
 * With `scratchDir`, the workers write each page's body HTML there and the pages read it back
 * when asked (`spilled-body.ts`): memory no longer grows with every page's HTML. Sites below
 * PARALLEL_THRESHOLD are parsed here and keep their bodies in memory. With `release` (no build
 * cache), each entry's Markdown is emptied once its worker has it (`releaseSource`): the caller must
 * not read it again; and the route queries each parse made are not kept (`withoutRouteReads`).
 */
export async function parsePages(
  entries: readonly DocEntry[],
  options: ParsePageOptions,
  { scratchDir, release = false }: { scratchDir?: string; release?: boolean } = {},
): Promise<ParseOutcome[]> {
  const url = workerUrl('parse-worker', import.meta.url);
  const workers = Math.min(availableParallelism(), 4);
  if (!url || workers < 2 || entries.length < PARALLEL_THRESHOLD) return parseHere(entries, options, !release);
  const shares = workerShares(entries.length, workers);
  const docRoutes = [...options.docRoutes];
  const parseShare = async ({ start, end }: { start: number; end: number }) => {
    const share = entries.slice(start, end);
    const input: ParseWorkerInput = {
      entries: share,
      docRoutes,
      baseUrl: options.baseUrl,
      math: Boolean(options.mathProcessor),
      scratchDir,
      offset: start,
      keepReads: !release,
    };
    const parsing = streamWorker<ParseWorkerMessage>(url, input, (message) => message.done);
    // The worker has its copy of the share (workerData is copied when it starts).
    if (release) for (const entry of share) releaseSource(entry);
    const parts = await parsing;
    return parts
      .flatMap((part) => part.results)
      .map((result, i): ParseOutcome =>
        'error' in result
          ? failure(share[i], result.error, result.line)
          : { entry: share[i], parsed: received(result), diagnostics: result.diagnostics },
      );
  };
  // One worker per core at a time, each share in a worker of its own.
  const results = await pMap(shares, parseShare, { concurrency: workers });
  return results.flat();
}
