/**
 * Queries the embedded index. Shared by the browser (which loads files with fetch) and the
 * relevance tests (which read them from disk): it loads the manifest, then only the term files a
 * query needs and the content files of the results it describes, and hands scoring to MiniSearch.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import { planQuery, toMiniSearchQuery, type QueryPlan } from './plan-query.js';
import { unpackTerm } from './pack-terms.js';
import { snippet, highlight, type TextPart } from './snippet.js';
import {
  MANIFEST_FILE,
  SEARCH_FIELDS,
  SEARCH_INDEX_VERSION,
  EAGER_LOAD_BYTES,
  contentFileName,
  miniSearchOptions,
  termFileName,
  type ContentFile,
  type ContentPage,
  type SearchDocument,
  type SearchManifest,
  type TermFile,
} from './search-index-format.js';
import type { SearchPageType } from './build-search-pages.js';

/** Loads one file of the index by name ('index.json', 'terms-0.ab12.json'). */
export type LoadIndexFile = (name: string) => Promise<unknown>;

export interface RankedSection {
  id: number;
  score: number;
  /** Index terms that matched (for highlighting). */
  terms: string[];
}

export interface RankedGroup {
  page: number;
  score: number;
  sections: RankedSection[];
}

export interface SearchOutcome {
  query: string;
  /** Result groups (one per page), best first. */
  groups: RankedGroup[];
  /** 'AND': the pages matching every word; 'OR': none does, so the pages matching any word. */
  mode: 'AND' | 'OR';
}

export interface SearchHit {
  /** Route plus '#anchor' (no baseUrl). */
  route: string;
  /** Heading of the matched section, '' for the top of the page. */
  heading: TextPart[];
  snippet: TextPart[];
}

export interface SearchGroup {
  route: string;
  title: TextPart[];
  titleText: string;
  type: SearchPageType;
  badge?: string;
  hits: SearchHit[];
}

export interface SearchEngine {
  /** Loads the manifest (and the whole index when it is small). */
  ready(): Promise<void>;
  search(query: string): Promise<SearchOutcome>;
  /** Headings and snippets of some groups (loads their content files). */
  describe(
    groups: readonly RankedGroup[],
    options?: { hitsPerGroup?: number; snippetLength?: number },
  ): Promise<SearchGroup[]>;
  /** Queries to offer when a search finds nothing. */
  suggest(query: string): Promise<string[]>;
}

