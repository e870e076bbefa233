/**
 * The search index's term files, kept between builds so that a merge after an edit turns into
 * JSON again only the terms whose postings the edited parts changed.
 *
 * A full merge adds every part's postings (every posting of the site), turns every term into JSON
 * and hashes every term file: ~10% of a cached rebuild of a 5,000-page site after a one-line edit,
 * whose edit changes the postings of a few terms. A term's postings are the parts' postings shifted
 * by each part's first document id, so while the parts keep their document counts, a part indexed
 * again changes only the terms whose postings in that part differ: those are taken from the last
 * merge's JSON, their postings in the part's id range replaced by the part's new ones. The files are
 * then split again by the terms' sizes (the same rule), and a file whose terms are all unchanged
 * keeps its text and version. The result is the full merge's, byte for byte (property test).
 */
import { createHash } from 'node:crypto';
import { splitBySize } from './split-terms.js';
import type { PackedField, PackedTerm } from './search-index-format.js';
import { varintReader, type CompactTerms } from './term-postings.js';

/** One term file: its terms (consecutive in sorted order), their JSON's lengths, its text and version. */
export interface TermFile {
  terms: string[];
  lengths: number[];
  text: string;
  version: string;
}

/** The term files of a merge and the parts they were merged from (by reference: the build cache's own). */
export interface TermFiles {
  parts: readonly { terms: CompactTerms; documentCount: number }[];
  target: number;
  keys: string[];
  fileOf: number[];
  files: TermFile[];
}

/** Where the last merge's term files are kept between builds (the build cache). */
export interface KeptTermFiles {
  last?: TermFiles;
}

/** Characters of a file's version: 48 bits, so a file whose contents change keeps its name with a chance of 2^-48. */
const VERSION_CHARS = 8;

/** SHA-256 of `text`, URL-safe: a page's content hash, and (cut short) a search file's version. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The version in a search file's name: a URL-safe hash of `identity`, its contents or what they are made of. */
export const fileVersion = (identity: string) => sha256(identity).slice(0, VERSION_CHARS);

/** The text of a term file (a `TermFile` of the format: `{ terms }`) from its terms' own JSON. */
const fileText = (json: readonly string[]) => `{"terms":[${json.join(',')}]}`;

/** Where the first term's JSON starts in a file's text. */
const FIRST_TERM_AT = '{"terms":['.length;

/** Each term's JSON in a file's text, in order. */
function termJson(file: TermFile): string[] {
  const json: string[] = [];
  let at = FIRST_TERM_AT;
  for (const length of file.lengths) {
    json.push(file.text.slice(at, at + length));
    at += length + 1;
  }
  return json;
}

/**
 * The term files of sorted terms and their JSON, split into files of about `target` bytes
 * (`splitTermKeys`' rule); a file of `last` with the same terms, none of them in `fresh`, is taken
 * as it is. Undefined if a file's terms are not consecutive (the incremental merge relies on it).
 */
function splitIntoFiles(
  terms: readonly string[],
  json: readonly string[],
  { target, last, fresh }: { target: number; last?: readonly TermFile[]; fresh?: ReadonlySet<string> },
): Pick<TermFiles, 'keys' | 'fileOf' | 'files'> | undefined {
  const { keys, fileOf, groups } = splitBySize(terms, (i) => json[i].length + 1, target);
  const byFirst = new Map((last ?? []).map((file) => [file.terms[0], file]));
  const files: TermFile[] = [];
  for (const group of groups) {
    if (group.some((index, n) => index !== group[0] + n)) return undefined;
    const own = terms.slice(group[0], group[0] + group.length);
    const kept = byFirst.get(own[0]);
    const same =
      kept &&
      kept.terms.length === own.length &&
      kept.terms[own.length - 1] === own[own.length - 1] &&
      !own.some((term) => fresh?.has(term));
    if (same) files.push(kept);
    else {
      const text = fileText(group.map((i) => json[i]));
      files.push({ terms: own, lengths: group.map((i) => json[i].length), text, version: fileVersion(text) });
    }
  }
  return { keys, fileOf, files };
}

/** The term files of every term's JSON (sorted), as a full merge makes them. */
export function termFilesOf(
  terms: readonly string[],
  json: readonly string[],
  target: number,
  parts: TermFiles['parts'],
): TermFiles {
  return { parts, target, ...splitIntoFiles(terms, json, { target })! };
}

/** One field's postings of a term in document order: ids and frequencies. */
type Postings = Map<number, { ids: number[]; frequencies: number[] }>;

/** Reads one term's record of a compact part (see `CompactTerms`), its ids shifted by `offset`. */
function readRecord(read: ReturnType<typeof varintReader>, offset: number): Postings {
  const postings: Postings = new Map();
  for (let f = read.next(); f > 0; f--) {
    const field = read.next();
    const ids: number[] = [];
    let id = offset;
    for (let i = read.next(); i > 0; i--) ids.push((id += read.next()));
    const frequencies = read.next() ? ids.map(() => read.next()) : ids.map(() => 1);
    postings.set(field, { ids, frequencies });
  }
  return postings;
}

/** A term's change in one part: its postings there (none if the part no longer has it) replace those of its id range. */
interface PartChange {
  from: number;
  to: number;
  postings?: Postings;
}

