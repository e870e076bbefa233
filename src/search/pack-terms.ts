/**
 * Compact postings and their split into term files by prefix (the browser decodes them in
 * term-index.ts). Free of Node APIs.
 */
import type { PackedField, PackedTerm } from './search-index-format.js';

/** MiniSearch's serialised postings: [term, { fieldId: { documentId: termFrequency } }]. */
export type MiniSearchPostings = [string, Record<string, Record<string, number>>][];

export function packTerms(index: MiniSearchPostings): PackedTerm[] {
  return index
    .map(([term, fields]): PackedTerm => {
      const packed: PackedField[] = Object.entries(fields)
        .map(([fieldId, postings]): PackedField => {
          const ids = Object.keys(postings)
            .map(Number)
            .sort((a, b) => a - b);
          const deltas = ids.map((id, i) => (i === 0 ? id : id - ids[i - 1]));
          const tfs = ids.map((id) => postings[id]);
          return tfs.every((tf) => tf === 1) ? [Number(fieldId), deltas] : [Number(fieldId), deltas, tfs];
        })
        .sort((a, b) => a[0] - b[0]);
      return [term, ...packed];
    })
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/**
 * Splits the terms into files of about `target` bytes: a prefix whose terms are too many for one
 * file is split by its next character (terms equal to the prefix stay with it), and small
 * neighbouring prefixes share a file. Every term belongs to the longest key that starts it.
 */
export function splitTermKeys(
  terms: readonly PackedTerm[],
  target: number,
): { keys: string[]; fileOf: number[]; groups: PackedTerm[][] } {
  const sized = terms.map((t) => ({ term: t, bytes: JSON.stringify(t).length + 1 }));
  const leaves: { key: string; terms: typeof sized; bytes: number }[] = [];
  const split = (key: string, group: typeof sized) => {
    const bytes = group.reduce((sum, t) => sum + t.bytes, 0);
    if (bytes <= target || key.length >= 6) {
      leaves.push({ key, terms: group, bytes });
      return;
    }
    const own = group.filter((t) => t.term[0].length === key.length);
    const byNext = new Map<string, typeof sized>();
    for (const t of group) {
      if (t.term[0].length === key.length) continue;
      const next = key + String.fromCodePoint(t.term[0].codePointAt(key.length)!);
      const list = byNext.get(next);
      if (list) list.push(t);
      else byNext.set(next, [t]);
    }
    if (own.length) leaves.push({ key, terms: own, bytes: own.reduce((sum, t) => sum + t.bytes, 0) });
    for (const [next, sub] of [...byNext].sort(([a], [b]) => (a < b ? -1 : 1))) split(next, sub);
  };
  split('', sized);
  leaves.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const groups: PackedTerm[][] = [];
  const fileOf: number[] = [];
  let bytes = Infinity;
  for (const leaf of leaves) {
    if (bytes + leaf.bytes > target) {
      groups.push([]);
      bytes = 0;
    }
    groups[groups.length - 1].push(...leaf.terms.map((t) => t.term));
    bytes += leaf.bytes;
    fileOf.push(groups.length - 1);
  }
  return { keys: leaves.map((l) => l.key), fileOf, groups };
}
