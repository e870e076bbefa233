/**
 * The merged postings of the search index, kept compact while a large site's parts are merged.
 *
 * Merging every part's packed terms into a Map per term of id and frequency arrays, then packing
 * them again, held each posting several times over as JS numbers (~20 bytes and more each) at the
 * end of the build. The index files need only each term's documents and frequencies per field, in
 * document order (`PackedField`), and parts arrive in document order, so each (term, field) list is
 * kept as variable-length bytes (document-id delta, then frequency) in blocks of one shared buffer:
 * ~2–3 bytes a posting. Each term is unpacked and turned into JSON on its own at the end.
 */
import { SEARCH_FIELDS, type PackedField, type PackedTerm } from './search-index-format.js';

/** Bytes of a block: a 4-byte link to the next block of the same list, then postings. */
const BLOCK = 32;
const LINK = 4;
const FIELDS = SEARCH_FIELDS.length;

/** Per-list slots (first block, last block, bytes used in it, last document id), grown as lists are added. */
function createSlots() {
  let data = new Int32Array(4 * 1024);
  return {
    data: () => data,
    /** Makes room for list `list`'s slots. */
    reserve(list: number) {
      if (list * 4 + 4 <= data.length) return;
      const bigger = new Int32Array(Math.max(data.length * 2, list * 4 + 4));
      bigger.set(data);
      data = bigger;
    },
  };
}

const HEAD = 0;
const TAIL = 1;
const FILLED = 2;
const LAST_DOCUMENT = 3;

/** The byte blocks all lists share; offset 0 is never a block, so a link of 0 means none. */
function createArena() {
  let bytes = new Uint8Array(64 * 1024);
  let view = new DataView(bytes.buffer);
  let used = BLOCK;
  const arena = {
    bytes: () => bytes,
    /** A new empty block; its offset. */
    block(): number {
      if (used + BLOCK > bytes.length) {
        const bigger = new Uint8Array(bytes.length * 2);
        bigger.set(bytes);
        bytes = bigger;
        view = new DataView(bytes.buffer);
      }
      used += BLOCK;
      return used - BLOCK;
    },
    link: (from: number, to: number) => view.setUint32(from, to, true),
    next: (from: number) => view.getUint32(from, true),
  };
  return arena;
}

/**
 * The (term, field) lists: each a chain of blocks holding document-id deltas and frequencies as
 * variable-length numbers (7 bits a byte). Written as plain loops over typed arrays: merging runs
 * over every posting of the site at every build, and a one-line edit's rebuild runs it cold.
 */
function createPostingLists() {
  const arena = createArena();
  const slots = createSlots();
  const putNumber = (list: number, value: number) => {
    const at = list * 4;
    let more = true;
    while (more) {
      const byte = value >= 0x80 ? (value & 0x7f) | 0x80 : value;
      more = value >= 0x80;
      value = Math.floor(value / 0x80);
      let data = slots.data();
      let filled = data[at + FILLED];
      if (filled === BLOCK) {
        const block = arena.block();
        data = slots.data();
        arena.link(data[at + TAIL], block);
        data[at + TAIL] = block;
        filled = LINK;
      }
      arena.bytes()[data[at + TAIL] + filled] = byte;
      data[at + FILLED] = filled + 1;
    }
  };
  /** The numbers of a list, in order. */
  const numbersOf = (list: number): number[] => {
    const numbers: number[] = [];
    const bytes = arena.bytes();
    const data = slots.data();
    const last = data[list * 4 + TAIL];
    let value = 0;
    let scale = 1;
    for (let block = data[list * 4 + HEAD]; block !== 0; block = block === last ? 0 : arena.next(block)) {
      const end = block === last ? block + data[list * 4 + FILLED] : block + BLOCK;
      for (let at = block + LINK; at < end; at++) {
        value += (bytes[at] & 0x7f) * scale;
        if (bytes[at] & 0x80) scale *= 0x80;
        else {
          numbers.push(value);
          value = 0;
          scale = 1;
        }
      }
    }
    return numbers;
  };
  return {
    has: (list: number) => list * 4 < slots.data().length && slots.data()[list * 4 + HEAD] !== 0,
    /** Adds document `id` (greater than the list's last) with `frequency` to `list`. */
    append(list: number, id: number, frequency: number) {
      slots.reserve(list);
      const at = list * 4;
      if (slots.data()[at + HEAD] === 0) {
        const block = arena.block();
        const data = slots.data();
        data[at + HEAD] = block;
        data[at + TAIL] = block;
        data[at + FILLED] = LINK;
        putNumber(list, id);
      } else putNumber(list, id - slots.data()[at + LAST_DOCUMENT]);
      slots.data()[at + LAST_DOCUMENT] = id;
      putNumber(list, frequency);
    },
    /** A list as a term file has it: field, deltas, and frequencies unless all are 1. */
    packed(list: number): PackedField {
      const numbers = numbersOf(list);
      const deltas: number[] = [];
      const frequencies: number[] = [];
      let ones = true;
      for (let i = 0; i < numbers.length; i += 2) {
        deltas.push(numbers[i]);
        frequencies.push(numbers[i + 1]);
        if (numbers[i + 1] !== 1) ones = false;
      }
      return ones ? [list % FIELDS, deltas] : [list % FIELDS, deltas, frequencies];
    },
  };
}

