// `npm run bench` (or `node scripts/bench-search.mjs`): the embedded search index.
// - Its size (files, bytes, gzip bytes) for the real site and for a generated 10,000-page site.
// - What the first search downloads: the index files a reader's first query fetches, typed one
//   character at a time in the modal (gzip bytes, as a server with compression sends them).
// - The time to the first result: in Chromium on the real site (from the input event to the first
//   hit on screen, index preloaded by hovering the button), and in Node for both sites.
// - Each keystroke on the 10,000-page site in Chromium: the real site's pages with the generated
//   index in search/, each query typed a character at a time into the modal (opened once search is
//   ready after a hover), timed from the input event to two moments: that keystroke's result list
//   on screen (titles, types and links: on a large index shown before the content files arrive),
//   and its snippets complete (no row left pending). The next character is typed once both are; on
//   a build that shows no list before its snippets the two are the same moment.
// Figures are wall times on this machine, printed with its load average.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { register } from 'tsx/esm/api';

register();
const repo = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'docsgen-bench-search-'));
const PAGES = Number(process.env.BENCH_SEARCH_PAGES ?? 10_000);
const QUERIES = [
  'gateway rewards',
  'pagination cursor',
  'how do I authenticate',
  'min_time',
  'speedtest averages',
  'hex coverage',
  'rewards of one hotspot for 30 days',
];
const GROUPS_SHOWN = 8; // as the modal (src/client/search/search-modal.tsx)

const { createSearchEngine } = await import('../src/search/search-engine.ts');
const { buildSearchIndex } = await import('../src/search/build-search-index.ts');

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function listFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, String(name)))
    .filter((path) => statSync(path).isFile());
}

/** Sizes of an index directory (search/ of a build), by kind of file. */
function indexSizes(searchDir) {
  const rows = { manifest: [0, 0, 0], 'page list': [0, 0, 0], terms: [0, 0, 0], content: [0, 0, 0] };
  const gz = new Map();
  for (const path of listFiles(searchDir)) {
    if (!path.endsWith('.json')) continue;
    const name = relative(searchDir, path).split('\\').join('/');
    const raw = readFileSync(path);
    const zipped = gzipSync(raw).length;
    gz.set(name, zipped);
    const kind =
      name === 'index.json'
        ? 'manifest'
        : name.startsWith('pages.')
          ? 'page list'
          : name.startsWith('terms-')
            ? 'terms'
            : 'content';
    rows[kind][0] += 1;
    rows[kind][1] += raw.length;
    rows[kind][2] += zipped;
  }
  return { rows, gz };
}

function printSizes(label, { rows }) {
  const total = Object.values(rows).reduce(
    (sum, [n, raw, zipped]) => [sum[0] + n, sum[1] + raw, sum[2] + zipped],
    [0, 0, 0],
  );
  console.log(`\n#### ${label}\n`);
  console.log('| files | count | bytes | gzip |');
  console.log('|---|---:|---:|---:|');
  for (const [kind, [n, raw, zipped]] of Object.entries(rows))
    console.log(`| ${kind} | ${n} | ${kb(raw)} | ${kb(zipped)} |`);
  console.log(`| **total** | ${total[0]} | ${kb(total[1])} | ${kb(total[2])} |`);
}

/** Types each query one character at a time, as the modal searches; what it downloads and how long each keystroke takes. */
async function firstSearches(searchDir, gz) {
  const rows = [];
  for (const query of QUERIES) {
    let bytes = 0;
    let files = 0;
    const engine = createSearchEngine(async (name) => {
      bytes += gz.get(name);
      files += 1;
      return JSON.parse(readFileSync(join(searchDir, name), 'utf8'));
    });
    const started = performance.now();
    await engine.ready();
    const readyMs = performance.now() - started;
    const keystrokes = [];
    let firstResultMs;
    for (let i = 1; i <= query.length; i++) {
      const t = performance.now();
      const outcome = await engine.search(query.slice(0, i));
      await engine.loadSnippets(outcome.top(GROUPS_SHOWN), { hitsPerGroup: 3 });
      const ms = performance.now() - t;
      keystrokes.push(ms);
      if (firstResultMs === undefined && outcome.total) firstResultMs = readyMs + keystrokes.reduce((a, b) => a + b, 0);
    }
    rows.push({ query, bytes, files, readyMs, keystrokes, last: keystrokes[keystrokes.length - 1] });
  }
  console.log(
    '\n| first query (typed) | downloaded (gzip) | files | open (index load) | per keystroke, median / max | last keystroke |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.query} | ${kb(r.bytes)} | ${r.files} | ${r.readyMs.toFixed(0)} ms | ${median(r.keystrokes).toFixed(0)} / ${Math.max(...r.keystrokes).toFixed(0)} ms | ${r.last.toFixed(0)} ms |`,
    );
  return rows;
}

