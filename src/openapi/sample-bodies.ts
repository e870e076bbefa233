/**
 * JSON request bodies in the code samples, where @scalar/snippetz 0.6.19 (the last release for
 * Node 20) prints them wrong: a string with `'`, `\` or a line break, a `null`, an array in an
 * array or a key such as `a.b` gave samples that do not compile or send another body, without a
 * word. Each fix below changes what snippetz is given or replaces the one piece it got wrong, so
 * bodies it printed right come out as before.
 */
import type { HarRequest } from './har-request.js';
import { jsLiteral } from './js-object-literal.js';

type Print = (har: HarRequest) => string | undefined;
type BodyFix = (har: HarRequest, value: unknown, print: Print) => string | undefined;

const JSON_MIME = /^application\/(?:[\w.-]+\+)?json\b/i;

/**
 * The sample of a request with a JSON body, for the clients snippetz gets wrong; undefined for
 * other clients and bodies (the caller prints those as they are). Any JSON media type is given
 * to snippetz as application/json, the only one it reads as JSON (the header stays the request's).
 */
export function printWithJsonBody(client: string, har: HarRequest, print: Print): string | undefined {
  const fix = BODY_FIXES[client];
  const body = har.postData;
  if (!fix || !body?.text || !JSON_MIME.test(body.mimeType)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(body.text);
  } catch {
    return undefined;
  }
  return fix({ ...har, postData: { ...body, mimeType: 'application/json' } }, value, print);
}

const withText = (har: HarRequest, text: string): HarRequest => ({ ...har, postData: { ...har.postData!, text } });

/** fetch and undici: snippetz prints an empty object, and docsgen's literal takes its place. */
const javascriptBody: BodyFix = (har, value, print) => {
  const code = print(withText(har, '{}'));
  const empty = 'JSON.stringify({})';
  // The options object's properties are 2 spaces in, so the body's literal starts there.
  return code?.includes(empty) ? code.replace(empty, () => `JSON.stringify(${jsLiteral(value, 2)})`) : undefined;
};

/** A fix that replaces snippetz' quoting of the body text (`before` + text + `after`) by `quote(text)`. */
const requoted =
  (before: string, after: string, quote: (text: string) => string): BodyFix =>
  (har, _value, print) => {
    const code = print(har);
    const text = har.postData!.text;
    return code?.replace(`${before}${text}${after}`, () => quote(text));
  };

/** PowerShell's single-quoted strings take `'` doubled and nothing else escaped. */
const powershellBody = requoted("'", "'", (text) => `'${text.replace(/'/g, "''")}'`);

/** Dart: a raw string `r'…'` cannot hold `'`; a plain one escapes `\`, `'` and `$`. */
const dartBody = requoted("r'", "'", (text) =>
  /['\n]/.test(text) ? `'${text.replace(/[\\'$]/g, (c) => `\\${c}`).replace(/\n/g, '\\n')}'` : `r'${text}'`,
);

/**
 * Swift and Objective-C: snippetz writes each string as `"` + it with `"` escaped + `"`, keys
 * the same without escaping, and `null` as nothing. So docsgen gives it the body with every
 * string and key already escaped for the language (but `"`), and a token for each null that the
 * language's null object replaces after printing.
 */
const NULL_TOKEN = 'dgzqnullqzd';
const NAMED_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const escapedForC =
  (controls: (code: number) => string) =>
  (text: string): string =>
    // Control characters (C0 and DEL; the C1 ones, U+0080–U+009F, are left as they are) and `\`.
    text.replace(/[\\\p{Cc}]/gu, (c) => {
      const code = c.charCodeAt(0);
      if (c === '\\') return '\\\\';
      if (code >= 0x80 && code < 0xa0) return c;
      return NAMED_ESCAPES[c] ?? controls(code);
    });

function withEscapedStrings(value: unknown, escape: (text: string) => string): unknown {
  if (value === null) return NULL_TOKEN;
  if (typeof value === 'string') return escape(value);
  if (Array.isArray(value)) return value.map((item) => withEscapedStrings(item, escape));
  if (typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  return Object.fromEntries(
    entries.map(([key, item]) => [escape(key).replace(/"/g, '\\"'), withEscapedStrings(item, escape)]),
  );
}

const nativeLiteralBody =
  (escape: (text: string) => string, quotedNull: string, nullObject: string): BodyFix =>
  (har, value, print) => {
    const code = print(withText(har, JSON.stringify(withEscapedStrings(value, escape))));
    return code?.split(quotedNull).join(nullObject);
  };

const swiftBody = nativeLiteralBody(
  escapedForC((code) => `\\u{${code.toString(16)}}`),
  `"${NULL_TOKEN}"`,
  'NSNull()',
);
const objectiveCBody = nativeLiteralBody(
  escapedForC((code) => `\\${code.toString(8).padStart(3, '0')}`),
  `@"${NULL_TOKEN}"`,
  '[NSNull null]',
);

/** By snippetz target and client. */
const BODY_FIXES: Readonly<Record<string, BodyFix>> = {
  'js fetch': javascriptBody,
  'node undici': javascriptBody,
  'powershell restmethod': powershellBody,
  'dart http': dartBody,
  'swift nsurlsession': swiftBody,
  'objc nsurlsession': objectiveCBody,
};
