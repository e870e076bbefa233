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
 * Postings merged from packed terms given in document order: `add` a part's terms (their ids
 * shifted by `offset`), then `packedTerms` gives every term sorted, as `packTerms` of one index of
 * every document would.
 */
export function createMergedPostings() {
  const termIds = new Map<string, number>();
  const lists = createPostingLists();
  return {
    add(terms: readonly PackedTerm[], offset: number) {
      // Index loops, no destructuring: this runs over every posting of the site (see createPostingLists).
      for (let t = 0; t < terms.length; t++) {
        const packed = terms[t];
        const term = packed[0];
        let termId = termIds.get(term);
        if (termId === undefined) termIds.set(term, (termId = termIds.size));
        for (let f = 1; f < packed.length; f++) {
          const field = packed[f] as PackedField;
          const list = termId * FIELDS + field[0];
          const deltas = field[1];
          const frequencies = field[2];
          let id = offset;
          for (let i = 0; i < deltas.length; i++) {
            id += deltas[i];
            lists.append(list, id, frequencies === undefined ? 1 : frequencies[i]);
          }
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
