// Every request shown in the Markdown content must exist in the API description:
// the path must match a GET operation of openapi/heliumgeek.json and every query
// parameter it uses must be declared by that operation (or its path item).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';

const BASE = 'https://api.heliumgeek.com/v0';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const specFile = join(root, 'openapi/heliumgeek.json');

/** Stands in for any interpolated value: `${x}` in JS, `{x}` in f-strings, `$X` in shell. */
const DYNAMIC = '\u0000';

interface CodeBlock {
  lang: string;
  text: string;
  /** 1-based line of the block's first content line in the file. */
  line: number;
}

interface FoundRequest {
  url: string;
  /** Query parameter names passed outside the URL (params dicts, URLSearchParams). */
  extraParams: string[];
  line: number;
  lang: string;
}

interface Operation {
  template: string;
  queryParams: Set<string>;
}

type Json = Record<string, unknown>;

function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[i]);
    if (!open) continue;
    const fence = open[1];
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !new RegExp(`^\\s*${fence[0]}{${fence.length},}\\s*$`).test(lines[j]))
      body.push(lines[j++]);
    blocks.push({ lang: open[2].toLowerCase(), text: body.join('\n'), line: i + 2 });
    i = j;
  }
  return blocks;
}

/** Index just past the brace that closes the one at `start`, skipping string literals. */
function closingBrace(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      if (end === -1) return text.length;
      i = end;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return text.length;
}

/** Reads a URL starting at `start`, replacing interpolations with DYNAMIC. */
function readUrl(text: string, start: number, lang: string): { url: string; end: number } {
  let url = '';
  let i = start;
  while (i < text.length) {
    const c = text[i];
    if (c === '$' && text[i + 1] === '{') {
      i = closingBrace(text, i + 1);
      url += DYNAMIC;
    } else if (
      c === '$' &&
      /[A-Za-z_]/.test(text[i + 1] ?? '') &&
      (lang === 'bash' || lang === 'sh' || lang === 'shell')
    ) {
      i++;
      while (i < text.length && /\w/.test(text[i])) i++;
      url += DYNAMIC;
    } else if (c === '{' && lang === 'python') {
      i = closingBrace(text, i);
      url += DYNAMIC;
    } else if (/[\s"'`<>\\)]/.test(c)) {
      break;
    } else {
      url += c;
      i++;
    }
  }
  return { url, end: i };
}

/** Keys of the object literal whose opening brace is at `start` (top level only). */
function objectKeys(text: string, start: number): string[] {
  const body = text.slice(start + 1, closingBrace(text, start) - 1);
  // Blank out nested structures so only top-level keys remain.
  let flat = '';
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '"' || c === "'") {
      const end = body.indexOf(c, i + 1);
      const literal = body.slice(i, end === -1 ? body.length : end + 1);
      flat += depth === 0 ? literal : ' '.repeat(literal.length);
      i = end === -1 ? body.length : end;
    } else if ('{[('.includes(c)) {
      depth++;
      flat += ' ';
    } else if ('}])'.includes(c)) {
      depth--;
      flat += ' ';
    } else flat += depth === 0 ? c : ' ';
  }
  const keys: string[] = [];
  for (const m of flat.matchAll(/(?:^|,)\s*(?:"([^"]+)"|'([^']+)'|([A-Za-z_$][\w$]*))\s*:/g))
    keys.push(m[1] ?? m[2] ?? m[3]);
  return keys;
}

