import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveConfig } from '../../src/config/resolve-config.js';
import { buildSiteProps } from '../../src/render/build-site-props.js';
import { buildPageProps, pagePropsInput, trimSidebar, FULL_SIDEBAR_LIMIT } from '../../src/render/build-page-props.js';
import { buildHeadScript } from '../../src/render/head-script.js';
import { renderPage } from '../../src/render/render-page.js';
import { buildRouteTable } from '../../src/routes/build-route-table.js';
import type { NavItem, Page } from '../../src/model.js';

const { config } = resolveConfig(
  {
    product: { name: 'Acme', slug: 'acme', website: 'https://acme.example' },
    title: 'Acme Docs',
    url: 'https://docs.acme.example',
    baseUrl: '/docs/',
    navbar: { items: [] },
    footer: { copyright: 'Copyright Acme' },
    sidebars: { guides: ['guides/a'] },
    announcementBar: { id: 'v2', content: 'New: <a href="/guides/a">v2</a>' },
    openapi: 'openapi/acme.yaml',
  },
  { root: '/site', configFile: 'site.config.ts' },
);

const page: Page = {
  id: 'guides/a',
  route: '/guides/a',
  kind: 'doc',
  title: 'Rate <limits>',
  description: 'How "quota" works.',
  tags: [],
  hideTableOfContents: false,
  toc: [{ depth: 2, id: 'intro', text: 'Intro' }],
  anchors: ['intro'],
  links: [],
  body: { type: 'html', html: '<h2 id="intro">Intro</h2>' },
  text: '',
  docsFeatures: [],
};
const sidebar: NavItem[] = [{ type: 'link', label: 'A', route: '/guides/a' }];

test('a page renders the chrome and a full head', () => {
  const site = buildSiteProps(config!, [
    {
      type: 'link',
      label: 'Guides',
      href: '/docs/guides/a',
      external: false,
      position: 'left',
      activeRoutePrefix: '/guides',
    },
  ]);
  const props = buildPageProps(
    pagePropsInput(page, buildRouteTable([page], { guides: sidebar }), site, {
      assets: { js: '/docs/assets/js/entry.X.js', css: ['/docs/assets/css/styles.Y.css'], preload: [] },
    }),
  );
  const html = renderPage({ props, headScript: buildHeadScript(site) });
  assert.match(html, /^<!DOCTYPE html><html lang="en"/);
  assert.match(html, /<title>Rate &lt;limits&gt; \| Acme Docs<\/title>/);
  assert.match(html, /<meta name="description" content="How &quot;quota&quot; works."\/>/);
  assert.match(html, /<link rel="canonical" href="https:\/\/docs.acme.example\/docs\/guides\/a"\/>/);
  assert.match(html, /<meta property="og:title" content="Rate &lt;limits&gt;"\/>/);
  assert.match(html, /<meta name="twitter:card" content="summary"\/>/);
  assert.match(html, /<link rel="alternate" href="\/docs\/openapi\/acme.json" type="application\/json"/);
  assert.match(html, /<link rel="alternate" href="\/docs\/meta\/index.json" type="application\/json"/);
  assert.match(html, /<meta name="theme-color"/);
  assert.match(html, /<a class="skip-link" href="#main-content">Skip to main content<\/a>/);
  assert.match(html, /<main id="main-content"/);
  assert.match(
    html,
    /aria-current="page"[^>]*>|<a class="menu-link menu-link--active" href="\/docs\/guides\/a" aria-current="page"/,
  );
  assert.match(html, /href="\/docs\/guides\/a">v2<\/a>/, 'announcement links follow baseUrl');
  assert.match(html, /<nav class="toc"/);
  assert.match(html, /Copyright Acme/);
  assert.match(
    html,
    /href="https:\/\/acme.example" target="_blank" rel="noopener noreferrer">acme.example<span class="sr-only"> \(opens in new tab\)<\/span>/,
  );
  // The pre-paint script comes before the stylesheet so the theme is set before first paint.
  assert.ok(
    html.indexOf('getItem(k)') < html.indexOf('rel="stylesheet"'),
    "html.indexOf('getItem(k)') < html.indexOf('rel=\"stylesheet\"')",
  );
});

