/** Highlighted excerpts of result text around the matched terms (shared by the browser and tests). */
import { stemOf, tokenize, type Token } from './search-terms.js';

export interface TextPart {
  text: string;
  mark?: boolean;
}

function markedRanges(text: string, terms: ReadonlySet<string>): [number, number][] {
  const ranges: [number, number][] = [];
  if (terms.size === 0) return ranges;
  // The parts of a matched identifier ('min', 'time' of 'min_time') are marked only inside it,
  // not wherever they appear on their own ('time series', 'max_time').
  const owned = new Set<string>();
  for (const term of terms)
    if (/[^\p{L}\p{N}]/u.test(term)) for (const part of term.split(/[^\p{L}\p{N}]+/u)) if (part) owned.add(part);
  const known = new Map<string, boolean>();
  const matches = (word: string) => {
    let hit = known.get(word);
    if (hit === undefined)
      known.set(word, (hit = !owned.has(word) && (terms.has(word) || terms.has(stemOf(word) ?? '\0'))));
    return hit;
  };
  const tokens = tokenize(text);
  const phrases = spelledOutIdentifiers(text, tokens, terms);
  for (const token of tokens) {
    const phrase = phrases.find(([from, to]) => token.start >= from && token.end <= to);
    if (!phrase && !(token.compound ? terms.has(token.text) : matches(token.text))) continue;
    const [start, end] = phrase ?? [token.start, token.end];
    const last = ranges[ranges.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
  }
  return ranges;
}

/**
 * Where a matched identifier is written out as words ('CBSD id' for cbsd_id, 'min time' for
 * min_time): its parts in order with only spaces or joiners between them. Such a run is marked
 * although its parts on their own are not.
 */
function spelledOutIdentifiers(text: string, tokens: Token[], terms: ReadonlySet<string>): [number, number][] {
  const identifiers = [...terms]
    .map((term) => term.split(/[^\p{L}\p{N}]+/u).filter(Boolean))
    .filter((p) => p.length > 1);
  if (identifiers.length === 0) return [];
  const words = tokens.filter((token) => !token.compound);
  const runs: [number, number][] = [];
  for (let i = 0; i < words.length; i++) {
    for (const parts of identifiers) {
      const run = words.slice(i, i + parts.length);
      if (run.length < parts.length || !run.every((word, k) => word.text === parts[k])) continue;
      const joinedBySpaces = run.every(
        (word, k) => k === 0 || /^[\s_\-.]*$/.test(text.slice(run[k - 1].end, word.start)),
      );
      if (joinedBySpaces) runs.push([run[0].start, run[run.length - 1].end]);
    }
  }
  return runs;
}

/** The whole text with every matched word marked. */
export function highlight(text: string, terms: Iterable<string>): TextPart[] {
  return partsOf(text, markedRanges(text, new Set(terms)), 0, text.length);
}

/**
 * An excerpt of about `length` characters around the densest run of matched words, cut at word
 * boundaries, with '…' where text was left out.
 */
export function snippet(text: string, terms: Iterable<string>, length = 180): TextPart[] {
  const ranges = markedRanges(text, new Set(terms));
  if (text.length <= length) return partsOf(text, ranges, 0, text.length);
  let best = 0;
  let bestCount = -1;
  for (let i = 0, j = 0; i < ranges.length; i++) {
    if (j < i) j = i;
    while (j + 1 < ranges.length && ranges[j + 1][1] - ranges[i][0] <= length) j++;
    if (j - i + 1 > bestCount) {
      bestCount = j - i + 1;
      best = i;
    }
  }
  let start = ranges.length ? Math.max(0, ranges[best][0] - Math.floor(length / 4)) : 0;
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < (ranges[best]?.[0] ?? start + 20) ? space + 1 : start;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + length / 2) end = space;
  }
  const parts = partsOf(text, ranges, start, end);
  if (start > 0) parts.unshift({ text: '…' });
  if (end < text.length) parts.push({ text: '…' });
  return mergePlain(parts);
}

function partsOf(text: string, ranges: [number, number][], start: number, end: number): TextPart[] {
  const parts: TextPart[] = [];
  let at = start;
  for (const [from, to] of ranges) {
    if (to <= start || from >= end) continue;
    const a = Math.max(from, start);
    const b = Math.min(to, end);
    if (a > at) parts.push({ text: text.slice(at, a) });
    parts.push({ text: text.slice(a, b), mark: true });
    at = b;
  }
  if (at < end) parts.push({ text: text.slice(at, end) });
  return parts;
}

function mergePlain(parts: TextPart[]): TextPart[] {
  const out: TextPart[] = [];
  for (const part of parts) {
    const last = out[out.length - 1];
    if (last && !last.mark && !part.mark) last.text += part.text;
    else out.push({ ...part });
  }
  return out;
}
