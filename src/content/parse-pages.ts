import { availableParallelism } from 'node:os';
import { streamWorker, workerUrl } from '../shared/worker.js';
import { causeOf, errorDiagnostic, type Diagnostic, type DiagnosticCause } from '../diagnostics/diagnostic.js';
import type { DocEntry } from './assign-doc-routes.js';
import { parsePage, type ParsedPage, type ParsePageOptions } from './parse-page.js';
import type { ParseWorkerInput, ParseWorkerMessage } from './parse-worker.js';
import { spilledPage } from './spilled-body.js';

/** Below this many pages, starting workers costs more than it saves. */
export const PARALLEL_THRESHOLD = 150;

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

function parseHere(entries: readonly DocEntry[], options: ParsePageOptions): ParseOutcome[] {
  return entries.map((entry) => {
    try {
      const parsed = parsePage(entry, options);
      return { entry, parsed, diagnostics: parsed.diagnostics };
    } catch (error) {
      return failure(entry, causeOf(error), (error as { line?: number }).line);
    }
  });
}

/** A page as a worker sent it: its body (and text) read back from the scratch file the worker wrote it to. */
function received({ bodyFile, ...parsed }: ParsedPage & { bodyFile?: string }): ParsedPage {
  return bodyFile ? { ...parsed, page: spilledPage(parsed.page, bodyFile) } : parsed;
}

/**
 * Parses pages in order. Markdown parsing is CPU-bound (micromark), so large sites are split over
 * worker threads, one per core; results keep the input order, so output stays deterministic.
 * With `scratchDir`, the workers write each page's body HTML there and the pages read it back
 * when asked (`spilled-body.ts`): memory no longer grows with every page's HTML. Sites below
 * PARALLEL_THRESHOLD are parsed here and keep their bodies in memory.
 */
export async function parsePages(
  entries: readonly DocEntry[],
  options: ParsePageOptions,
  { scratchDir }: { scratchDir?: string } = {},
): Promise<ParseOutcome[]> {
  const url = workerUrl('parse-worker', import.meta.url);
  const workers = Math.min(availableParallelism(), 4);
  if (!url || workers < 2 || entries.length < PARALLEL_THRESHOLD) return parseHere(entries, options);
  const size = Math.ceil(entries.length / workers);
  const shares = Array.from({ length: workers }, (_, i) => entries.slice(i * size, (i + 1) * size)).filter(
    (share) => share.length,
  );
  const docRoutes = [...options.docRoutes];
  const results = await Promise.all(
    shares.map(async (share, i) => {
      const input: ParseWorkerInput = {
        entries: share,
        docRoutes,
        baseUrl: options.baseUrl,
        math: Boolean(options.mathProcessor),
        scratchDir,
        offset: i * size,
      };
      const parts = await streamWorker<ParseWorkerMessage>(url, input, (message) => message.done);
      return parts
        .flatMap((part) => part.results)
        .map((result, i): ParseOutcome =>
          'error' in result
            ? failure(share[i], result.error, result.line)
            : { entry: share[i], parsed: received(result), diagnostics: result.diagnostics },
        );
    }),
  );
  return results.flat();
}
