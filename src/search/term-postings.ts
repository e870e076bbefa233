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

/** A growable Int32Array: one slot per (term, field) list. */
function growable() {
  let data = new Int32Array(1024);
  return {
    get: (i: number) => data[i],
    set(i: number, value: number) {
      if (i >= data.length) {
        const bigger = new Int32Array(Math.max(data.length * 2, i + 1));
        bigger.set(data);
        data = bigger;
      }
      data[i] = value;
    },
  };
}

/** The byte blocks all lists share; offset 0 is never a block, so a link of 0 means none. */
function createArena() {
  let bytes = new Uint8Array(64 * 1024);
  let used = BLOCK;
  const arena = {
    bytes: () => bytes,
    /** A new empty block; its offset. */
    block(): number {
      if (used + BLOCK > bytes.length) {
        const bigger = new Uint8Array(bytes.length * 2);
        bigger.set(bytes);
        bytes = bigger;
      }
      used += BLOCK;
      return used - BLOCK;
    },
    link: (from: number, to: number) => new DataView(bytes.buffer).setUint32(from, to, true),
    next: (from: number) => new DataView(bytes.buffer).getUint32(from, true),
  };
  return arena;
}

/**
 * The (term, field) lists: each a chain of blocks holding document-id deltas and frequencies as
 * variable-length numbers (7 bits a byte).
 */
function createPostingLists() {
  const arena = createArena();
  // Per list: first block, last block, bytes used in it, last document id.
  const head = growable();
  const tail = growable();
  const filled = growable();
  const lastDocument = growable();
  const putByte = (list: number, byte: number) => {
    let at = filled.get(list);
    if (at === BLOCK) {
      const block = arena.block();
      arena.link(tail.get(list), block);
      tail.set(list, block);
      at = LINK;
    }
    arena.bytes()[tail.get(list) + at] = byte;
    filled.set(list, at + 1);
  };
  const putNumber = (list: number, value: number) => {
    while (value >= 0x80) {
      putByte(list, (value & 0x7f) | 0x80);
      value = Math.floor(value / 0x80);
    }
    putByte(list, value);
  };
  /** The numbers of a list, in order. */
  const numbersOf = (list: number): number[] => {
    const numbers: number[] = [];
    const bytes = arena.bytes();
    const last = tail.get(list);
    let value = 0;
    let scale = 1;
    for (let block = head.get(list); block !== 0; block = block === last ? 0 : arena.next(block)) {
      const end = block === last ? block + filled.get(list) : block + BLOCK;
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
    has: (list: number) => Boolean(head.get(list)),
    /** Adds document `id` (greater than the list's last) with `frequency` to `list`. */
    append(list: number, id: number, frequency: number) {
      if (!head.get(list)) {
        const block = arena.block();
        head.set(list, block);
        tail.set(list, block);
        filled.set(list, LINK);
        putNumber(list, id);
      } else putNumber(list, id - lastDocument.get(list));
      lastDocument.set(list, id);
      putNumber(list, frequency);
    },
    /** A list as a term file has it: field, deltas, and frequencies unless all are 1. */
    packed(list: number): PackedField {
      const numbers = numbersOf(list);
      const deltas = numbers.filter((_, i) => i % 2 === 0);
      const frequencies = numbers.filter((_, i) => i % 2 === 1);
      return frequencies.every((f) => f === 1) ? [list % FIELDS, deltas] : [list % FIELDS, deltas, frequencies];
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
      for (const [term, ...fields] of terms) {
        let termId = termIds.get(term);
        if (termId === undefined) termIds.set(term, (termId = termIds.size));
        for (const [fieldId, deltas, frequencies] of fields as PackedField[]) {
          let id = offset;
          deltas.forEach((delta, i) => lists.append(termId * FIELDS + fieldId, (id += delta), frequencies?.[i] ?? 1));
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