/** Time from the input event to the first hit on screen, in Chromium, on the built real site. */
async function browserFirstResult(buildDir) {
  const { CHROMIUM, launchBrowser, serveDirectory } = await import('../test/helpers/browser.ts');
  if (!existsSync(CHROMIUM)) return undefined;
  const server = await serveDirectory(buildDir);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/guides/usage`);
    await page.waitForSelector('[data-island="ColorModeToggle"][data-hydrated]', { timeout: 15_000 });
    await page.waitForTimeout(500);
    const resources = () =>
      page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    const before = new Set(await resources());
    await page.hover('[data-search-button]');
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((e) => /\/search\/content-\d+\.[\w-]+\.json$/.test(e.name)),
    );
    const timings = [];
    for (const query of ['cbsd_id', ...QUERIES]) {
      await page.keyboard.press('Control+k');
      await page.waitForSelector('[data-search-input]');
      await page.waitForTimeout(50);
      timings.push(
        await page.evaluate(
          (q) =>
            new Promise((done) => {
              const field = document.querySelector('[data-search-input]');
              const body = document.querySelector('.search-modal__body');
              let start = 0;
              field.addEventListener('input', () => (start ||= performance.now()), { capture: true, once: true });
              new MutationObserver((_, observer) => {
                if (start && body.querySelector('[data-search-hit]')) {
                  observer.disconnect();
                  done(performance.now() - start);
                }
              }).observe(body, { childList: true, subtree: true });
              field.focus();
              document.execCommand('insertText', false, q);
            }),
          query,
        ),
      );
      await page.keyboard.press('Escape');
    }
    const searchJs = (await resources()).filter((p) => !before.has(p) && p.endsWith('.js'));
    return { timings, searchJs };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** The modal shows the results of `query` (its 'See all' link, or the no-results screen, names it). */
function shownFor(query) {
  const modal = document.querySelector('[data-search-modal]');
  const seeAll = modal?.querySelector('[data-search-see-all]');
  if (seeAll) return new URL(seeAll.href).searchParams.get('q') === query;
  return modal?.querySelector('[role="status"]')?.textContent === `No results found for ${query}`;
}

/**
 * Types one character into the modal; ms from its input event to its query's result list on screen,
 * and to its snippets complete (no hit left `data-search-pending`), as [list, complete].
 */
function typeAndWait([character, query, shownForSource]) {
  const shown = new Function(`return (${shownForSource})`)();
  return new Promise((done) => {
    const field = document.querySelector('[data-search-input]');
    let start = 0;
    let listed = 0;
    field.addEventListener('input', () => (start = performance.now()), { capture: true, once: true });
    const check = () => {
      if (!start || !shown(query)) return;
      listed ||= performance.now();
      if (document.querySelector('[data-search-modal] [data-search-pending]')) return;
      observer.disconnect();
      done([listed - start, performance.now() - start]);
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    field.focus();
    document.execCommand('insertText', false, character);
    check();
  });
}

/**
 * Chromium on a site whose search/ holds the generated index: each query typed a character at a
 * time into a freshly loaded page's modal (its first keystrokes download what they need, over
 * HTTP on 127.0.0.1). A keystroke that leaves the trimmed query as it was (a space) starts no
 * search and is not timed.
 */
async function browserKeystrokes(siteDir) {
  const { CHROMIUM, launchBrowser, serveDirectory } = await import('../test/helpers/browser.ts');
  if (!existsSync(CHROMIUM)) return undefined;
  const server = await serveDirectory(siteDir);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const rows = [];
    for (const query of QUERIES) {
      await page.goto(`${server.url}/guides/usage`);
      await page.waitForSelector('[data-island="ColorModeToggle"][data-hydrated]', { timeout: 15_000 });
      // As a reader's hover before the click: search is ready (manifest loaded, engine warmed up)
      // when it marks 'docsgen-search-ready' (builds older than the mark: after 5 s).
      await page.hover('[data-search-button]');
      await page
        .waitForFunction(() => performance.getEntriesByName('docsgen-search-ready').length > 0, undefined, {
          timeout: 5_000,
        })
        .catch(() => undefined);
      await page.keyboard.press('Control+k');
      await page.waitForSelector('[data-search-input]');
      // The page's main thread's CPU time (thread ticks): what a keystroke costs whatever the machine's load.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
      const threadTime = async () =>
        (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime').value * 1000;
      const keystrokes = [];
      const complete = [];
      const cpu = [];
      for (let i = 1; i <= query.length; i++) {
        const typed = query.slice(0, i);
        if (typed.trim() === query.slice(0, i - 1).trim()) {
          await page.evaluate((c) => document.execCommand('insertText', false, c), query[i - 1]);
          continue;
        }
        const before = await threadTime();
        const [listMs, completeMs] = await page.evaluate(typeAndWait, [
          query[i - 1],
          typed.trim(),
          shownFor.toString(),
        ]);
        keystrokes.push(listMs);
        complete.push(completeMs);
        cpu.push((await threadTime()) - before);
      }
      await cdp.detach();
      rows.push({ query, keystrokes, complete, cpu });
    }
    return rows;
  } finally {
    await browser.close();
    await server.close();
  }
}

const [l1, l5] = loadavg();
console.log(`### Search index (${availableParallelism()} CPUs, load average ${l1.toFixed(1)} / ${l5.toFixed(1)})`);

// The real site, built by the CLI.
if (!existsSync(join(repo, 'dist/cli.js')))
  spawnSync(process.execPath, ['scripts/compile-cli.mjs'], { cwd: repo, stdio: 'inherit' });
const realOut = join(work, 'real');
const build = spawnSync(process.execPath, [join(repo, 'bin/docsgen.js'), 'build', '--out', realOut], {
  cwd: repo,
  encoding: 'utf8',
});
if (build.status !== 0) {
  console.error(`docsgen build failed:\n${build.stdout}\n${build.stderr}`);
  process.exit(1);
}
const real = indexSizes(join(realOut, 'search'));
const realManifest = JSON.parse(readFileSync(join(realOut, 'search/index.json'), 'utf8'));
printSizes(
  `Real site: ${realManifest.sections.length} pages, ${realManifest.documentCount} sections (loaded whole when search opens)`,
  real,
);
await firstSearches(join(realOut, 'search'), real.gz);
const browserRun = await browserFirstResult(realOut).catch((error) => {
  console.log(`\n(browser measurement skipped: ${error.message})`);
  return undefined;
});
if (browserRun) {
  const js = browserRun.searchJs.reduce((sum, path) => sum + gzipSync(readFileSync(join(realOut, path))).length, 0);
  console.log(
    `\nChromium, real site, input event → first hit on screen (index preloaded on hover): median ${median(browserRun.timings).toFixed(1)} ms, target 100 ms (${browserRun.timings.map((t) => t.toFixed(0)).join(', ')} ms).`,
  );
  console.log(
    `Search code loaded on first use: ${kb(js)} gzip in ${browserRun.searchJs.length} files (the modal and the query engine; React is already there for the page's islands).`,
  );
}

// A generated 10,000-page site, indexed in-process, its sentences taken from the real site's text.
const { generateSearchSite } = await import('../test/search/fixtures/generate-search-site.ts');
const corpus = listFiles(join(realOut, 'search'))
  .filter((path) => path.includes('content-'))
  .flatMap((path) =>
    JSON.parse(readFileSync(path, 'utf8')).pages.flatMap((page) =>
      page[4].flatMap((section) => section[2].split(/(?<=\.)\s+/)),
    ),
  )
  .filter((s) => s.length > 30 && s.length < 300);
const pages = generateSearchSite({ pages: PAGES, corpus });
const html = pages.reduce((sum, p) => sum + p.body.html.length, 0);
let started = performance.now();
const index = buildSearchIndex(pages);
const buildMs = performance.now() - started;
const bigDir = join(work, 'generated', 'search');
for (const file of index.files) {
  const path = join(work, 'generated', file.path);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, file.contents);
}
const big = indexSizes(bigDir);
printSizes(
  `Generated site: ${PAGES.toLocaleString('en')} pages (${(html / 1e6).toFixed(0)} MB of HTML), ${index.manifest.documentCount.toLocaleString('en')} sections; index built in ${(buildMs / 1000).toFixed(1)} s`,
  big,
);
const rows = await firstSearches(bigDir, big.gz);
const worst = Math.max(...rows.map((r) => r.bytes));
console.log(
  `\nFirst search on the ${PAGES.toLocaleString('en')}-page site: at most ${kb(worst)} gzip of index (${worst < 1024 * 1024 ? 'under' : 'OVER'} the 1 MB budget).`,
);

