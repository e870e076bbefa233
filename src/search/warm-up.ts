/**
 * Runs the query engine on a small made-up index before the reader types, so that the first real
 * keystrokes run compiled code.
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
  type SearchManifest,
} from './search-index-format.js';
import { createIndexTermCache, tokenize } from './search-terms.js';

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
const PAGES = 120;
const SECTIONS_PER_PAGE = 5;
const WORDS_PER_SECTION = 14;

/** A small deterministic generator (the same index at every load). */
function numbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return (state >>> 8) % below;
  };
}

interface MadeUpIndex {
  manifest: SearchManifest;
  terms: PackedTerm[];
  content: ContentFile;
}

/** Postings of the made-up sections, as the build packs them: per term, per field, id deltas and frequencies. */
function packPostings(fields: string[][]): { terms: PackedTerm[]; fieldLength: number[] } {
  const indexTerms = createIndexTermCache();
  const postings = new Map<string, Map<number, number>[]>();
  const fieldLength: number[] = [];
  fields.forEach((values, section) =>
    values.forEach((value, field) => {
      const terms = tokenize(value).flatMap((token) => indexTerms(token.text));
      fieldLength.push(new Set(terms).size);
      for (const term of terms) {
        let byField = postings.get(term);
        if (!byField) postings.set(term, (byField = SEARCH_FIELDS.map(() => new Map<number, number>())));
        byField[field].set(section, (byField[field].get(section) ?? 0) + 1);
      }
    }),
  );
  const terms = [...postings.keys()].sort().map((term): PackedTerm => {
    const packed: PackedField[] = [];
    postings.get(term)!.forEach((ids, field) => {
      if (ids.size === 0) return;
      // Sections were added in ascending order: each id minus the one before.
      const sorted = [...ids.keys()];
      const deltas = sorted.map((id, i) => id - (i ? sorted[i - 1] : 0));
      const frequencies = [...ids.values()];
      packed.push(frequencies.every((f) => f === 1) ? [field, deltas] : [field, deltas, frequencies]);
    });
    return [term, ...packed];
  });
  return { terms, fieldLength };
}

/** The made-up index: PAGES pages of SECTIONS_PER_PAGE sections of random WORDS. */
export function madeUpIndex(): MadeUpIndex {
  const next = numbers(7);
  const words = (count: number) => Array.from({ length: count }, () => WORDS[next(WORDS.length)]).join(' ');
  const pages: ContentPage[] = [];
  const fields: string[][] = [];
  for (let p = 0; p < PAGES; p++) {
    const title = words(3);
    const sections: [string, string, string][] = [];
    for (let s = 0; s < SECTIONS_PER_PAGE; s++) {
      const heading = s ? words(2) : '';
      const text = `${words(WORDS_PER_SECTION)}.`;
      sections.push([heading, s ? `section-${s}` : '', text]);
      fields.push([title, heading, '', text]);
    }
    pages.push([`/made-up/${p}`, title, 'guide', '', sections]);
  }
  const { terms, fieldLength } = packPostings(fields);
  const documentCount = fields.length;
  const averageFieldLength = SEARCH_FIELDS.map(
    (_, f) => fieldLength.filter((_, i) => i % SEARCH_FIELDS.length === f).reduce((a, b) => a + b, 0) / documentCount,
  );
  const manifest: SearchManifest = {
    version: SEARCH_INDEX_VERSION,
    hash: 'warm-up',
    documentCount,
    averageFieldLength,
    fieldLength,
    sections: pages.map(() => SECTIONS_PER_PAGE),
    termKeys: [''],
    termFileOf: [0],
    termFiles: 1,
    contentFiles: 1,
    pagesPerContentFile: PAGES,
    totalBytes: 0,
    suggestions: ['gateway'],
    synonyms: [['hotspot', 'gateway']],
  };
  return { manifest, terms, content: { first: 0, pages } };
}

/** The queries the warm-up runs, in order: the first ones typed a character at a time. */
export function warmUpQueries(): string[] {
  const typed = TYPED.flatMap((query) => Array.from(query, (_, i) => query.slice(0, i + 1).trim()));
  return [...new Set([...typed, ...QUERIES])];
}

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs `warmUpQueries()` on an engine over the made-up index, as the modal runs a query (search,
 * then the snippets of the first 8 pages; suggestions when nothing matched). `createEngine` is
 * createSearchEngine (passed in: search-engine.ts imports this module). Resolves to the number of
 * pages the queries found.
 */
export async function warmUp(createEngine: (load: LoadIndexFile) => SearchEngine): Promise<number> {
  const index = madeUpIndex();
  const engine = createEngine(async (name) =>
    name === 'index.json' ? index.manifest : name.includes('/terms-') ? { terms: index.terms } : index.content,
  );
  let found = 0;
  for (const query of warmUpQueries()) {
    await yieldToPage();
    const outcome = await engine.search(query);
    found += outcome.total;
    if (outcome.total) await engine.loadSnippets(outcome.top(8), { hitsPerGroup: 3 });
    else await engine.suggest(query);
  }
  return found;
}