/** Query parameter names set outside the URL, with their positions in the block. */
function separateParams(block: CodeBlock): { index: number; names: string[] }[] {
  const found: { index: number; names: string[] }[] = [];
  const text = block.text;
  const dictStarts = block.lang === 'python' ? /\bparams\s*=\s*\{/g : /new URLSearchParams\(\s*\{/g;
  for (const m of text.matchAll(dictStarts)) {
    const brace = m.index + m[0].length - 1;
    found.push({ index: m.index, names: objectKeys(text, brace) });
  }
  for (const m of text.matchAll(/searchParams\.(?:set|append)\(\s*["'`]([^"'`]+)["'`]/g)) {
    found.push({ index: m.index, names: [m[1]] });
  }
  if (['bash', 'sh', 'shell'].includes(block.lang)) {
    for (const m of text.matchAll(/(?:--data-urlencode|--data|-d)\s+["']?([\w]+)=/g))
      found.push({ index: m.index, names: [m[1]] });
  }
  return found.sort((a, b) => a.index - b.index);
}

function extractRequests(markdown: string): FoundRequest[] {
  const requests: FoundRequest[] = [];
  for (const block of codeBlocks(markdown)) {
    const inBlock: (FoundRequest & { index: number })[] = [];
    let from = 0;
    for (;;) {
      const index = block.text.indexOf(BASE, from);
      if (index === -1) break;
      const { url, end } = readUrl(block.text, index, block.lang);
      const line = block.line + block.text.slice(0, index).split('\n').length - 1;
      inBlock.push({ url, extraParams: [], line, lang: block.lang, index });
      from = end;
    }
    if (inBlock.length === 0) continue;
    for (const { index, names } of separateParams(block)) {
      // Attach to the closest request before the parameters, else the first one after them.
      const before = inBlock.filter((r) => r.index < index).at(-1);
      (before ?? inBlock.find((r) => r.index > index) ?? inBlock[0]).extraParams.push(...names);
    }
    for (const { index: _index, ...request } of inBlock) requests.push(request);
  }
  return requests;
}

function resolveRef(spec: Json, value: unknown): Json {
  let node = value as Json;
  const seen = new Set<string>();
  while (node && typeof node.$ref === 'string') {
    const ref = node.$ref;
    assert.ok(ref.startsWith('#/'), `only local $refs are supported, got ${ref}`);
    assert.ok(!seen.has(ref), `circular $ref ${ref}`);
    seen.add(ref);
    node = ref
      .slice(2)
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((acc, key) => (acc as Json | undefined)?.[key], spec) as Json;
    assert.ok(node, `unresolvable $ref ${ref}`);
  }
  return node;
}

function loadOperations(spec: Json): Operation[] {
  const operations: Operation[] = [];
  for (const [template, rawItem] of Object.entries((spec.paths ?? {}) as Json)) {
    const item = resolveRef(spec, rawItem);
    if (!item.get) continue;
    const get = resolveRef(spec, item.get);
    const params = [...((item.parameters as unknown[]) ?? []), ...((get.parameters as unknown[]) ?? [])].map((p) =>
      resolveRef(spec, p),
    );
    operations.push({
      template,
      queryParams: new Set(params.filter((p) => p.in === 'query').map((p) => String(p.name))),
    });
  }
  return operations;
}

function segmentMatches(template: string, concrete: string): boolean {
  if (concrete.includes(DYNAMIC)) return /^\{[^}]+\}$/.test(template);
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(decodeURIComponent(concrete));
}

/** Returns the problems with one request URL (empty when it matches the description). */
function checkRequest(operations: Operation[], url: string, extraParams: string[] = []): string[] {
  assert.ok(url.startsWith(BASE), `${url} is not under ${BASE}`);
  const [pathPart, query = ''] = url.slice(BASE.length).split(/\?(.*)/s, 2);
  const segments = pathPart.split('/').filter(Boolean);
  const candidates = operations
    .map((op) => ({ op, tpl: op.template.split('/').filter(Boolean) }))
    .filter(({ tpl }) => tpl.length === segments.length && tpl.every((t, i) => segmentMatches(t, segments[i])))
    .sort((a, b) => b.tpl.filter((t) => !t.startsWith('{')).length - a.tpl.filter((t) => !t.startsWith('{')).length);
  const match = candidates[0]?.op;
  if (!match) return [`no GET operation matches the path ${pathPart.replaceAll(DYNAMIC, '{…}') || '/'}`];
  const names = query
    .split('&')
    .filter(Boolean)
    .map((pair) => decodeURIComponent(pair.split('=')[0]))
    .filter((name) => !name.includes(DYNAMIC));
  return [...names, ...extraParams]
    .filter((name) => !match.queryParams.has(name))
    .map((name) => `query parameter "${name}" is not declared by GET ${match.template}`);
}

/** URLs that only name the base (client configuration) or build the whole path at run time. */
function isConcreteRequest(url: string): boolean {
  const rest = url.slice(BASE.length);
  return rest.startsWith('/') && rest.length > 1 && !rest.startsWith(`/${DYNAMIC}`);
}

const spec = JSON.parse(readFileSync(specFile, 'utf8')) as Json;
const operations = loadOperations(spec);
const pages = fg.sync('content/**/*.md', { cwd: root }).sort();

test('the API description has GET operations to match against', () => {
  assert.ok(operations.length >= 52, `expected at least 52 GET operations, found ${operations.length}`);
});

test('the matcher accepts known paths and rejects unknown paths and parameters', () => {
  assert.deepEqual(
    checkRequest(operations, `${BASE}/gateways/x/mobile/rewards/sum?bucket=day&min_time=2026-11-01T00:00:00Z`),
    [],
  );
  assert.deepEqual(checkRequest(operations, `${BASE}/gateways/${DYNAMIC}/mobile/rewards/sum`, ['min_time']), []);
  assert.equal(checkRequest(operations, `${BASE}/gateways/x/nonexistent`).length, 1);
  assert.match(checkRequest(operations, `${BASE}/gateways/x?bogus=1`).join(), /"bogus" is not declared/);
  assert.match(checkRequest(operations, `${BASE}/gateways/x/mobile/rewards/sum`, ['bogus']).join(), /"bogus"/);
  // An interpolated segment must fall on a path parameter, not stand in for a fixed word.
  assert.equal(checkRequest(operations, `${BASE}/gateways/x/${DYNAMIC}/rewards`).length, 1);
});

test('the extractor reads curl, fetch template strings, f-strings and params dicts', () => {
  const md = [
    '```bash',
    'curl "https://api.heliumgeek.com/v0/radios/$CBSD/heartbeats/counts?min_time=2026-11-20T00:00:00Z" -H "x-api-key: $K"',
    '```',
    '```js',
    'const u = new URL(`https://api.heliumgeek.com/v0/gateways/${encodeURIComponent(a)}/mobile/speedtests/averages?limit=${n}`);',
    'u.searchParams.set("min_time", since);',
    'const q = new URLSearchParams({ bucket: "day", max_time: new Date("2026-11-21T00:00:00Z").toISOString() });',
    '```',
    '```python',
    'params = {"min_time": since, "bucket": "day"}',
    'requests.get(f"https://api.heliumgeek.com/v0/solaccounts/{wallet}/gateways/mobile/rewards/sum", params=params)',
    '```',
  ].join('\n');
  const found = extractRequests(md);
  assert.deepEqual(
    found.map((r) => [r.url.replaceAll(DYNAMIC, '*'), r.extraParams, r.line, r.lang]),
    [
      [`${BASE}/radios/*/heartbeats/counts?min_time=2026-11-20T00:00:00Z`, [], 2, 'bash'],
      [`${BASE}/gateways/*/mobile/speedtests/averages?limit=*`, ['min_time', 'bucket', 'max_time'], 5, 'js'],
      [`${BASE}/solaccounts/*/gateways/mobile/rewards/sum`, ['min_time', 'bucket'], 11, 'python'],
    ],
  );
});

test('every request shown in the content matches a GET operation and its declared query parameters', () => {
  assert.ok(pages.length > 0, 'no Markdown pages found under content/');
  const problems: string[] = [];
  let checked = 0;
  for (const page of pages) {
    for (const request of extractRequests(readFileSync(join(root, page), 'utf8'))) {
      if (!isConcreteRequest(request.url)) continue;
      checked++;
      for (const problem of checkRequest(operations, request.url, request.extraParams)) {
        problems.push(`${page}:${request.line}  ${problem}  (${request.url.replaceAll(DYNAMIC, '{…}')})`);
      }
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(checked >= 40, `expected the content to show at least 40 requests, found ${checked}`);
});

test('every example page shows its request in curl, JavaScript and Python', () => {
  const missing: string[] = [];
  for (const page of pages.filter((p) => p.startsWith('content/examples/'))) {
    const langs = new Set(
      extractRequests(readFileSync(join(root, page), 'utf8'))
        .filter((r) => isConcreteRequest(r.url))
        .map((r) => r.lang),
    );
    for (const lang of ['bash', 'js', 'python']) if (!langs.has(lang)) missing.push(`${page}: no ${lang} request`);
  }
  assert.deepEqual(missing, []);
});
