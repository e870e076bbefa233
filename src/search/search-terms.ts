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

const PLAIN_WORD = /^\p{L}+$/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const LOWER = /\p{Ll}/u;
const UPPER = /\p{Lu}/u;
const MAX_TERM_LENGTH = 64;

/** 1: letter or digit, 2: joiner (_ - . / { }), 0: separator. ASCII by table, the rest by regex. */
const ASCII_CLASS = new Uint8Array(128);
for (let c = 48; c <= 57; c++) ASCII_CLASS[c] = 1;
for (let c = 65; c <= 90; c++) ASCII_CLASS[c] = 1;
for (let c = 97; c <= 122; c++) ASCII_CLASS[c] = 1;
for (const c of '_-./{}') ASCII_CLASS[c.charCodeAt(0)] = 2;

function classOf(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 128) return ASCII_CLASS[code];
  // Surrogate pairs: classify the whole code point at its first unit, the second unit follows it.
  if (code >= 0xdc00 && code <= 0xdfff)
    return i > 0 && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800 ? classOf(text, i - 1) : 0;
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(i)!)) ? 1 : 0;
}

function isLower(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return code < 128 ? code >= 97 && code <= 122 : LOWER.test(ch);
}
function isUpper(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return code < 128 ? code >= 65 && code <= 90 : UPPER.test(ch);
}

const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can could did do does for from had has have how i if in into is it its ' +
    'me my no not of on or our so than that the their them then there these they this those to too us ' +
    'was we were what when where which who why will with would you your'
  ).split(' '),
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

/** Pushes a run of letters and digits: the word, or for camelCase the whole and then its parts. */
function pushWord(tokens: Token[], text: string, start: number, end: number): void {
  let camel = -1;
  for (let i = start + 1; i < end; i++) {
    if (isUpper(text[i]) && isLower(text[i - 1])) {
      camel = i;
      break;
    }
  }
  const word = text.slice(start, end);
  if (camel < 0) {
    tokens.push({ text: word.toLowerCase(), compound: false, start, end });
    return;
  }
  // camelCase: the whole word, then its parts ('rewardType' → rewardtype, reward, type).
  tokens.push({ text: word.toLowerCase(), compound: true, start, end });
  let from = start;
  for (let i = start + 1; i < end; i++) {
    if (isUpper(text[i]) && isLower(text[i - 1])) {
      tokens.push({ text: text.slice(from, i).toLowerCase(), compound: false, start: from, end: i });
      from = i;
    }
  }
  tokens.push({ text: text.slice(from, end).toLowerCase(), compound: false, start: from, end });
}

/**
 * The tokens of a text, in order. A chunk is a run of letters, digits and joiners with the
 * joiners at its ends trimmed; a chunk of several parts gives the whole (a compound) and then
 * each part. camelCase words give the whole word and then its parts.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const length = text.length;
  let i = 0;
  while (i < length) {
    // Skip to the first letter or digit (leading joiners are trimmed).
    while (i < length && classOf(text, i) !== 1) i++;
    if (i >= length) break;
    const start = i;
    let end = i;
    let parts = 0;
    let inPart = false;
    let j = i;
    for (; j < length; j++) {
      const kind = classOf(text, j);
      if (kind === 0) break;
      if (kind === 1) {
        if (!inPart) parts++;
        inPart = true;
        end = j + 1;
      } else inPart = false;
    }
    if (parts > 1) tokens.push({ text: text.slice(start, end).toLowerCase(), compound: true, start, end });
    let k = start;
    while (k < end) {
      const from = k;
      while (k < end && classOf(text, k) === 1) k++;
      pushWord(tokens, text, from, k);
      while (k < end && classOf(text, k) !== 1) k++;
    }
    i = j;
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

/** indexTerms with a memo, for one index build or one browser session (words repeat a lot). */
export function createIndexTermCache(): (token: string) => string[] {
  const memo = new Map<string, string[]>();
  return (token) => {
    let terms = memo.get(token);
    if (!terms) {
      terms = indexTerms(token);
      if (memo.size < 200_000) memo.set(token, terms);
    }
    return terms;
  };
}

/** Every term of a text, as the index stores them (used for field values at build time). */
export function termsOf(text: string): string[] {
  return tokenize(text).flatMap((token) => indexTerms(token.text));
}
