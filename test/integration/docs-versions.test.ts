// Docs versioned the Docusaurus way (versions.json, versioned_docs/, versioned_sidebars/): routes,
// sidebars, the dropdown's links, banners, sitemap, robots, search; and every bad input coded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBuild, type BuildResult } from '../../src/build.js';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { REPO } from '../helpers/mini-site.js';

const FIXTURE = join(REPO, 'test/docusaurus/fixtures/beacon-versions');

async function copyFixture(): Promise<string> {
  const root = join(await mkdtemp(join(tmpdir(), 'docsgen-versions-')), 'beacon');
  await cp(FIXTURE, root, { recursive: true });
  return root;
}

const text = (result: BuildResult, path: string) => {
  const file = result.files?.find((f) => f.path === path);
  assert.ok(file, `${path} is written (${result.diagnostics.map((d) => d.message).join('; ')})`);
  return typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('utf8');
};

const page = (result: BuildResult, route: string) => text(result, `${route.replace(/^\//, '')}/index.html`);

const dropdownLinks = (html: string) => {
  const props = /data-island="(?:Preferred)?VersionDropdown" data-props="([^"]*)"/.exec(html)?.[1];
  assert.ok(props, 'the page has the version dropdown');
  const parsed = JSON.parse(props.replaceAll('&quot;', '"')) as {
    versions: { label: string; href: string }[];
    currentVersion: string;
  };
  return { current: parsed.currentVersion, links: parsed.versions.map((v) => [v.label, v.href]) };
};

