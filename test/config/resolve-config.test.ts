import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveConfig } from '../../src/config/resolve-config.js';
import { resolveNavbar } from '../../src/render/resolve-navbar.js';

const valid = () => ({
  product: { name: 'Acme', slug: 'acme', website: 'https://acme.example' },
  title: 'Acme',
  url: 'https://docs.acme.example',
  navbar: { items: [{ type: 'docSidebar', sidebarId: 'guides', label: 'Guides' }] },
  footer: { copyright: '©' },
  sidebars: { guides: ['intro'] },
});

const resolve = (input: unknown) => resolveConfig(input, { root: '/site', configFile: 'site.config.ts' });

test('a valid config resolves with defaults and is frozen', () => {
  const { config, diagnostics } = resolve(valid());
  assert.deepEqual(diagnostics, []);
  assert.ok(config, 'config');
  assert.equal(config.baseUrl, '/');
  assert.equal(config.colorMode.defaultMode, 'light');
  assert.deepEqual(
    config.docsVersions.map((v) => [v.name, v.label, v.path, v.isLast]),
    [['current', 'Next', '', true]],
  );
  assert.deepEqual(config.i18n.locales, ['en']);
  assert.equal(config.code.languages.length, 20);
  assert.ok(
    Object.isFrozen(config) && Object.isFrozen(config.navbar.items),
    'Object.isFrozen(config) && Object.isFrozen(config.navbar.items)',
  );
});

test('an unknown navbar item type gives the spec message', () => {
  const input = valid();
  input.navbar.items.push({ type: 'fancyWidget', label: 'x' } as never);
  const { diagnostics } = resolve(input);
  assert.equal(diagnostics.length, 1);
  assert.match(diagnostics[0].message, /No NavbarItem component found for type "fancyWidget"/);
  assert.equal(diagnostics[0].key, 'navbar.items[1].type');
});

test('a docs version name that does not exist is an error', () => {
  const input = { ...valid(), docs: { lastVersion: '2.0' } };
  const { diagnostics } = resolve(input);
  assert.match(diagnostics[0].message, /Docs version "2.0" does not exist/);
  const viaNavbar = valid();
  viaNavbar.navbar.items.push({ type: 'docsVersion', version: 'legacy' } as never);
  assert.match(resolve(viaNavbar).diagnostics[0].message, /Docs version "legacy" does not exist/);
});

test('a locale with no configuration is an error', () => {
  const { diagnostics } = resolve({
    ...valid(),
    i18n: { defaultLocale: 'en', locales: ['en', 'fr'], localeConfigs: { en: { label: 'English' } } },
  });
  assert.equal(diagnostics.length, 1);
  assert.match(diagnostics[0].message, /Locale "fr" has no configuration/);
});

test('a sidebar navbar item with nothing to link to is an error', () => {
  const unknown = valid();
  unknown.navbar.items[0].sidebarId = 'missing';
  assert.match(resolve(unknown).diagnostics[0].message, /Sidebar with ID "missing" doesn't exist/);
  const empty = { ...valid(), sidebars: { guides: [] } };
  const { config } = resolve(empty);
  assert.ok(config, 'config');
  const { diagnostics } = resolveNavbar(config, { guides: [] }, []);
  assert.match(diagnostics[0].message, /Sidebar with ID "guides" doesn't have anything to be linked to/);
});

test('invalid values name the key and the value; unknown keys are reported', () => {
  const { diagnostics } = resolve({ ...valid(), baseUrl: 'docs', colourMode: {} });
  const messages = diagnostics.map((d) => d.message).join('\n');
  assert.match(messages, /Unknown config key "colourMode"/);
  assert.match(messages, /Invalid config value at "baseUrl": .*\(got "docs"\)/);
});

test('a production url without its scheme is a config error on "url", not a crash', () => {
  const cases: [string, RegExp][] = [
    ['docs.heliumgeek.com', /an absolute URL with its scheme, e\.g\. "https:\/\/docs\.heliumgeek\.com"/],
    ['https://', /an absolute URL/],
    ['http://[::1', /an absolute URL/],
    ['ftp://docs.acme.example', /an http:\/\/ or https:\/\/ URL/],
    ['https://docs.acme.example/docs/', /an origin without a path/],
  ];
  for (const [url, message] of cases) {
    const { config, diagnostics } = resolve({ ...valid(), url });
    assert.equal(config, undefined, url);
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.key]),
      [['DG101', 'url']],
      url,
    );
    assert.match(diagnostics[0].message, message);
  }
  assert.deepEqual(resolve({ ...valid(), url: 'https://docs.acme.example/' }).diagnostics, []);
});

test('a search.externalUrlRegex that does not compile is a config error, not a broken search page', () => {
  const { diagnostics } = resolve({ ...valid(), search: { externalUrlRegex: '^https://(legacy|old\\.' } });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.key]),
    [['DG101', 'search.externalUrlRegex']],
  );
});

/** Every leaf (and object) of a config that sets most keys, with its path. */
function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [path];
  const children = Object.entries(value).flatMap(([key, child]) =>
    leafPaths(child, [...path, Array.isArray(value) ? Number(key) : key]),
  );
  return path.length ? [path, ...children] : children;
}

function withValue(input: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(input) as Record<string | number, unknown>;
  let node = copy;
  for (const part of path.slice(0, -1)) node = node[part] as Record<string | number, unknown>;
  node[path[path.length - 1]] = replacement;
  return copy;
}

test('property: resolveConfig never throws, whatever value any key holds; every problem names its key', () => {
  const full = {
    ...valid(),
    baseUrl: '/docs/',
    favicon: 'img/favicon.svg',
    themeColor: '#0f6e5e',
    apiRoutePrefix: '/api/reference',
    openapi: 'openapi/api.json',
    footer: { copyright: '©', links: [{ title: 'More', items: [{ label: 'Site', href: 'https://acme.example' }] }] },
    announcementBar: { content: 'New!', backgroundColor: '#fff' },
    search: { externalUrlRegex: '^https://acme\\.example/blog', reportUrl: 'https://acme.example/report' },
    code: { languages: ['curl', 'python'], theme: 'github-dark', visibleTabs: 4 },
    docs: { lastVersion: 'current', versions: { current: { label: 'Next' } } },
  };
  assert.deepEqual(resolve(full).diagnostics, []);
  const hostile: unknown[] = [
    'docs.acme.example',
    '',
    ' ',
    'https://',
    '(',
    '[',
    '\\',
    '::',
    '%E0%A4%A',
    'a'.repeat(5000),
  ];
  hostile.push(
    0,
    -1,
    Number.POSITIVE_INFINITY,
    Number.NaN,
    true,
    null,
    undefined,
    [],
    {},
    ['x'],
    { type: 'x' },
    () => 1,
    Symbol('s'),
  );
  const paths = leafPaths(full);
  let runs = 0;
  for (let i = 0; i < 400; i++) {
    // A deterministic pseudo-random walk over (key, value) pairs.
    const path = paths[(i * 7919) % paths.length];
    const value = hostile[(i * 104729 + Math.floor(i / paths.length)) % hostile.length];
    const input = withValue(full, path, value);
    const result = resolve(input);
    runs++;
    for (const d of result.diagnostics) assert.ok(d.key, `${path.join('.')} = ${String(value)}: ${d.message}`);
  }
  assert.equal(runs, 400);
});
