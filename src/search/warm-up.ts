/**
 * Runs the query engine on a made-up index in memory before the reader types, so that the first
 * real keystrokes run compiled code.
 *
 * A page load starts the search code cold: V8 compiles each function when first called and runs
 * it in its interpreter until it has run enough to be optimised. On a 10,000-page index the first
 * prefix of three letters scores tens of thousands of postings in loops that were never run, and
 * Chromium measured 40–70 ms of main-thread time for it, against 4–10 ms for the same keystroke
 * once the same code had served one query. The warm-up plans, scores, ranks and describes a few
 * typed queries (prefixes, two words, a typo, a word with no match) on an index made here, in
 * memory, and yields between queries so that it never holds the main thread long. It downloads
 * nothing and shares no state with the site's engine but the compiled code.
 */
import type { LoadIndexFile, SearchEngine } from './search-engine.js';
import {
  SEARCH_FIELDS,
  SEARCH_INDEX_VERSION,
  type ContentFile,
  type ContentPage,
  type PackedField,
  type PackedTerm,
  type ListedPage,
  type PageListFile,
  type SearchManifest,
} from './search-index-format.js';
import { createIndexTermCache } from './search-terms.js';

/** Words of the made-up pages: shared prefixes, plurals and compounds, as a real API's docs have. */
const WORDS = (
  'gateway gateways gated rewards reward rewarded hotspot hotspots hex hexes coverage covered cursor cursors ' +
  'pagination paginate page pages min_time max_time epoch epochs speedtest averages average authenticate ' +
  'authentication token tokens rate limits request requests response beacon witness location owner wallet ' +
  'network data transfer packet packets device devices query queries list sort order time days'
).split(' ');
/** What the warm-up types, a keystroke at a time for the first queries (as a reader does). */
const TYPED = ['gateway rewards', 'pagination cur'];
const QUERIES = ['hotspto coverage', 'min_time epochs', 'how do I authenticate', 'qqqzx'];
/**
 * Sections of the made-up index. Measured in Chromium on the 10,000-page index (time from a third
 * letter's term files in the index to its ranking): after a warm-up on 600 sections 'gat' still
 * took 62–66 ms and 'min' up to 128 ms; after one on 8,000 sections 14–16 ms and 4 ms (V8 optimises
 * a loop once it has run long enough, and code optimised for one shape of postings is thrown away
 * on meeting the other, so the postings are of real length and of both shapes). They are drawn
 * as numbers, not indexed from text, so that making them costs little (15–50 ms).
 */
const SECTIONS = 8000;
const SECTIONS_PER_PAGE = 5;
const WORDS_PER_SECTION = 14;

/** A small deterministic generator (the same index at every load): uniform in [0, 1). */
function numbers(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return (state >>> 8) / 0x100_0000;
  };
}

interface MadeUpIndex {
  manifest: SearchManifest;
  terms: PackedTerm[];
  /** The content of page `page` (one page a content file). */
  page(page: number): ContentPage;
}

/**
 * Postings of the made-up index: the index terms of word w (its form and stem, each drawn on its
 * own) are in each section's text with probability 0.5 / (w + 1)^0.6, as words of prose are (a few
 * common, most rare), and in a few titles, headings and keywords; frequencies 1, or for every other
 * word 2 in every fifth section. Ids are drawn in ascending order
 * (geometric gaps), so the deltas come out as they are drawn.
 */
function madeUpPostings(random: () => number): PackedTerm[] {
  const rank = new Map<string, number>();
  const indexTerms = createIndexTermCache();
  WORDS.forEach((word, w) => indexTerms(word).forEach((term) => rank.has(term) || rank.set(term, w)));
  const draw = (chance: number, field: number, twice: boolean): PackedField => {
    const step = Math.log(1 - chance);
    const deltas: number[] = [];
    const frequencies: number[] = [];
    let last = 0;
    for (
      let id = Math.floor(Math.log(1 - random()) / step);
      id < SECTIONS;
      id += 1 + Math.floor(Math.log(1 - random()) / step)
    ) {
      deltas.push(id - last);
      frequencies.push(twice && id % 5 === 0 ? 2 : 1);
      last = id;
    }
    // As the build packs them: frequencies left out when all are 1 (the scoring loops meet both forms).
    return twice ? [field, deltas, frequencies] : [field, deltas];
  };
  return [...rank.keys()].sort().map((term): PackedTerm => {
    const w = rank.get(term)!;
    const chance = 0.5 / (w + 1) ** 0.6;
    const fields = [0.05, 0.1, 0.02, 1]
      .map((share, field) => draw(chance * share, field, w % 2 === 0))
      .filter((field) => field[1].length > 0);
    return [term, ...fields];
  });
}

