#!/usr/bin/env node
// Acceptance check of a built site against the product spec: a copy of the spec's own check, kept in the
// repository with its route list (routes.txt beside it) so the tests need nothing outside the clone.
// Usage: node test/spec/check-site.mjs [BUILD_DIR]   (default: build)
// Needs nothing but Node. Exits 1 and lists every shortfall; prints "site: N passed, M failed" last.
import { readFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] ?? 'build';
let passed = 0;
const failures = [];
const check = (ok, what) => (ok ? passed++ : failures.push(what));

if (!existsSync(out) || !statSync(out).isDirectory()) {
  console.error(`site check: no build directory at ${out}`);
  process.exit(2);
}

const read = (p) => readFileSync(join(out, p), 'utf8');
const pageFile = (route) => {
  const clean = route.replace(/^\/+|\/+$/g, '');
  const candidates = clean === '' ? ['index.html'] : [join(clean, 'index.html'), `${clean}.html`];
  return candidates.find((c) => existsSync(join(out, c)));
};

// The overview page's slug starts with the product's slug: find it from the downloadable spec.
const specDir = join(out, 'openapi');
const specFiles = existsSync(specDir) ? readdirSync(specDir).filter((f) => f.endsWith('.json')) : [];
check(specFiles.length === 1, `exactly one API spec at /openapi/{product}.json (found ${specFiles.length})`);
const product = specFiles[0]?.replace(/\.json$/, '') ?? '{product}';
let spec;
try {
  spec = JSON.parse(read(`openapi/${product}.json`));
} catch {
  spec = undefined;
}
check(spec && typeof spec.openapi === 'string', `/openapi/${product}.json parses and declares an openapi version`);
const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const operations = spec ? Object.values(spec.paths ?? {}).flatMap((item) => methods.filter((m) => item?.[m])) : [];
check(
  operations.length >= 52,
  `the spec describes at least the 52 operations of the API sidebar (found ${operations.length})`,
);

const routes = readFileSync(join(here, 'routes.txt'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((r) => r.replace('{product}', product));

const pages = new Map();
for (const route of routes) {
  const file = pageFile(route);
  check(Boolean(file), `route ${route} has a page`);
  if (file) pages.set(route, read(file));
}
check(existsSync(join(out, '404.html')), 'a not-found page at /404.html');

// Sitemap: every documentation route, weekly, priority 0.5.
if (existsSync(join(out, 'sitemap.xml'))) {
  const xml = read('sitemap.xml');
  const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]);
  check(urls.length >= routes.length - 1, `sitemap lists every page (${urls.length} urls for ${routes.length} routes)`);
  check(
    urls.length > 0 &&
      urls.every((u) => /<changefreq>weekly<\/changefreq>/.test(u) && /<priority>0\.5<\/priority>/.test(u)),
    'every sitemap url is weekly with priority 0.5',
  );
  for (const route of routes.filter((r) => r !== '/search')) {
    check(
      urls.some((u) => new RegExp(`<loc>[^<]*${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?</loc>`).test(u)),
      `sitemap lists ${route}`,
    );
  }
} else check(false, 'a sitemap at /sitemap.xml');

try {
  JSON.parse(read('meta/index.json'));
  check(true, '');
} catch {
  check(false, 'a meta index at /meta/index.json that parses as JSON');
}

// Global chrome and head links on every page.
for (const [route, html] of pages) {
  check(
    /<a[^>]*href="#[^"]+"[^>]*>\s*Skip to main content\s*<\/a>/i.test(html),
    `${route}: a 'Skip to main content' link`,
  );
  check(
    new RegExp(`<link[^>]*rel="alternate"[^>]*href="[^"]*/openapi/${product}\\.json"`).test(html) ||
      new RegExp(`<link[^>]*href="[^"]*/openapi/${product}\\.json"[^>]*rel="alternate"`).test(html),
    `${route}: the spec advertised as an alternate JSON link`,
  );
  check(
    /<link[^>]*rel="alternate"[^>]*href="[^"]*\/meta\/index\.json"/.test(html) ||
      /<link[^>]*href="[^"]*\/meta\/index\.json"[^>]*rel="alternate"/.test(html),
    `${route}: the meta index advertised as an alternate JSON link`,
  );
  for (const label of ['Guides', 'API Reference', 'Examples'])
    check(html.includes(`>${label}<`), `${route}: navbar item ${label}`);
  for (const m of html.matchAll(/<h([23])[^>]*id="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g)) {
    check(/Direct link to /.test(m[3]), `${route}: heading #${m[2]} has a 'Direct link to' anchor`);
  }
  for (const m of html.matchAll(/<a\s[^>]*href="https?:\/\/[^"]+"[^>]*>([\s\S]*?)<\/a>/g)) {
    if (/Direct link to/.test(m[1])) continue;
    check(
      /opens in new tab/.test(m[0]) || /opens in new tab/.test(m[1]),
      `${route}: external link ${m[0].slice(0, 80)}… is labelled '(opens in new tab)'`,
    );
  }
}

for (const f of failures) console.log(`FAIL ${f}`);
console.log(`site: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
