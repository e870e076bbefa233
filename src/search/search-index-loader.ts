/**
 * Loads the embedded index piece by piece and assembles the term index a query runs on: the
 * manifest first, then only the term files a query's words need and the content files of the pages
 * shown. Files are loaded once; one that failed to load is tried again next time.
 */
import type { QueryPlan } from './plan-query.js';
import type { PageLayout } from './rank-results.js';
import type { SectionStats } from './score-sections.js';
import { createTermIndex, type TermIndex } from './term-index.js';
import {
  MANIFEST_FILE,
  SEARCH_INDEX_VERSION,
  contentFileName,
  pageListName,
  termFileName,
  type ContentFile,
  type ContentPage,
  type ListedPage,
  type PageListFile,
  type PackedTerm,
  type SearchManifest,
  type TermFile,
} from './search-index-format.js';

/** How to load a file: 'low' priority for one fetched ahead of need (it must not delay the files a search waits for). */
export interface LoadOptions {
  priority?: 'low';
}

/** Loads one file of the index by name ('index.json', 'terms-0.ab12.json'). */
export type LoadIndexFile = (name: string, options?: LoadOptions) => Promise<unknown>;

export interface IndexLoader {
  manifest(): Promise<SearchManifest>;
  /** The term index holding every term file loaded so far plus those the plan needs. */
  indexFor(plan: Pick<QueryPlan, 'words'>): Promise<TermIndex>;
  /** Loads every term and content file (a small index, when search opens). */
  loadAll(): Promise<void>;
  /** What BM25 needs of every section, and which page each section is on (manifest loaded). */
  stats(): SectionStats;
  layout(): PageLayout;
  /** Route, title, type, badge and sections of some pages. */
  pages(pages: readonly number[]): Promise<ContentPage[]>;
  /** A page's content if its content file has arrived already (no waiting), else undefined. */
  loadedPage(page: number): ContentPage | undefined;
  /** Every page's route, title, type, badge and API label, when the index has a page list (loaded once). */
  pageList(): Promise<ListedPage[] | undefined>;
}

/**
 * A loader of files, kept by number: a failed load is forgotten so that it is tried again. Files
 * that have arrived can also be read at once (`loaded`).
 */
function fileCache<T>(load: (n: number, options?: LoadOptions) => Promise<T>) {
  const files = new Map<number, Promise<T>>();
  const arrived = new Map<number, T>();
  return {
    get(n: number, options?: LoadOptions): Promise<T> {
      let file = files.get(n);
      if (!file) {
        file = load(n, options);
        file.then(
          (value) => arrived.set(n, value),
          () => files.delete(n),
        );
        files.set(n, file);
      }
      return file;
    },
    loaded: (n: number): T | undefined => arrived.get(n),
  };
}

/**
 * The term files and the term index made of them. Files are added to the index in the order
 * queries ask for them, whether or not they were fetched ahead: the index then holds the same
 * terms in the same order as without prefetching (the order of a prefix's terms is the order
 * their scores are summed in, so results stay the same to the last bit).
 */
function createTermFiles(load: (n: number, options?: LoadOptions) => Promise<PackedTerm[]>) {
  const files = fileCache(load);
  const index = createTermIndex();
  const requested = new Set<number>();
  const added = new Set<number>();
  /** Files fetched ahead and not yet asked for: a failed one is fetched again when a query needs it. */
  const ahead = new Set<number>();
  const file = (n: number) =>
    files.get(n).catch((error: unknown) => {
      if (ahead.delete(n)) return files.get(n);
      // A file that failed to load is asked for again only by a query that needs it.
      requested.delete(n);
      throw error;
    });
  return {
    requested: () => requested.size,
    /** Adds the files asked for so far plus the needed ones to the index, in file order (as MiniSearch.loadJS would). */
    async indexWith(needed: number[]): Promise<TermIndex> {
      for (const n of needed) requested.add(n);
      const wanted = [...requested].sort((a, b) => a - b);
      const entries = await Promise.all(wanted.map(file));
      wanted.forEach((n, i) => {
        if (added.has(n)) return;
        added.add(n);
        index.add(entries[i]);
      });
      return index;
    },
    /** Fetches files without waiting for them (low priority: they must not delay the files a search waits for). */
    prefetch(numbers: number[]) {
      for (const n of numbers) {
        if (requested.has(n) || ahead.has(n)) continue;
        ahead.add(n);
        files.get(n, { priority: 'low' }).catch(() => undefined);
      }
    },
  };
}

