/**
 * How text becomes search terms, shared by the index build (Node) and the browser so that both
 * sides agree term for term. Pure, no DOM and no Node APIs.
 *
 * - Words are runs of letters and digits; identifiers joined by `_`, `-`, `.` or `/` (`min_time`,
 *   `cbsd_id`, `/gateways/{address}/mobile/rewards`) are kept whole as well as split into parts,
 *   and camelCase names (`rewardType`) also give their parts.
 * - Terms are lower-cased; common English words ('how', 'do', 'the') are dropped.
 * - Plain words are also indexed under their Porter stem, so 'authenticate' finds
 *   'authentication' and 'rewards' finds 'rewarded'.
 */
import { stemmer } from 'stemmer';

/** Runs of word characters plus the joiners that make identifiers and paths. */
const CHUNK = /[\p{L}\p{N}_\-./{}]+/gu;
const PART = /[\p{L}\p{N}]+/gu;
const PLAIN_WORD = /^\p{L}+$/u;
const MAX_TERM_LENGTH = 64;

const STOP_WORDS = new Set(
  ('a an and are as at be but by can could did do does for from had has have how i if in into is it its ' +
    'me my no not of on or our so than that the their them then there these they this those to too us ' +
    'was we were what when where which who why will with would you your').split(' '),
);

export function isStopWord(term: string): boolean {
  return STOP_WORDS.has(term);
}

/** A word of the text or query: the form to index plus, for identifiers, their parts. */
export interface Token {
  /** Lower-cased compound ('min_time') or word ('rewards'). */
  text: string;
  /** True for an identifier or path made of several parts. */
  compound: boolean;
  /** Offset of the token in the source string (for highlighting). */
  start: number;
  end: number;
}

const JOINERS = /^[_\-./{}]+|[_\-./{}]+$/g;
const SIMPLE_WORD = /^[\p{L}\p{N}]+$/u;
const CAMEL = /\p{Ll}\p{Lu}/u;

function pushWord(tokens: Token[], word: string, start: number): void {
  if (!CAMEL.test(word)) {
    tokens.push({ text: word.toLowerCase(), compound: false, start, end: start + word.length });
    return;
  }
  // camelCase: the whole word, then its parts ('rewardType' → rewardtype, reward, type).
  tokens.push({ text: word.toLowerCase(), compound: true, start, end: start + word.length });
  let at = start;
  for (const piece of word.split(/(?<=\p{Ll})(?=\p{Lu})/u)) {
    tokens.push({ text: piece.toLowerCase(), compound: false, start: at, end: at + piece.length });
    at += piece.length;
  }
}

/**
 * The tokens of a text, in order: each chunk, then its parts. Compounds and camelCase words
 * give the whole form first and then each part.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  CHUNK.lastIndex = 0;
  for (let match = CHUNK.exec(text); match; match = CHUNK.exec(text)) {
    let chunk = match[0];
    let start = match.index;
    if (SIMPLE_WORD.test(chunk)) {
      pushWord(tokens, chunk, start);
      continue;
    }
    const lead = chunk.length - chunk.replace(/^[_\-./{}]+/, '').length;
    chunk = chunk.replace(JOINERS, '');
    if (!chunk) continue;
    start += lead;
    PART.lastIndex = 0;
    const parts: RegExpExecArray[] = [];
    for (let part = PART.exec(chunk); part; part = PART.exec(chunk)) parts.push(part);
    if (parts.length > 1) tokens.push({ text: chunk.toLowerCase(), compound: true, start, end: start + chunk.length });
    for (const part of parts) pushWord(tokens, part[0], start + part.index);
  }
  return tokens;
}

/** The stem of a plain word, or undefined when it is the word itself or not a plain word. */
export function stemOf(term: string): string | undefined {
  if (!PLAIN_WORD.test(term) || term.length < 4) return undefined;
  const stem = stemmer(term);
  return stem !== term && stem.length >= 2 ? stem : undefined;
}

/** The terms a token is indexed under: none for stop words, the word and its stem otherwise. */
export function indexTerms(token: string): string[] {
  if (token.length > MAX_TERM_LENGTH || isStopWord(token)) return [];
  const stem = stemOf(token);
  return stem ? [token, stem] : [token];
}

/** Every term of a text, as the index stores them (used for field values at build time). */
export function termsOf(text: string): string[] {
  return tokenize(text).flatMap((token) => indexTerms(token.text));
}