/** The made-up index: SECTIONS sections of SECTIONS_PER_PAGE a page, their text random WORDS. */
export function madeUpIndex(): MadeUpIndex {
  const random = numbers(7);
  const terms = madeUpPostings(random);
  const pages = SECTIONS / SECTIONS_PER_PAGE;
  // Field lengths near the averages (title, heading, keywords, text), as a site's vary.
  const averageFieldLength = [3, 3, 2, 11.5];
  const fieldLength = Array.from({ length: SECTIONS * SEARCH_FIELDS.length }, (_, i) =>
    Math.max(1, Math.round(averageFieldLength[i % SEARCH_FIELDS.length] * (0.5 + random()))),
  );
  const manifest: SearchManifest = {
    version: SEARCH_INDEX_VERSION,
    documentCount: SECTIONS,
    averageFieldLength,
    fieldLength,
    sections: Array.from({ length: pages }, () => SECTIONS_PER_PAGE),
    termKeys: [''],
    termFileOf: [0],
    termFiles: 1,
    termFileVersions: ['made-up0'],
    contentFiles: pages,
    contentFileVersions: Array.from({ length: pages }, () => 'made-up0'),
    pagesPerContentFile: 1,
    pageListVersion: 'made-up0',
    totalBytes: 0,
    suggestions: ['gateway'],
    synonyms: [['hotspot', 'gateway']],
  };
  const page = (p: number): ContentPage => {
    const next = numbers(p + 1);
    const words = (count: number) =>
      Array.from({ length: count }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
    const sections = Array.from({ length: SECTIONS_PER_PAGE }, (_, s): [string, string, string] => [
      s ? words(2) : '',
      s ? `section-${s}` : '',
      `${words(WORDS_PER_SECTION)}.`,
    ]);
    return [`/made-up/${p}`, words(3), 'guide', '', sections];
  };
  return { manifest, terms, page };
}

/** The queries the warm-up runs, in order: the first ones typed a character at a time. */
export function warmUpQueries(): string[] {
  const typed = TYPED.flatMap((query) => Array.from(query, (_, i) => query.slice(0, i + 1).trim()));
  return [...new Set([...typed, ...QUERIES])];
}

/** The made-up index's files, as `LoadIndexFile` gives a site's. */
export function madeUpFiles(index: MadeUpIndex): LoadIndexFile {
  return async (name) => {
    if (name === 'index.json') return index.manifest;
    if (name.startsWith('terms-')) return { terms: index.terms };
    if (name.startsWith('pages.')) {
      const pages = index.manifest.sections.map((_, p): ListedPage => [`/made-up/${p}`, 'Made-up page', 'guide', '']);
      return { pages } satisfies PageListFile;
    }
    const n = Number(/content-(\d+)/.exec(name)![1]);
    return { first: n, pages: [index.page(n)] } satisfies ContentFile;
  };
}

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs `warmUpQueries()` on an engine over the made-up index, as the modal runs a query (search,
 * the first 8 pages listed, then their snippets; suggestions when nothing matched). `createEngine` is
 * createSearchEngine (passed in: search-engine.ts imports this module). Resolves to the number of
 * pages the queries found.
 */
export async function warmUp(createEngine: (load: LoadIndexFile) => SearchEngine): Promise<number> {
  const engine = createEngine(madeUpFiles(madeUpIndex()));
  let found = 0;
  for (const query of warmUpQueries()) {
    await yieldToPage();
    const outcome = await engine.search(query);
    found += outcome.total;
    if (outcome.total) {
      await engine.listGroups(outcome.top(8), { hitsPerGroup: 3 });
      await engine.loadSnippets(outcome.top(8), { hitsPerGroup: 3 });
    } else await engine.suggest(query);
  }
  return found;
}
