// Docs versions as Docusaurus resolves them (paths, banners, badges) and the links a doc page's
// version dropdown and banner get; properties checked over random versions.json lists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveDocsVersions, type DocsVersion } from '../../src/config/docs-versions.js';
import { siteConfigSchema } from '../../src/config/schema.js';
import { buildVersionIndex } from '../../src/routes/build-version-links.js';
import { resolveNavbar } from '../../src/render/resolve-navbar.js';
import type { SiteConfig } from '../../src/config/resolve-config.js';
import type { NavItem, Page } from '../../src/model.js';
import { seededRandom } from '../helpers/seeded-random.js';

const docsOptions = (docs: Record<string, unknown>) =>
  siteConfigSchema.shape.docs.parse({ routeBasePath: '/docs', ...docs });

const resolve = (docs: Record<string, unknown>, versionNames: string[]) =>
  resolveDocsVersions({ docs: docsOptions(docs), contentDir: 'docs', versionNames, configFile: 'site.config.ts' });

test('Docusaurus defaults: last version at routeBasePath, current at /next, banners around the last version', () => {
  const { versions, diagnostics } = resolve({}, ['3.0', '2.0', '1.0']);
  assert.deepEqual(diagnostics, []);
  assert.deepEqual(
    versions.map((v) => [v.name, v.label, v.routeBasePath, v.banner, v.badge, v.isLast, v.contentDir]),
    [
      ['current', 'Next', '/docs/next', 'unreleased', true, false, 'docs'],
      ['3.0', '3.0', '/docs', 'none', true, true, 'versioned_docs/version-3.0'],
      ['2.0', '2.0', '/docs/2.0', 'unmaintained', true, false, 'versioned_docs/version-2.0'],
      ['1.0', '1.0', '/docs/1.0', 'unmaintained', true, false, 'versioned_docs/version-1.0'],
    ],
  );
  const single = resolve({}, []).versions;
  assert.deepEqual(
    single.map((v) => [v.name, v.routeBasePath, v.banner, v.badge]),
    [['current', '/docs', 'none', false]],
  );
});

test('for any versions.json and lastVersion: one last version at routeBasePath, distinct paths, banners ordered', () => {
  const random = seededRandom(15);
  for (let run = 0; run < 300; run++) {
    const count = Math.floor(random.next() * 6);
    const names = Array.from({ length: count }, (_, i) => `${count - i}.${Math.floor(random.next() * 10)}`);
    const all = ['current', ...names];
    const lastVersion = random.pick(all);
    const includeCurrentVersion = lastVersion === 'current' || random.chance(0.8);
    const { versions, diagnostics } = resolve({ lastVersion, includeCurrentVersion }, names);
    assert.deepEqual(diagnostics, [], `${JSON.stringify(names)} last ${lastVersion}`);
    const last = versions.filter((v) => v.isLast);
    assert.equal(last.length, 1, 'exactly one last version');
    assert.equal(last[0].name, lastVersion);
    assert.equal(last[0].routeBasePath, '/docs');
    assert.equal(new Set(versions.map((v) => v.routeBasePath)).size, versions.length, 'distinct paths');
    const lastIndex = versions.indexOf(last[0]);
    versions.forEach((v, index) =>
      assert.equal(v.banner, index < lastIndex ? 'unreleased' : index > lastIndex ? 'unmaintained' : 'none'),
    );
    assert.equal(
      versions.some((v) => v.name === 'current'),
      includeCurrentVersion,
    );
  }
});

test('options and unknown versions: DG180, DG181, DG182, DG120 with the config key', () => {
  const options = resolve(
    { versions: { current: { label: 'Canary', path: 'canary', banner: 'none' }, '1.0': { noIndex: true } } },
    ['1.0'],
  ).versions;
  assert.deepEqual(
    options.map((v) => [v.label, v.routeBasePath, v.banner, v.noIndex]),
    [
      ['Canary', '/docs/canary', 'none', false],
      ['1.0', '/docs', 'none', true],
    ],
  );
  const codes = (docs: Record<string, unknown>, names: string[]) =>
    resolve(docs, names).diagnostics.map((d) => `${d.code} ${d.key}`);
  assert.deepEqual(codes({ versions: { '2.0': { label: 'x' } } }, ['1.0']), ['DG180 docs.versions.2.0']);
  assert.deepEqual(codes({ onlyIncludeVersions: ['1.0', '0.9'] }, ['1.0']), ['DG181 docs.onlyIncludeVersions[1]']);
  assert.deepEqual(codes({ includeCurrentVersion: false }, []), ['DG182 docs.includeCurrentVersion']);
  assert.deepEqual(codes({ lastVersion: '4.0' }, ['1.0']), ['DG120 docs.lastVersion']);
  assert.deepEqual(codes({ disableVersioning: true, lastVersion: '1.0' }, ['1.0']), ['DG120 docs.lastVersion']);
});

const doc = (id: string, route: string, version?: string): Page => ({
  id: version ? `version-${version}/${id}` : id,
  route,
  kind: 'doc',
  title: id,
  description: '',
  tags: [],
  hideTableOfContents: false,
  toc: [],
  anchors: [],
  links: [],
  body: { type: 'html', html: '' },
  text: '',
  docsFeatures: [],
  docMeta: { hideTitle: false, keywords: [], unlisted: false },
  ...(version ? { version } : {}),
});

