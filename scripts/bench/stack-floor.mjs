// The least time the chosen Markdown stack itself needs for a site's Markdown, with no docsgen
// code at all: how far a build's time is docsgen's and how far it is the libraries'.
//
//   node scripts/bench/stack-floor.mjs DIR   (one fresh process; prints one JSON line)
//
// Every Markdown file under DIR through remark-parse + remark-gfm + remark-directive (the
// tokenizer, micromark, and the mdast tree), then remark-rehype + rehype-stringify (HTML), timed
// apart. One thread, and cold like a build's: a build spreads the parse over the cores, so the
// Markdown alone needs at least `(parseCpuS + toHtmlCpuS) / cores` of wall time (the floor).
//
// Then the same work for real on one worker thread per core, each given an equal share of the pages
// (`onWorkersWallS`, from the first worker's start to the last one's end): what the floor costs once
// several threads run it at once (each JIT starts cold, heaps and collectors share the cores), the
// most a build that parses on workers can come to.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import fg from 'fast-glob';
import matter from 'gray-matter';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
const toHtml = unified().use(remarkRehype).use(rehypeStringify);

/** Page by page, as a build does, so no more trees are alive at once than a build keeps. */
function markdownToHtml(sources) {
  let parseMs = 0;
  let toHtmlMs = 0;
  for (const text of sources) {
    const t0 = performance.now();
    const tree = parser.parse(text);
    const t1 = performance.now();
    toHtml.stringify(toHtml.runSync(tree));
    parseMs += t1 - t0;
    toHtmlMs += performance.now() - t1;
  }
  return { parseMs, toHtmlMs };
}

const read = (files) => files.map((file) => matter(readFileSync(file, 'utf8')).content);

/** The same work on one worker per core, each reading and converting its share: wall seconds, all of it. */
async function onWorkers(files, cores) {
  const started = performance.now();
  const shares = Array.from({ length: cores }, (_, n) => files.filter((_, i) => i % cores === n));
  await Promise.all(
    shares.map(
      (share) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: share });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  return (performance.now() - started) / 1000;
}

if (!isMainThread) {
  markdownToHtml(read(workerData));
  parentPort.postMessage('done');
} else {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: stack-floor.mjs DIR');
  const files = fg.sync('**/*.{md,mdx}', { cwd: dir, absolute: true }).sort();
  const sources = read(files);
  const bytes = sources.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  const { parseMs, toHtmlMs } = markdownToHtml(sources);
  const cores = availableParallelism();
  const onWorkersWallS = await onWorkers(files, cores);
  const seconds = (ms) => Math.round(ms) / 1000;
  console.log(
    JSON.stringify({
      files: sources.length,
      markdownMB: Math.round(bytes / 10_000) / 100,
      parseCpuS: seconds(parseMs),
      parseMBPerS: Math.round((bytes / 1e6 / (parseMs / 1000)) * 100) / 100,
      toHtmlCpuS: seconds(toHtmlMs),
      cores,
      // The Markdown alone, perfectly spread over every core: no start-up, API, highlighting, render, search or writing.
      markdownWallFloorS: seconds((parseMs + toHtmlMs) / cores),
      onWorkersWallS: seconds(onWorkersWallS * 1000),
    }),
  );
}