test('large sidebars send only the active category in full', () => {
  const category = (n: number, size: number): NavItem => ({
    type: 'category',
    label: `C${n}`,
    collapsed: false,
    collapsible: true,
    items: Array.from({ length: size }, (_, i) => ({ type: 'link' as const, label: `P${i}`, route: `/c${n}/p${i}` })),
  });
  // At the limit (a category counts as one entry, like each of its links) nothing is trimmed.
  const atLimit = [category(0, FULL_SIDEBAR_LIMIT - 1)];
  assert.deepEqual(trimSidebar(atLimit, '/c0/p1'), atLimit);
  // One entry more and only the active page's category keeps its items.
  const over = [category(0, FULL_SIDEBAR_LIMIT - 2), category(1, 1)];
  assert.deepEqual(
    trimSidebar(over, '/c0/p1').map((c) => (c as { items: NavItem[] }).items.length),
    [FULL_SIDEBAR_LIMIT - 2, 0],
  );
  const big = Array.from({ length: 10 }, (_, n) => category(n, 100));
  const trimmed = trimSidebar(big, '/c3/p5');
  assert.equal(trimmed.filter((c) => c.type === 'category' && c.items.length).length, 1);
  assert.equal((trimmed[3] as { items: NavItem[] }).items.length, 100);
  assert.equal((trimmed[0] as { collapsed: boolean }).collapsed, true);
  // Categories that start collapsed are emptied first; when that is enough the open ones stay whole.
  const schemas = { ...category(9, 120), collapsed: true };
  const mostlyCollapsed = [category(0, 40), category(1, 20), schemas];
  const light = trimSidebar(mostlyCollapsed, '/c0/p1');
  assert.deepEqual(
    light.map((c) => (c as { items: NavItem[] }).items.length),
    [40, 20, 0],
  );
  // Still over the limit without the collapsed ones: every category away from the page is emptied.
  const heavy = trimSidebar([category(0, 100), category(1, 100), schemas], '/c0/p1');
  assert.deepEqual(
    heavy.map((c) => (c as { items: NavItem[] }).items.length),
    [100, 0, 0],
  );
});

test('::doc-card-list: the props carry the cards as data, and the DocCardList template draws them in place', () => {
  const site = buildSiteProps(config!, []);
  const hub: Page = {
    ...page,
    id: 'guides/index',
    route: '/guides/',
    body: { type: 'html', html: '<p>Pick one:</p><docsgen-doc-card-list></docsgen-doc-card-list><p>End</p>' },
    docsFeatures: [{ name: 'doc-card-list', line: 3 }],
  };
  const other: Page = { ...page, title: 'Quotas & "limits"', description: 'Rate <limits> & quota' };
  const items: NavItem[] = [
    { type: 'link', label: 'Hub', route: '/guides/' },
    { type: 'link', label: `Quotas & "limits" 'n' <more>`, route: '/guides/a' },
  ];
  const table = buildRouteTable([hub, other], { guides: items });
  const props = buildPageProps(pagePropsInput(hub, table, site, { assets: { js: '/e.js', css: [], preload: [] } }));
  assert.deepEqual(props.page.docCards, [
    { label: `Quotas & "limits" 'n' <more>`, href: '/docs/guides/a', description: 'Rate <limits> & quota' },
  ]);
  assert.equal(props.page.body, hub.body, 'the parsed body is passed on as it is');
  const html = renderPage({ props, headScript: '' });
  const cards =
    '<ul class="doc-cards"><li class="doc-card"><a href="/docs/guides/a">' +
    '<span class="doc-card__title">Quotas &amp; &quot;limits&quot; &#x27;n&#x27; &lt;more&gt;</span>' +
    '<span class="doc-card__description">Rate &lt;limits&gt; &amp; quota</span></a></li></ul>';
  assert.ok(html.includes(`<p>Pick one:</p>${cards}<p>End</p>`), 'the cards replace the placeholder');
  assert.ok(!html.includes('docsgen-doc-card-list'), 'no placeholder is left');
});
