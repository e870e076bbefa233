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
  const entries = [...cache.content.pages].slice(0, count).flatMap(([path, cached]) => {
    const split = cache.content.splits.get(path)?.value;
    return split ? [{ ...split, id: cached.parsed.page.id, route: cached.parsed.page.route }] : [];
  });
  const next = () => {
    const entry = entries.shift();
    if (!entry) return;
    try {
      parsePage(entry, {
        processor,
        highlighter: cache.highlighter,
        docRoutes: cache.content.docRoutes,
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