// The same index in Chromium: the real site's pages, the generated index in search/.
const xlSite = join(work, 'xl-site');
cpSync(realOut, xlSite, { recursive: true });
rmSync(join(xlSite, 'search'), { recursive: true, force: true });
cpSync(bigDir, join(xlSite, 'search'), { recursive: true });
const typed = await browserKeystrokes(xlSite).catch((error) => {
  console.log(`\n(browser measurement skipped: ${error.message})`);
  return undefined;
});
if (typed) {
  console.log(
    `\nChromium, ${PAGES.toLocaleString('en')}-page index, each query typed a character at a time into the modal: input event → that keystroke's result list on screen (titles, types, links; target 50 ms), and → its snippets complete (the same moment when the list waits for them).\n`,
  );
  console.log(
    '| query | keystrokes timed | list on screen, median / max | first keystroke (downloads) | snippets complete, median / max | main-thread CPU a keystroke, median / max |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  const ms = (values) => `${median(values).toFixed(0)} / ${Math.max(...values).toFixed(0)} ms`;
  for (const { query, keystrokes, complete, cpu } of typed)
    console.log(
      `| ${query} | ${keystrokes.length} | ${ms(keystrokes)} | ${keystrokes[0].toFixed(0)} ms | ${ms(complete)} | ${ms(cpu)} |`,
    );
  const summary = (values) =>
    `median ${median(values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms; ${values.filter((v) => v >= 50).length} at 50 ms or more`;
  const all = typed.flatMap((r) => r.keystrokes);
  console.log(
    `\nAll ${all.length} keystrokes (wall time, at the load average above). List on screen: ${summary(all)}. Snippets complete: ${summary(typed.flatMap((r) => r.complete))}. Main-thread CPU: ${summary(typed.flatMap((r) => r.cpu))}.`,
  );
}
rmSync(work, { recursive: true, force: true });