test('dropdown links: the same doc id in each version, else the main doc; the banner links the latest equivalent', () => {
  const versions: DocsVersion[] = resolve({ lastVersion: '2.0' }, ['2.0', '1.0']).versions;
  const pages = [
    doc('intro', '/docs/next'),
    doc('guides/webhooks', '/docs/next/guides/webhooks'),
    doc('guides/install', '/docs/next/guides/install'),
    doc('guides/install', '/docs/guides/setup', '2.0'), // renamed by a slug in 2.0: found by id
    doc('overview', '/docs/overview', '2.0'),
    doc('guides/install', '/docs/1.0/guides/install', '1.0'),
    doc('legacy', '/docs/1.0/legacy', '1.0'),
  ];
  const sidebars: Record<string, NavItem[]> = {
    'version-2.0/docsSidebar': [{ type: 'link', label: 'Overview', route: '/docs/overview', docId: 'overview' }],
  };
  const withSidebars = versions.map((v) => (v.name === '2.0' ? { ...v, sidebars: { docsSidebar: [] } } : v));
  const index = buildVersionIndex(withSidebars, pages, sidebars);
  // Main docs: the doc at the version's root, else the first of its first sidebar, else the first by id.
  assert.deepEqual(Object.fromEntries(index.mainRoutes), {
    current: '/docs/next',
    '2.0': '/docs/overview',
    '1.0': '/docs/1.0/guides/install',
  });
  const links = (page: Page) => index.forPage(page)?.links.map((link) => `${link.name} ${link.route}`);
  assert.deepEqual(links(pages[2]), [
    'current /docs/next/guides/install',
    '2.0 /docs/guides/setup',
    '1.0 /docs/1.0/guides/install',
  ]);
  assert.deepEqual(links(pages[1]), [
    'current /docs/next/guides/webhooks',
    '2.0 /docs/overview',
    '1.0 /docs/1.0/guides/install',
  ]);
  assert.deepEqual(index.forPage(pages[6])?.banner, {
    kind: 'unmaintained',
    latestName: '2.0',
    latestLabel: '2.0',
    latestRoute: '/docs/overview',
  });
  assert.deepEqual(index.forPage(pages[2])?.banner?.latestRoute, '/docs/guides/setup');
  assert.equal(index.forPage(pages[3])?.banner, undefined, 'no banner on the last version');
  const api: Page = { ...doc('x', '/api/x'), kind: 'api-operation', docMeta: undefined };
  assert.equal(index.forPage(api), undefined, 'pages outside the docs have no version');
  const one = buildVersionIndex(resolve({}, []).versions, [pages[0]], {});
  assert.equal(one.forPage(pages[0]), undefined, 'a site with one version shows none of this');
});

test('navbar docs items: for any versions and docs, each version links its own doc, else the last, else the docs folder', () => {
  const random = seededRandom(185);
  for (let run = 0; run < 200; run++) {
    const names = Array.from({ length: 1 + Math.floor(random.next() * 4) }, (_, i) => `${5 - i}.0`);
    const lastVersion = random.pick(['current', ...names]);
    const { versions } = resolve({ lastVersion }, names);
    // Each version has the doc 'guide' or not, and its sidebar 'docs' lists its docs.
    const has = new Map(versions.map((v) => [v.name, random.chance(0.6)]));
    const version = (name: string) => (name === 'current' ? undefined : name);
    const docs = versions.flatMap((v) => [
      doc('intro', `${v.routeBasePath}/intro`, version(v.name)),
      ...(has.get(v.name) ? [doc('guide', `${v.routeBasePath}/guide`, version(v.name))] : []),
    ]);
    const sidebars = Object.fromEntries(
      versions.map((v) => [
        `${v.idPrefix}docs`,
        [{ type: 'link' as const, label: 'Intro', route: `${v.routeBasePath}/intro`, docId: `${v.idPrefix}intro` }],
      ]),
    );
    const config = {
      baseUrl: '/',
      configFile: 'site.config.ts',
      docsVersions: versions,
      navbar: {
        items: [
          { type: 'docSidebar', label: 'Docs', sidebarId: 'docs', position: 'left' },
          { type: 'doc', label: 'Guide', docId: 'guide', position: 'left' },
          { type: 'docsVersion', version: lastVersion, pinned: false, position: 'right' },
        ],
      },
    } as unknown as SiteConfig;
    const { items, diagnostics } = resolveNavbar(config, sidebars, docs);
    const last = versions.find((v) => v.isLast)!;
    const current = versions.find((v) => v.name === 'current');
    const anyGuide = [...has.values()].some(Boolean);
    const guideOf = (name: string) =>
      [name, last.name, current?.name].find((candidate) => candidate && has.get(candidate));
    const byName = new Map(versions.map((v) => [v.name, v]));
    const link = (label: string) => items.find((item) => item.type === 'link' && item.label === label);
    for (const v of versions) {
      const sidebar = link('Docs');
      assert.ok(sidebar?.type === 'link', 'the docSidebar item');
      assert.equal(sidebar.byVersion?.[v.name]?.href ?? sidebar.href, `${v.routeBasePath}/intro`);
      const guide = link('Guide');
      const expected = guideOf(v.name);
      if (!guideOf(last.name)) {
        // The last version and the docs folder lack it: DG113 (the item cannot link by default).
        assert.equal(guide, undefined, 'no guide item without a default target');
        assert.equal(
          diagnostics.some((d) => d.code === 'DG113'),
          !anyGuide || !guideOf(last.name),
        );
        continue;
      }
      assert.ok(guide?.type === 'link', 'the doc item');
      assert.equal(guide.byVersion?.[v.name]?.href ?? guide.href, `${byName.get(expected!)!.routeBasePath}/guide`);
    }
    const docsVersion = items.find((item) => item.type === 'link' && item.href.endsWith('/intro') && !item.sidebarId);
    assert.ok(docsVersion?.type === 'link', 'the docsVersion item');
    assert.equal(docsVersion.label, last.label, 'outside the docs: the last version');
    for (const v of versions) if (versions.length > 1) assert.equal(docsVersion.byVersion?.[v.name]?.label, v.label);
  }
});