export function createSearchEngine(load: LoadIndexFile): SearchEngine {
  let manifest: Promise<SearchManifest> | undefined;
  let sectionStarts: number[] = [];
  const termFiles = new Map<number, Promise<[string, Record<string, Record<string, number>>][]>>();
  const contentFiles = new Map<number, Promise<ContentFile>>();
  let built: { files: Set<number>; index: MiniSearch<SearchDocument> } | undefined;

  const getManifest = () =>
    (manifest ??= (load(MANIFEST_FILE) as Promise<SearchManifest>).then((m) => {
      if (m.version !== SEARCH_INDEX_VERSION) throw new Error(`Search index version ${m.version} is not supported`);
      let at = 0;
      sectionStarts = m.sections.map((count) => ((at += count), at - count));
      return m;
    })).catch((error) => {
      manifest = undefined;
      throw error;
    });

  const loadTermFile = (m: SearchManifest, n: number) => {
    let file = termFiles.get(n);
    if (!file) {
      file = (load(termFileName(m.hash, n)) as Promise<TermFile>).then((f) => f.terms.map(unpackTerm));
      file.catch(() => termFiles.delete(n));
      termFiles.set(n, file);
    }
    return file;
  };
  const loadContentFile = (m: SearchManifest, n: number) => {
    let file = contentFiles.get(n);
    if (!file) {
      file = load(contentFileName(m.hash, n)) as Promise<ContentFile>;
      file.catch(() => contentFiles.delete(n));
      contentFiles.set(n, file);
    }
    return file;
  };

  /**
   * The MiniSearch index over the manifest and every term file loaded so far (plus `needed`).
   * Files loaded later are added to the same index rather than rebuilding it.
   */
  async function indexWith(m: SearchManifest, needed: number[]): Promise<MiniSearch<SearchDocument>> {
    const wanted = [...new Set([...termFiles.keys(), ...needed])].sort((a, b) => a - b);
    const entries = await Promise.all(wanted.map((n) => loadTermFile(m, n)));
    built ??= { files: new Set(), index: createIndex(m, []) };
    const missing = wanted.map((n, i) => [n, i]).filter(([n]) => !built!.files.has(n));
    if (missing.length === 0) return built.index;
    if (
      !addPostings(
        built.index,
        missing.flatMap(([, i]) => entries[i]),
      )
    )
      built = { files: new Set(), index: createIndex(m, entries.flat()) };
    for (const n of wanted) built.files.add(n);
    return built.index;
  }

  function pageOf(id: number): number {
    let lo = 0;
    let hi = sectionStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (sectionStarts[mid] <= id) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /**
   * Groups MiniSearch's section results by page, keeping its order. With `plan`, only the pages
   * whose sections together match every word (a page can answer 'cursor limit' with one section
   * on each), or when there are none, every page that matches some word.
   */
  function group(results: SearchResult[], plan?: QueryPlan): { groups: RankedGroup[]; complete: number } {
    // Which words each looked-up term stands for, as bits (a query has at most a few dozen words).
    const bitsOf = new Map<string, number>();
    plan?.words
      .slice(0, 30)
      .forEach((word, w) => word.lookups.forEach(({ term }) => bitsOf.set(term, (bitsOf.get(term) ?? 0) | (1 << w))));
    const all = new Map<number, RankedGroup>();
    const words = new Map<number, number>();
    for (const result of results) {
      const page = pageOf(result.id);
      let entry = all.get(page);
      if (!entry) all.set(page, (entry = { page, score: result.score, sections: [] }));
      // The result itself carries id, score and terms (no copy: there can be tens of thousands).
      entry.sections.push(result);
      if (plan) {
        let bits = words.get(page) ?? 0;
        for (const term of result.queryTerms) bits |= bitsOf.get(term) ?? 0;
        words.set(page, bits);
      }
    }
    const groups = [...all.values()];
    if (!plan) return { groups, complete: groups.length };
    const every = plan.words.length >= 30 ? -1 : (1 << plan.words.length) - 1;
    const complete = every < 0 ? groups : groups.filter((g) => words.get(g.page) === every);
    return { groups: complete.length ? complete : groups, complete: complete.length };
  }

  /** Loads the content of some pages: [route, title, type, badge, sections]. */
  const pagesContent = (m: SearchManifest, pages: number[]): Promise<ContentPage[]> =>
    Promise.all(
      pages.map(async (page) => {
        const file = await loadContentFile(m, Math.floor(page / m.pagesPerContentFile));
        return file.pages[page - file.first];
      }),
    );

  /** Whole index in memory: prefix search may look at every term. */
  const complete = (m: SearchManifest) => termFiles.size === m.termFiles;

  async function run(query: string, plan: QueryPlan, retry = true): Promise<SearchOutcome> {
    const m = await getManifest();
    if (plan.words.length === 0) return { query, groups: [], mode: 'AND' };
    const index = await indexWith(m, termFilesFor(m, plan, complete(m)));
    const results = index.search(toMiniSearchQuery(plan, plan.words.length === 1 ? 'AND' : 'OR'));
    // Words that matched nothing get their fallback lookups (typos), once.
    const withFallback = plan.words.filter((w) => w.fallback);
    const matched = new Set<string>();
    if (retry && withFallback.length) {
      const wanted = new Set(withFallback.flatMap((w) => w.lookups.map((l) => l.term)));
      for (let i = 0; i < results.length && matched.size < wanted.size; i++)
        for (const term of results[i].queryTerms) if (wanted.has(term)) matched.add(term);
    }
    const unmatched = withFallback.filter((w) => !w.lookups.some((l) => matched.has(l.term)));
    if (retry && unmatched.length) {
      return run(
        query,
        { words: plan.words.map((w) => (unmatched.includes(w) ? { lookups: [...w.lookups, ...w.fallback!] } : w)) },
        false,
      );
    }
    if (plan.words.length === 1) return { query, groups: group(results).groups, mode: 'AND' };
    const { groups, complete: matchingEvery } = group(results, plan);
    return { query, groups, mode: matchingEvery > 0 || groups.length === 0 ? 'AND' : 'OR' };
  }

  return {
    async ready() {
      const m = await getManifest();
      if (m.totalBytes <= EAGER_LOAD_BYTES) {
        const all = (count: number) => Array.from({ length: count }, (_, n) => n);
        await Promise.all([
          ...all(m.termFiles).map((n) => loadTermFile(m, n)),
          ...all(m.contentFiles).map((n) => loadContentFile(m, n)),
        ]);
        await indexWith(m, []);
      }
    },

    search(query) {
      return run(query, planQuery(query));
    },

    async describe(groups, options = {}) {
      const m = await getManifest();
      const hitsPerGroup = options.hitsPerGroup ?? 3;
      const contents = await pagesContent(
        m,
        groups.map((g) => g.page),
      );
      return groups.map((g, i): SearchGroup => {
        const [route, title, type, badge, sections] = contents[i];
        const terms = new Set(g.sections.flatMap((s) => s.terms));
        const hits = g.sections.slice(0, hitsPerGroup).map((s): SearchHit => {
          const [heading, anchor, text] = sections[s.id - sectionStarts[g.page]];
          return {
            route: anchor ? `${route}#${anchor}` : route,
            heading: highlight(heading, s.terms),
            snippet: snippet(text, s.terms, options.snippetLength),
          };
        });
        return { route, title: highlight(title, terms), titleText: title, type, badge: badge || undefined, hits };
      });
    },

    async suggest(query) {
      const m = await getManifest();
      const plan = planQuery(query);
      const loose: QueryPlan = {
        words: plan.words.map((w) => ({
          lookups: [...w.lookups, ...(w.fallback ?? [])].map((l) => ({
            term: l.term,
            fuzzy: l.term.length >= 4 ? 0.4 : l.fuzzy,
            prefix: l.term.length >= 3,
          })),
        })),
      };
      const pages: number[] = [];
      if (loose.words.length) {
        const index = await indexWith(m, termFilesFor(m, loose, complete(m)));
        for (const result of index.search(toMiniSearchQuery(loose, 'OR'))) {
          const page = pageOf(result.id);
          if (!pages.includes(page)) pages.push(page);
          if (pages.length === 3) break;
        }
      }
      const titles = (await pagesContent(m, pages)).map((page) => page[1]);
      return [...new Set([...titles, ...m.suggestions])].slice(0, 3);
    },
  };
}

type Postings = [string, Record<string, Record<string, number>>][];

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
