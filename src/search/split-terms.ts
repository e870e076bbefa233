/**
 * The term files' split, build side: `splitTermKeys` (pack-terms.ts) of terms known by their sizes
 * only, so the build need not hold every term's postings as arrays to split them. pack-terms.ts is
 * bundled into the browser client, whose minified names change with any edit of that file; its
 * `splitTermKeys` stays as it was (the tests check both split alike) until the client changes anyway.
 */

/** `splitTermKeys` of sorted `terms` whose sizes `bytesOf(i)` gives: the groups are the terms' indexes. */
export function splitBySize(
  terms: readonly string[],
  bytesOf: (index: number) => number,
  target: number,
): { keys: string[]; fileOf: number[]; groups: number[][] } {
  type Sized = { term: string; index: number; bytes: number };
  const sized: Sized[] = terms.map((term, index) => ({ term, index, bytes: bytesOf(index) }));
  const leaves: { key: string; terms: Sized[]; bytes: number }[] = [];
  const split = (key: string, group: Sized[]) => {
    const bytes = group.reduce((sum, t) => sum + t.bytes, 0);
    if (bytes <= target || key.length >= 6) {
      leaves.push({ key, terms: group, bytes });
      return;
    }
    const own = group.filter((t) => t.term.length === key.length);
    const byNext = new Map<string, Sized[]>();
    for (const t of group) {
      if (t.term.length === key.length) continue;
      const next = key + String.fromCodePoint(t.term.codePointAt(key.length)!);
      const list = byNext.get(next);
      if (list) list.push(t);
      else byNext.set(next, [t]);
    }
    if (own.length) leaves.push({ key, terms: own, bytes: own.reduce((sum, t) => sum + t.bytes, 0) });
    for (const [next, sub] of [...byNext].sort(([a], [b]) => (a < b ? -1 : 1))) split(next, sub);
  };
  split('', sized);
  leaves.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const groups: number[][] = [];
  const fileOf: number[] = [];
  let bytes = Infinity;
  for (const leaf of leaves) {
    if (bytes + leaf.bytes > target) {
      groups.push([]);
      bytes = 0;
    }
    groups[groups.length - 1].push(...leaf.terms.map((t) => t.index));
    bytes += leaf.bytes;
    fileOf.push(groups.length - 1);
  }
  return { keys: leaves.map((l) => l.key), fileOf, groups };
}
