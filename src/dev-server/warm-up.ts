import type { BuildCache } from '../build-cache/build-cache.js';
import { createMarkdownProcessor } from '../content/markdown-processor.js';
import { parsePage } from '../content/parse-page.js';

/**
 * After a start from the saved cache nothing has been parsed, so V8 has not compiled the
 * Markdown parser yet and the first save would take several times longer than the next ones.
 * This parses a few cached pages again once the first page has been served, one per turn of the
 * event loop, and discards the results (the cache is not touched).
 */
export function warmUpMarkdown(cache: BuildCache, baseUrl: string, count = 4): void {
  const processor = createMarkdownProcessor({ trusted: true });
  // Ids and routes do not matter here: the pages are parsed only to compile the parser's code.
  const entries = [...cache.content.splits.results.values()]
    .slice(0, count)
    .flatMap(({ value: { value: split } }) =>
      split ? [{ ...split, id: split.source.contentPath, route: `/${split.source.contentPath}` }] : [],
    );
  const next = () => {
    const entry = entries.shift();
    if (!entry) return;
    try {
      parsePage(entry, {
        processor,
        highlighter: cache.highlighter,
        docRoutes: new Map(),
        baseUrl,
        assetUrl: (path) => path,
      });
    } catch {
      // Only a warm-up: a page that fails is reported by the builds.
    }
    setTimeout(next, 0).unref();
  };
  setTimeout(next, 0).unref();
}
