/**
 * Loads the embedded index piece by piece and assembles the MiniSearch index a query runs on: the
 * manifest first, then only the term files a query's words need and the content files of the pages
 * shown. Files are loaded once; one that failed to load is tried again next time.
 */
import MiniSearch from 'minisearch';
import type { QueryPlan } from './plan-query.js';
import { unpackTerm } from './pack-terms.js';
import {
  MANIFEST_FILE,
  SEARCH_FIELDS,
  SEARCH_INDEX_VERSION,
  contentFileName,
  miniSearchOptions,
  termFileName,
  type ContentFile,
  type ContentPage,
  type SearchDocument,
  type SearchManifest,
  type TermFile,
} from './search-index-format.js';

/** Loads one file of the index by name ('index.json', 'terms-0.ab12.json'). */
export type LoadIndexFile = (name: string) => Promise<unknown>;

type Postings = [string, Record<string, Record<string, number>>][];

export interface IndexLoader {
  manifest(): Promise<SearchManifest>;
  /** The MiniSearch index holding every term file loaded so far plus those the plan needs. */
  indexFor(plan: Pick<QueryPlan, 'words'>): Promise<MiniSearch<SearchDocument>>;
  /** Loads every term and content file (a small index, when search opens). */
  loadAll(): Promise<void>;
  /** The page a section belongs to, and the id of a page's first section (manifest loaded). */
  pageOf(section: number): number;
  /** Whether a section is an API field's (a parameter, header or property). */
  isField(section: number): boolean;
  firstSection(page: number): number;
  /** Route, title, type, badge and sections of some pages. */
  pages(pages: readonly number[]): Promise<ContentPage[]>;
}

/** A loader of files, kept by number: a failed load is forgotten so that it is tried again. */
function fileCache<T>(load: (n: number) => Promise<T>) {
  const files = new Map<number, Promise<T>>();
  return {
    get(n: number): Promise<T> {
      let file = files.get(n);
      if (!file) {
        file = load(n);
        file.catch(() => files.delete(n));
        files.set(n, file);
      }
      return file;
    },
    loaded: () => [...files.keys()],
    size: () => files.size,
  };
}

export function createIndexLoader(load: LoadIndexFile): IndexLoader {
  let manifest: Promise<SearchManifest> | undefined;
  let sectionStarts: number[] = [];
  let fieldStarts: number[] = [];
  let current: SearchManifest | undefined;
  const need = () => current ?? Promise.reject(new Error('search manifest not loaded'));
  const getManifest = () =>
    (manifest ??= (load(MANIFEST_FILE) as Promise<SearchManifest>).then((m) => {
      if (m.version !== SEARCH_INDEX_VERSION) throw new Error(`Search index version ${m.version} is not supported`);
      let at = 0;
      sectionStarts = m.sections.map((count) => ((at += count), at - count));
      // A page's field sections are its last ones: they start this many sections before the next page.
      fieldStarts = m.sections.map((count, page) => sectionStarts[page] + count - (m.fieldSections?.[page] ?? 0));
      return (current = m);
    })).catch((error) => {
      manifest = undefined;
      throw error;
    });
  const termFiles = fileCache(async (n) =>
    ((await load(termFileName((await need()).hash, n))) as TermFile).terms.map(unpackTerm),
  );
  const contentFiles = fileCache(async (n) => (await load(contentFileName((await need()).hash, n))) as ContentFile);
  let built: { files: Set<number>; index: MiniSearch<SearchDocument> } | undefined;

  /** Files loaded later are added to the same index rather than rebuilding it. */
  async function indexWith(m: SearchManifest, needed: number[]): Promise<MiniSearch<SearchDocument>> {
    const wanted = [...new Set([...termFiles.loaded(), ...needed])].sort((a, b) => a - b);
    const entries = await Promise.all(wanted.map((n) => termFiles.get(n)));
    built ??= { files: new Set(), index: createIndex(m, []) };
    const missing = wanted.flatMap((n, i) => (built!.files.has(n) ? [] : [entries[i]]));
    if (missing.length === 0) return built.index;
    if (!addPostings(built.index, missing.flat())) built = { files: new Set(), index: createIndex(m, entries.flat()) };
    for (const n of wanted) built.files.add(n);
    return built.index;
  }

  return {
    manifest: getManifest,
    async indexFor(plan) {
      const m = await getManifest();
      return indexWith(m, termFilesFor(m, plan, termFiles.size() === m.termFiles));
    },
    async loadAll() {
      const m = await getManifest();
      const all = (count: number) => Array.from({ length: count }, (_, n) => n);
      await Promise.all([...all(m.termFiles).map(termFiles.get), ...all(m.contentFiles).map(contentFiles.get)]);
      await indexWith(m, []);
    },
    pageOf: (section) => pageOf(sectionStarts, section),
    isField: (section) => section >= fieldStarts[pageOf(sectionStarts, section)],
    firstSection: (page) => sectionStarts[page],
    async pages(pages) {
      const m = await getManifest();
      return Promise.all(
        pages.map(async (page) => {
          const file = await contentFiles.get(Math.floor(page / m.pagesPerContentFile));
          return file.pages[page - file.first];
        }),
      );
    },
  };
}

/** Binary search for the page whose sections start at or before `id`. */
function pageOf(sectionStarts: readonly number[], id: number): number {
  let lo = 0;
  let hi = sectionStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sectionStarts[mid] <= id) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A MiniSearch index of the manifest's documents with the given postings (its serialised form). */
function createIndex(m: SearchManifest, postings: Postings): MiniSearch<SearchDocument> {
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  const width = SEARCH_FIELDS.length;
  for (let id = 0; id < m.documentCount; id++) {
    documentIds[id] = id;
    fieldLength[id] = m.fieldLength.slice(id * width, id * width + width);
  }
  return MiniSearch.loadJS<SearchDocument>(
    {
      documentCount: m.documentCount,
      nextId: m.documentCount,
      documentIds,
      fieldIds: Object.fromEntries(SEARCH_FIELDS.map((field, i) => [field, i])),
      fieldLength,
      averageFieldLength: m.averageFieldLength,
      storedFields: {},
      dirtCount: 0,
      index: postings,
      serializationVersion: 2,
    },
    miniSearchOptions(),
  );
}

/**
 * Adds postings to a loaded index the way MiniSearch.loadJS stores them (term → field id →
 * document id → frequency). MiniSearch has no public call for this; when its internal map is not
 * there (another major version), returns false and the caller rebuilds the index instead.
 */
export function addPostings(index: MiniSearch<SearchDocument>, postings: Postings): boolean {
  const map = (index as unknown as { _index?: { set?: unknown; get?: unknown } })._index;
  if (!map || typeof map.set !== 'function' || typeof map.get !== 'function') return false;
  const terms = map as unknown as Map<string, Map<number, Map<number, number>>>;
  for (const [term, fields] of postings) {
    const data = new Map<number, Map<number, number>>();
    for (const fieldId of Object.keys(fields)) {
      data.set(Number(fieldId), new Map(Object.entries(fields[fieldId]).map(([id, tf]) => [Number(id), tf])));
    }
    terms.set(term, data);
  }
  return true;
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
