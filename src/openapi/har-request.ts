import type { SnippetRequest } from './snippet-request.js';

/** The HAR request that @scalar/snippetz prints. */
export interface HarRequest {
  method: string;
  url: string;
  queryString?: { name: string; value: string }[];
  headers: { name: string; value: string }[];
  cookies: { name: string; value: string }[];
  postData?: { mimeType: string; text: string; params?: { name: string; value: string }[]; boundary?: string };
}

export interface TemplatedHar {
  /** The request with placeholder tokens in place of example values. */
  har: HarRequest;
  /** Token → the text it stands for. */
  values: Map<string, string>;
}

/** Keeps ',' and ':' readable in query values (hex lists, ISO 8601 times); encodes `'`, which samples use as quotes. */
const encodeQuery = (text: string) =>
  encodeURIComponent(text).replace(/%2C/gi, ',').replace(/%3A/gi, ':').replace(/'/g, '%27');
/** Text every snippet client prints unchanged: no quoting, escaping or percent-decoding differences. */
const INERT_QUERY = /^[A-Za-z0-9\-._~,:]+$/;
const INERT_PATH = /^[A-Za-z0-9\-._~/,:@]+$/;

/**
 * The HAR request with the real values. Most clients keep a query only when it is in the URL;
 * the few that quote the URL only when the query is separate (curl) get `queryString`.
 */
export function harRequest(request: SnippetRequest, options: { queryInUrl: boolean }): HarRequest {
  return templatedHar(request, { ...options, tokenize: false }).har;
}

/**
 * The HAR request with letter-only tokens in place of the path and of the query and header
 * values that every client prints verbatim, so that one printed and highlighted sample serves
 * every operation of the same shape: the caller swaps the tokens back in the highlighted HTML.
 */
export function templatedHar(
  request: SnippetRequest,
  { queryInUrl, tokenize = true }: { queryInUrl: boolean; tokenize?: boolean },
): TemplatedHar {
  const values = new Map<string, string>();
  const slot = (text: string, inert: RegExp) => {
    if (!tokenize || !inert.test(text)) return text;
    const token = tokenFor(values.size);
    values.set(token, text);
    return token;
  };
  // An inert value reads the same encoded or not, so its token stands for both forms.
  const pairs = request.query.map(([name, value]) => ({ name, value: slot(value, INERT_QUERY) }));
  const query = queryInUrl
    ? pairs.map(({ name, value }) => `${encodeQuery(name)}=${encodeQuery(value)}`).join('&')
    : '';
  const har: HarRequest = {
    method: request.method,
    // The leading '/' stays literal so that clients which split host and path see the same host.
    url: `${request.base}/${slot(request.path.replace(/^\//, ''), INERT_PATH)}${query ? `?${query}` : ''}`,
    ...(queryInUrl || !pairs.length ? {} : { queryString: pairs }),
    headers: request.headers.map(({ name, value }) => ({
      name,
      value: value.startsWith('YOUR_') ? value : slot(value, INERT_QUERY),
    })),
    cookies: request.cookies,
  };
  if (request.body) har.postData = request.body;
  return { har, values };
}

/** 0 → 'dgzqaqzd', 1 → 'dgzqbqzd', 26 → 'dgzqbaqzd': letters only, so no highlighter splits it. */
function tokenFor(index: number): string {
  let letters = '';
  let n = index;
  do {
    letters = String.fromCharCode(97 + (n % 26)) + letters;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `dgzq${letters}qzd`;
}