/**
 * A part's packed terms as two flat values instead of a tree of arrays: its terms joined into one
 * string (`ends[t]`: where term t ends), and every posting as variable-length numbers (7 bits a
 * byte) in one byte array: per term its field count, then per field its id, its posting count, the
 * document-id deltas, and 1 then the frequencies, or 0 when they are all 1. What the search worker
 * sends, the build cache keeps and the merge reads: as `PackedTerm[]` a 5,000-page site's parts
 * were millions of small arrays, the largest cost of reading the saved cache and of the garbage
 * collector's time in a rebuild; typed arrays are copied whole and are not scanned.
 */
export interface CompactTerms {
  text: string;
  ends: Uint32Array;
  postings: Uint8Array;
}

/** Appends `value` as a variable-length number. */
function putVarint(bytes: number[], value: number): void {
  while (value >= 0x80) {
    bytes.push((value & 0x7f) | 0x80);
    value = Math.floor(value / 0x80);
  }
  bytes.push(value);
}

/** `PackedTerm[]` (terms sorted, as `packTerms` gives them) in the compact form. */
export function compactTerms(terms: readonly PackedTerm[]): CompactTerms {
  const bytes: number[] = [];
  const ends = new Uint32Array(terms.length);
  let text = '';
  terms.forEach((packed, t) => {
    text += packed[0];
    ends[t] = text.length;
    putVarint(bytes, packed.length - 1);
    for (let f = 1; f < packed.length; f++) {
      const [field, deltas, frequencies] = packed[f] as PackedField;
      putVarint(bytes, field);
      putVarint(bytes, deltas.length);
      for (const delta of deltas) putVarint(bytes, delta);
      putVarint(bytes, frequencies ? 1 : 0);
      for (const frequency of frequencies ?? []) putVarint(bytes, frequency);
    }
  });
  return { text, ends, postings: Uint8Array.from(bytes) };
}

/** Reads the variable-length numbers of a byte array in order; `at` is where the next one starts. */
export function varintReader(bytes: Uint8Array) {
  let at = 0;
  return {
    get at() {
      return at;
    },
    next(): number {
      let value = 0;
      let scale = 1;
      while (bytes[at] & 0x80) {
        value += (bytes[at++] & 0x7f) * scale;
        scale *= 0x80;
      }
      return value + bytes[at++] * scale;
    },
  };
}

/** The compact form back as `PackedTerm[]`. */
export function expandTerms({ text, ends, postings }: CompactTerms): PackedTerm[] {
  const read = varintReader(postings);
  const terms: PackedTerm[] = [];
  for (let t = 0; t < ends.length; t++) {
    const fields: PackedField[] = [];
    for (let f = read.next(); f > 0; f--) {
      const field = read.next();
      const deltas = Array.from({ length: read.next() }, () => read.next());
      fields.push(read.next() ? [field, deltas, deltas.map(() => read.next())] : [field, deltas]);
    }
    terms.push([text.slice(t === 0 ? 0 : ends[t - 1], ends[t]), ...fields]);
  }
  return terms;
}

/**
 * Postings merged from compact terms given in document order: `add` a part's terms (their ids
 * shifted by `offset`), then `packedTerms` gives every term sorted, as `packTerms` of one index of
 * every document would.
 */
export function createMergedPostings() {
  const termIds = new Map<string, number>();
  const lists = createPostingLists();
  return {
    add({ text, ends, postings }: CompactTerms, offset: number) {
      // Plain loops: this runs over every posting of the site (see createPostingLists).
      const read = varintReader(postings);
      for (let t = 0; t < ends.length; t++) {
        const term = text.slice(t === 0 ? 0 : ends[t - 1], ends[t]);
        let termId = termIds.get(term);
        if (termId === undefined) termIds.set(term, (termId = termIds.size));
        for (let f = read.next(); f > 0; f--) {
          const list = termId * FIELDS + read.next();
          const count = read.next();
          // Deltas first, frequencies after: the ids are kept until the frequencies are read.
          const ids = new Array<number>(count);
          let id = offset;
          for (let i = 0; i < count; i++) ids[i] = id += read.next();
          const ones = read.next() === 0;
          for (let i = 0; i < count; i++) lists.append(list, ids[i], ones ? 1 : read.next());
        }
      }
    },
    *packedTerms(): Generator<PackedTerm> {
      const sorted = [...termIds].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      for (const [term, termId] of sorted) {
        const fields: PackedField[] = [];
        for (let list = termId * FIELDS; list < (termId + 1) * FIELDS; list++)
          if (lists.has(list)) fields.push(lists.packed(list));
        yield [term, ...fields];
      }
    },
  };
}