/** The navbar's links as [label the reader sees, href]: a label stack (VersionLabels) shows its visible label. */
const navbarLinks = (html: string) => {
  const navbar = /<nav class="navbar[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  return [...navbar.matchAll(/<a class="navbar__link[^"]*" href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map(
    ([, href, inner]) => [
      inner.replace(/<span[^>]*visibility:hidden[^>]*>[^<]*<\/span>/g, '').replace(/<[^>]+>/g, ''),
      href,
    ],
  );
};

const routesOf = (result: BuildResult) =>
  (result.files ?? [])
    .map((file) => file.path)
    .filter((path) => path.endsWith('/index.html'))
    .map((path) => `/${path.replace(/\/index\.html$/, '')}`)
    .sort();

test('versioned docs: each version at its path, with its own sidebar, number prefixes and _category_ files', async () => {
  const result = await runBuild({ configPath: join(await copyFixture(), 'site.config.ts') });
  assert.deepEqual(result.diagnostics, []);
  assert.deepEqual(routesOf(result), [
    '/docs',
    '/docs/1.0',
    '/docs/1.0/getting-started/install',
    '/docs/1.0/legacy-tokens',
    '/docs/1.0/reference/rate-limits',
    '/docs/getting-started/authentication',
    '/docs/getting-started/install',
    '/docs/next',
    '/docs/next/category/getting-started',
    '/docs/next/getting-started/authentication',
    '/docs/next/getting-started/install',
    '/docs/next/reference/rate-limits',
    '/docs/next/webhooks',
    '/docs/reference/rate-limits',
    '/search',
  ]);
  const sidebar = (name: string) =>
    JSON.parse(text(result, `meta/sidebars/${name}.json`)) as { label: string; route?: string; items?: unknown[] }[];
  // 1.0's sidebars file: old `version-1.0/` ids, shorthand category, a doc only 1.0 has.
  assert.deepEqual(
    sidebar('version-1.0/docsSidebar').map((item) => [item.label, item.route ?? null]),
    [
      ['Beacon Metrics', '/docs/1.0'],
      ['Getting started', null],
      ['Legacy tokens', '/docs/1.0/legacy-tokens'],
      ['Reference', null],
    ],
  );
  assert.deepEqual(
    sidebar('version-2.1/docsSidebar').map((item) => [item.label, item.route ?? null]),
    [
      ['Beacon Metrics', '/docs'],
      ['Getting started', null],
      ['Reference', null],
    ],
  );
  // pagination_next names a doc of its own version.
  assert.match(
    page(result, '/docs/1.0/getting-started/install'),
    /pagination-nav__link--next" href="\/docs\/1.0\/legacy-tokens"/,
  );
  // Relative links in a versioned doc stay in its version.
  assert.match(page(result, '/docs/1.0'), /href="\/docs\/1.0\/legacy-tokens"/);
  assert.match(page(result, '/docs'), /href="\/docs\/getting-started\/install"/);
});

test('navbar docs items follow the version of the doc page read, and show the last version elsewhere', async () => {
  const result = await runBuild({ configPath: join(await copyFixture(), 'site.config.ts') });
  assert.deepEqual(result.diagnostics, []);
  // As Docusaurus' useLayoutDocsSidebar / useLayoutDoc / DocsVersionNavbarItem: the page's version
  // first, then the last one (1.0 has no authentication page).
  assert.deepEqual(navbarLinks(page(result, '/docs/1.0/getting-started/install')), [
    ['Docs', '/docs/1.0'],
    ['Limits', '/docs/1.0/reference/rate-limits'],
    ['Auth', '/docs/getting-started/authentication'],
    ['1.0 (legacy)', '/docs/1.0'],
  ]);
  assert.deepEqual(navbarLinks(page(result, '/docs/next/webhooks')), [
    ['Docs', '/docs/next'],
    ['Limits', '/docs/next/reference/rate-limits'],
    ['Auth', '/docs/next/getting-started/authentication'],
    ['2.2 (next)', '/docs/next'],
  ]);
  const last = [
    ['Docs', '/docs'],
    ['Limits', '/docs/reference/rate-limits'],
    ['Auth', '/docs/getting-started/authentication'],
    ['2.1', '/docs'],
  ];
  assert.deepEqual(navbarLinks(page(result, '/docs/reference/rate-limits')), last);
  // Outside the docs: the last version until the client reads the reader's preferred version.
  assert.deepEqual(navbarLinks(page(result, '/search')), last);
  // The active item is the one of the page's version.
  assert.match(
    page(result, '/docs/1.0/reference/rate-limits'),
    /<a class="navbar__link navbar__link--active" href="\/docs\/1.0\/reference\/rate-limits" aria-current="true"/,
  );
  // The mobile menu's links follow too.
  const mobile = /<div class="mobile-sidebar__menu" data-mobile-primary[\s\S]*?<\/ul>/.exec(
    page(result, '/docs/1.0/legacy-tokens'),
  )?.[0];
  assert.match(mobile ?? '', /class="menu-link" href="\/docs\/1.0\/reference\/rate-limits"/);
});

test('the version dropdown links to the same doc in each version, else to its main doc; banners point to the latest', async () => {
  const result = await runBuild({ configPath: join(await copyFixture(), 'site.config.ts') });
  assert.deepEqual(dropdownLinks(page(result, '/docs/next/webhooks')), {
    current: 'current',
    links: [
      ['2.2 (next)', '/docs/next/webhooks'],
      ['2.1', '/docs'],
      ['1.0 (legacy)', '/docs/1.0'],
    ],
  });
  assert.deepEqual(dropdownLinks(page(result, '/docs/1.0/getting-started/install')), {
    current: '1.0',
    links: [
      ['2.2 (next)', '/docs/next/getting-started/install'],
      ['2.1', '/docs/getting-started/install'],
      ['1.0 (legacy)', '/docs/1.0/getting-started/install'],
    ],
  });
  // Pages outside the docs: each version's main doc.
  assert.deepEqual(dropdownLinks(page(result, '/search')).links, [
    ['2.2 (next)', '/docs/next'],
    ['2.1', '/docs'],
    ['1.0 (legacy)', '/docs/1.0'],
  ]);
  const next = page(result, '/docs/next/getting-started/authentication');
  assert.match(next, /This is unreleased documentation for <b>Beacon Metrics 2.2 \(next\)<\/b> version/);
  assert.match(
    next,
    /href="\/docs\/getting-started\/authentication" data-version-latest="true" data-version="2.1">latest version/,
  );
  const old = page(result, '/docs/1.0/legacy-tokens');
  assert.match(old, /<b>Beacon Metrics 1.0 \(legacy\)<\/b>, which is no longer actively maintained/);
  assert.match(
    old,
    /href="\/docs" data-version-latest="true" data-version="2.1">latest version<\/a><\/b> <!-- -->\(<!-- -->2.1/,
  );
  const latest = page(result, '/docs/getting-started/install');
  assert.doesNotMatch(latest, /version-banner/);
  assert.match(latest, /<span class="version-badge">Version: <!-- -->2.1<\/span>/);
  assert.match(latest, /<meta name="docsearch:version" content="2.1"\/>/);
});

test('noIndex versions leave the sitemap; every page is its own canonical; only the last version is searched', async () => {
  const result = await runBuild({ configPath: join(await copyFixture(), 'site.config.ts') });
  const sitemap = text(result, 'sitemap.xml');
  assert.match(sitemap, /<loc>https:\/\/docs\.beacon\.example\/docs\/next\/webhooks<\/loc>/);
  assert.match(sitemap, /<loc>https:\/\/docs\.beacon\.example\/docs\/getting-started\/install<\/loc>/);
  assert.doesNotMatch(sitemap, /\/docs\/1\.0/, '1.0 has noIndex');
  const old = page(result, '/docs/1.0/getting-started/install');
  assert.match(old, /<meta name="robots" content="noindex, nofollow"\/>/);
  // As Docusaurus: no canonical to the latest version, each page names itself.
  assert.match(
    old,
    /<link rel="canonical" href="https:\/\/docs\.beacon\.example\/docs\/1\.0\/getting-started\/install"\/>/,
  );
  assert.doesNotMatch(page(result, '/docs/next/webhooks'), /name="robots"/);
  const searched = (result.files ?? [])
    .filter((file) => /^search\/content-\d+\.[\w-]+\.json$/.test(file.path))
    .map((file) => Buffer.from(file.contents).toString('utf8'))
    .join('');
  const routes = [...new Set(searched.match(/"\/docs[^"]*"/g))].sort();
  assert.deepEqual(routes, [
    '"/docs"',
    '"/docs/getting-started/authentication"',
    '"/docs/getting-started/install"',
    '"/docs/reference/rate-limits"',
  ]);
});

// The config is named relative to the working directory: keep the site-relative part.
const siteFile = (name = '') => name.replace(/^.*\/beacon\//, '');
const placeAndMessage = (d: Diagnostic) =>
  `${siteFile(d.file)}:${d.line ?? ''}:${d.column ?? ''} ${d.key ?? ''} ${d.code} ${d.message}`;

async function diagnosticsAfter(edit: (root: string) => Promise<void>, show = placeAndMessage) {
  const root = await copyFixture();
  await edit(root);
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  return result.diagnostics.map(show);
}

test('links to Markdown files stay in the version of the page, resolved as Docusaurus does', async () => {
  const result = await runBuild({ configPath: join(await copyFixture(), 'site.config.ts') });
  assert.deepEqual(result.diagnostics, []);
  const install = page(result, '/docs/1.0/getting-started/install');
  // A bare path not beside the page is looked for at its version's root; /x.md starts there too.
  assert.match(install, /<a href="\/docs\/1.0\/legacy-tokens">legacy tokens<\/a>/);
  assert.match(install, /<a href="\/docs\/1.0\/reference\/rate-limits">request limits<\/a>/);
  assert.match(page(result, '/docs'), /<a href="\/docs\/getting-started\/install#configure">configure it<\/a>/);
});

test('a link to a doc or heading its version lacks is reported at its place, by onBrokenLinks', async () => {
  const brokenLinks = async (root: string) => {
    const path = join(root, 'versioned_docs/version-1.0/legacy-tokens.md');
    const links = [
      'Scoped keys are in [authentication](./getting-started/authentication.md).',
      'Configure it as [install](getting-started/install.md#configure) says.',
      'The [current limits](/reference/rate-limits.md#burst) differ.',
    ];
    await writeFile(path, `${await readFile(path, 'utf8')}\n${links.join('\n')}\n`);
  };
  // 1.0 has no authentication page (2.1 and next do), and its install page no #configure (2.1's has):
  // neither link goes to another version's page.
  const file = 'versioned_docs/version-1.0/legacy-tokens.md';
  assert.deepEqual(await diagnosticsAfter(brokenLinks), [
    `${file}:11:20  DG401 Broken link "./getting-started/authentication.md": no Markdown page at ./getting-started/authentication.md`,
    `${file}:12:17  DG405 Broken anchor "getting-started/install.md#configure": /docs/1.0/getting-started/install has no heading or element with id "configure"`,
    `${file}:13:5  DG405 Broken anchor "/reference/rate-limits.md#burst": /docs/1.0/reference/rate-limits has no heading or element with id "burst"`,
  ]);
  const root = await copyFixture();
  await brokenLinks(root);
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  const hint = result.diagnostics.find((d) => d.code === 'DG401')?.hint ?? '';
  assert.match(hint, /other versions have it at \/docs\/getting-started\/authentication\./);
  for (const [setting, expected] of [
    ['warn', ['warning DG401', 'error DG405', 'error DG405']],
    ['ignore', ['error DG405', 'error DG405']],
  ] as const) {
    const severities = await diagnosticsAfter(
      async (dir) => {
        await brokenLinks(dir);
        const path = join(dir, 'site.config.ts');
        await writeFile(
          path,
          (await readFile(path, 'utf8')).replace(
            "contentDir: 'docs',",
            `contentDir: 'docs', onBrokenLinks: '${setting}',`,
          ),
        );
      },
      (d) => `${d.severity} ${d.code}`,
    );
    assert.deepEqual(severities, expected, `onBrokenLinks: '${setting}'`);
  }
});

test('a URL link from a doc to the same doc of another version is a warning; to a doc only other versions have, none', async () => {
  const shown = await diagnosticsAfter(async (root) => {
    const path = join(root, 'versioned_docs/version-1.0/legacy-tokens.md');
    const links = [
      'Mind the [limits](/docs/reference/rate-limits#top) and [scoped keys](/docs/getting-started/authentication).',
    ];
    await writeFile(path, `${await readFile(path, 'utf8')}\n${links.join('\n')}\n`);
  });
  assert.deepEqual(shown, [
    'versioned_docs/version-1.0/legacy-tokens.md:11:10  DG405 Broken anchor "/docs/reference/rate-limits#top": /docs/reference/rate-limits has no heading or element with id "top"',
    'versioned_docs/version-1.0/legacy-tokens.md:11:10  DG412 Link "/docs/reference/rate-limits#top" in a doc of docs version "1.0" goes to the page of version "2.1"; this version\'s page is /docs/1.0/reference/rate-limits',
  ]);
});

test('bad versioning input is a coded diagnostic at its place, never a silent page', async () => {
  const withConfig = (from: string, to: string) => async (root: string) => {
    const path = join(root, 'site.config.ts');
    await writeFile(path, (await readFile(path, 'utf8')).replace(from, to));
  };
  assert.deepEqual(
    await diagnosticsAfter((root) => writeFile(join(root, 'versions.json'), '[\n  "3.0",\n  "2.1",\n  "1.0"\n]\n')),
    [
      'versions.json:2:3  DG241 versions.json lists the docs version "3.0", but versioned_docs/version-3.0/ does not exist',
    ],
  );
  assert.deepEqual(await diagnosticsAfter((root) => writeFile(join(root, 'versions.json'), '{ "2.1": true }')), [
    'versions.json:1:1  DG240 versions.json must be a list of version names',
  ]);
  // A versioned doc's pagination names a doc of its own version, said as written.
  assert.deepEqual(
    await diagnosticsAfter(async (root) => {
      const path = join(root, 'versioned_docs/version-1.0/getting-started/install.md');
      await writeFile(
        path,
        (await readFile(path, 'utf8')).replace('pagination_next: legacy-tokens', 'pagination_next: legacy-token'),
      );
    }),
    [
      'versioned_docs/version-1.0/getting-started/install.md:1:  DG411 Front matter pagination_next names the doc "legacy-token", which does not exist in docs version "1.0"',
    ],
  );
  // A doc the version's sidebars name, missing from the version (the other versions have it).
  assert.deepEqual(
    await diagnosticsAfter((root) => rm(join(root, 'versioned_docs/version-1.0/reference/rate-limits.md'))),
    [
      // The install page's link to it no longer finds it in 1.0 (and does not go to another version's).
      'versioned_docs/version-1.0/getting-started/install.md:11:1  DG401 Broken link "/reference/rate-limits.md": no Markdown page at /reference/rate-limits.md',
      'versioned_sidebars/version-1.0-sidebars.json:14:9  DG243 The sidebars of docs version "1.0" refer to the doc "reference/rate-limits", which is not in versioned_docs/version-1.0/',
    ],
  );
  assert.deepEqual(await diagnosticsAfter(withConfig("'1.0': {", "'0.9': {")), [
    `site.config.ts:: docs.versions.0.9 DG180 Docs version "0.9" does not exist. Available version names are: current, 2.1, 1.0.`,
  ]);
  assert.deepEqual(
    await diagnosticsAfter(
      withConfig("lastVersion: '2.1',", "lastVersion: '2.1', onlyIncludeVersions: ['2.1', '2.0'],"),
    ),
    [
      `site.config.ts:: docs.onlyIncludeVersions[1] DG181 Docs version "2.0" does not exist. Available version names are: current, 2.1, 1.0.`,
    ],
  );
  assert.deepEqual(
    await diagnosticsAfter(
      withConfig(
        "lastVersion: '2.1',",
        "lastVersion: '2.1', includeCurrentVersion: false, onlyIncludeVersions: ['1.0'],",
      ),
    ),
    [`site.config.ts:: docs.lastVersion DG120 Docs version "2.1" does not exist. Available version names are: 1.0.`],
  );
  assert.deepEqual(await diagnosticsAfter(withConfig("path: 'next'", "path: '1.0'")), [
    `site.config.ts:: docs.versions.1.0.path DG184 Docs versions "current" and "1.0" are both served at "/docs/1.0"`,
  ]);
});

test('a version without a sidebars file gets one autogenerated sidebar, with a warning; disableVersioning builds only the docs folder', async () => {
  const root = await copyFixture();
  await rm(join(root, 'versioned_sidebars/version-2.1-sidebars.json'));
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(
    result.diagnostics.map((d) => `${d.code} ${d.severity} ${d.file}`),
    ['DG242 warning versioned_docs/version-2.1'],
  );
  assert.ok(
    result.files?.some((file) => file.path === 'meta/sidebars/version-2.1/defaultSidebar.json'),
    'default sidebar',
  );
  const config = join(root, 'site.config.ts');
  await writeFile(
    config,
    (await readFile(config, 'utf8'))
      .replace("lastVersion: '2.1',", 'disableVersioning: true,')
      .replace(/versions: \{[^]*?\n {4}\},\n/, ''),
  );
  const plain = await runBuild({ configPath: config });
  assert.deepEqual(plain.diagnostics, []);
  assert.ok(routesOf(plain).includes('/docs/webhooks'), 'the docs folder is at routeBasePath');
  assert.ok(!routesOf(plain).some((route) => route.startsWith('/docs/1.0')), 'no versioned docs');
  assert.doesNotMatch(page(plain, '/docs/webhooks'), /version-banner|version-badge/);
});

test('a versioned sidebars file edited by hand into invalid JSON, or with an item docsgen cannot read, is DG244 at its place', async () => {
  const sidebars = 'versioned_sidebars/version-1.0-sidebars.json';
  // A trailing comma after the last item: valid in sidebars.js, not in the JSON file `docs:version` writes.
  const trailing = await diagnosticsAfter(async (root) => {
    const path = join(root, sidebars);
    await writeFile(
      path,
      (await readFile(path, 'utf8')).replace('"reference/rate-limits"\n', '"reference/rate-limits",\n'),
    );
  });
  assert.equal(trailing.length, 1, trailing.join('\n'));
  assert.match(trailing[0], /^versioned_sidebars\/version-1\.0-sidebars\.json:15:\d+ {2}DG244 /);
  const unreadable = await diagnosticsAfter(async (root) => {
    const path = join(root, sidebars);
    await writeFile(
      path,
      (await readFile(path, 'utf8')).replace('"legacy-tokens",', '{ "type": "link", "label": "Status page" },'),
    );
  });
  assert.equal(unreadable.length, 1, unreadable.join('\n'));
  assert.match(unreadable[0], /^versioned_sidebars\/version-1\.0-sidebars\.json:.* DG244 .*cannot read/);
});