export function createIndexLoader(load: LoadIndexFile): IndexLoader {
  let manifest: Promise<SearchManifest> | undefined;
  let current: { manifest: SearchManifest; stats: SectionStats; layout: PageLayout } | undefined;
  const need = () => current?.manifest ?? Promise.reject(new Error('search manifest not loaded'));
  const getManifest = () =>
    (manifest ??= (load(MANIFEST_FILE) as Promise<SearchManifest>).then((m) => {
      if (m.version !== SEARCH_INDEX_VERSION) throw new Error(`Search index version ${m.version} is not supported`);
      current = { manifest: m, ...sectionsOf(m) };
      return m;
    })).catch((error) => {
      manifest = undefined;
      throw error;
    });
  const terms = createTermFiles(
    async (n, options) => ((await load(termFileName(await need(), n), options)) as TermFile).terms,
  );
  const contentFiles = fileCache(async (n) => (await load(contentFileName(await need(), n))) as ContentFile);
  // One file, kept as the content files are: `fileCache` under the number 0.
  const pageList = fileCache(async () => {
    const m = await getManifest();
    return m.pageListVersion ? ((await load(pageListName(m))) as PageListFile).pages : undefined;
  });

  return {
    manifest: getManifest,
    async indexFor(plan) {
      const m = await getManifest();
      const complete = terms.requested() === m.termFiles;
      if (!complete) terms.prefetch(prefetchFilesFor(m, plan));
      return terms.indexWith(termFilesFor(m, plan, complete));
    },
    async loadAll() {
      const m = await getManifest();
      const all = (count: number) => Array.from({ length: count }, (_, n) => n);
      await Promise.all([...all(m.contentFiles).map((n) => contentFiles.get(n)), terms.indexWith(all(m.termFiles))]);
    },
    stats: () => current!.stats,
    layout: () => current!.layout,
    async pages(pages) {
      const m = await getManifest();
      return Promise.all(
        pages.map(async (page) => {
          const file = await contentFiles.get(Math.floor(page / m.pagesPerContentFile));
          return file.pages[page - file.first];
        }),
      );
    },
    loadedPage(page) {
      const file = current && contentFiles.loaded(Math.floor(page / current.manifest.pagesPerContentFile));
      return file?.pages[page - file.first];
    },
    pageList: () => pageList.get(0),
  };
}

/** Which page each section is on, where each page's sections start, and which sections are API fields'. */
function sectionsOf(m: SearchManifest): { stats: SectionStats; layout: PageLayout } {
  const pageOf = new Int32Array(m.documentCount);
  const fieldSection = new Uint8Array(m.documentCount);
  const firstSection: number[] = [];
  let at = 0;
  m.sections.forEach((count, page) => {
    firstSection.push(at);
    pageOf.fill(page, at, at + count);
    // A page's field sections are its last ones.
    fieldSection.fill(1, at + count - (m.fieldSections?.[page] ?? 0), at + count);
    at += count;
  });
  const stats = {
    documentCount: m.documentCount,
    fieldLength: m.fieldLength,
    averageFieldLength: m.averageFieldLength,
    ...(m.fieldSections ? { fieldSection } : {}),
  };
  return { stats, layout: { pageOf, firstSection } };
}

/**
 * The term files holding a plan's terms: each term's own file and, for a prefix, every file
 * under it — unless the prefix is shorter than three characters and the index is not all in
 * memory (on a large site 'ga*' would mean downloading a large share of the index).
 */
export function termFilesFor(m: SearchManifest, plan: Pick<QueryPlan, 'words'>, complete = false): number[] {
  const files = new Set<number>();
  for (const word of plan.words) {
    for (const { term, prefix: wantsPrefix } of word.lookups) {
      const prefix = wantsPrefix && (complete || term.length >= 3);
      let own = -1;
      m.termKeys.forEach((key, k) => {
        if (term.startsWith(key) && (own < 0 || key.length > m.termKeys[own].length)) own = k;
        if (prefix && key.startsWith(term)) files.add(m.termFileOf[k]);
      });
      if (own >= 0) files.add(m.termFileOf[own]);
    }
  }
  return [...files].sort((a, b) => a - b);
}

/** Term files are fetched ahead for a two-letter word only when its prefix spans at most this many. */
export const PREFETCH_FILES = 8;

/**
 * The term files to fetch ahead of the reader's next letter: while a word is typed, its first two
 * letters load no files beyond the word's own (a two-letter prefix can span much of the index), and
 * its third letter then waits for the files under its prefix. Fetching the files under the
 * two-letter prefix while the reader types the third letter takes that wait off the keystroke,
 * when there are few of them ('cu': one file; 're': 21 on a 10,000-page site, not fetched).
 */
export function prefetchFilesFor(m: SearchManifest, plan: Pick<QueryPlan, 'words'>): number[] {
  const typed = plan.words.flatMap((word) => word.lookups.filter((l) => l.prefix && l.term.length === 2));
  if (typed.length === 0) return [];
  const files = termFilesFor(m, { words: typed.map((lookup) => ({ lookups: [lookup] })) }, true);
  return files.length <= PREFETCH_FILES * typed.length ? files : [];
}