/** Each term of a compact part with the bytes of its record, in order. */
function* recordsOf(terms: CompactTerms, offset: number) {
  const read = varintReader(terms.postings);
  for (let t = 0; t < terms.ends.length; t++) {
    const start = read.at;
    const postings = readRecord(read, offset);
    yield {
      term: terms.text.slice(t === 0 ? 0 : terms.ends[t - 1], terms.ends[t]),
      bytes: terms.postings.subarray(start, read.at),
      postings,
    };
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

/** The terms whose postings differ between an old and a new index of one part, with their change. */
function partChanges(
  old: CompactTerms,
  now: CompactTerms,
  range: { from: number; to: number },
  into: Map<string, PartChange[]>,
) {
  const before = recordsOf(old, range.from);
  const after = recordsOf(now, range.from);
  let a = before.next();
  let b = after.next();
  const add = (term: string, postings?: Postings) => {
    const list = into.get(term) ?? [];
    list.push({ ...range, postings });
    into.set(term, list);
  };
  while (!a.done || !b.done) {
    if (!b.done && (a.done || b.value.term < a.value.term)) {
      add(b.value.term, b.value.postings);
      b = after.next();
    } else if (!a.done && (b.done || a.value.term < b.value.term)) {
      add(a.value.term);
      a = before.next();
    } else {
      if (!sameBytes(a.value!.bytes, b.value!.bytes)) add(b.value!.term, b.value!.postings);
      a = before.next();
      b = after.next();
    }
  }
}

/** A term's postings from its JSON in a term file. */
function postingsOfJson(json: string | undefined): Postings {
  const postings: Postings = new Map();
  if (json === undefined) return postings;
  const [, ...fields] = JSON.parse(json) as PackedTerm;
  for (const [field, deltas, frequencies] of fields as PackedField[]) {
    let id = 0;
    postings.set(field, { ids: deltas.map((delta) => (id += delta)), frequencies: frequencies ?? deltas.map(() => 1) });
  }
  return postings;
}

/**
 * A term's JSON as the full merge makes it (fields in order, frequencies left out when all 1), or
 * undefined when it has no postings left.
 */
function packedJson(term: string, postings: Postings): string | undefined {
  const fields: PackedField[] = [];
  for (const field of [...postings.keys()].sort((x, y) => x - y)) {
    const { ids, frequencies } = postings.get(field)!;
    if (ids.length === 0) continue;
    const deltas = ids.map((id, i) => (i === 0 ? id : id - ids[i - 1]));
    fields.push(frequencies.every((n) => n === 1) ? [field, deltas] : [field, deltas, frequencies]);
  }
  return fields.length ? JSON.stringify([term, ...fields]) : undefined;
}

/** A term's postings with its changes applied: each changed part's id range emptied, then its new postings added, in id order. */
function applyChanges(postings: Postings, changes: readonly PartChange[]): Postings {
  const applied: Postings = new Map();
  const fields = new Set([...postings.keys(), ...changes.flatMap((change) => [...(change.postings?.keys() ?? [])])]);
  for (const field of fields) {
    const pairs: [number, number][] = [];
    const own = postings.get(field);
    own?.ids.forEach((id, i) => {
      if (!changes.some((change) => id >= change.from && id < change.to)) pairs.push([id, own.frequencies[i]]);
    });
    for (const change of changes) {
      const added = change.postings?.get(field);
      added?.ids.forEach((id, i) => pairs.push([id, added.frequencies[i]]));
    }
    pairs.sort((x, y) => x[0] - y[0]);
    applied.set(field, { ids: pairs.map(([id]) => id), frequencies: pairs.map(([, n]) => n) });
  }
  return applied;
}

/** A merge after an edit that changed more parts than this merges every part again. */
const MAX_CHANGED_PARTS = 8;

/**
 * The term files of `parts` made from `last` (the term files of the parts before an edit): only
 * the terms whose postings changed are made again. Undefined when that cannot be done (another
 * target, parts added or removed, a changed part with another document count, which shifts the
 * ids of every part after it, or many parts changed): the caller merges every part.
 */
export function termFilesAgain(last: TermFiles, parts: TermFiles['parts'], target: number): TermFiles | undefined {
  if (last.target !== target || last.parts.length !== parts.length) return undefined;
  const changes = new Map<string, PartChange[]>();
  let from = 0;
  let changed = 0;
  for (let i = 0; i < parts.length; i++) {
    const [old, now] = [last.parts[i], parts[i]];
    const to = from + now.documentCount;
    if (old !== now) {
      if (old.documentCount !== now.documentCount || ++changed > MAX_CHANGED_PARTS) return undefined;
      partChanges(old.terms, now.terms, { from, to }, changes);
    }
    from = to;
  }
  if (changed === 0) return last;
  const jsonOf = new Map<string, string>();
  for (const file of last.files) termJson(file).forEach((json, k) => jsonOf.set(file.terms[k], json));
  for (const [term, list] of changes) {
    const json = packedJson(term, applyChanges(postingsOfJson(jsonOf.get(term)), list));
    if (json === undefined) jsonOf.delete(term);
    else jsonOf.set(term, json);
  }
  const terms = [...jsonOf.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const json = terms.map((term) => jsonOf.get(term)!);
  const split = splitIntoFiles(terms, json, { target, last: last.files, fresh: new Set(changes.keys()) });
  return split && { parts, target, ...split };
}
