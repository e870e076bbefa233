// The pre-paint head script, run in a VM context with a tiny fake browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { buildHeadScript } from '../../src/render/head-script.js';
import type { SiteProps } from '../../src/render/page-props.js';

const site = (overrides: Partial<SiteProps> = {}) =>
  ({
    baseUrl: '/',
    colorMode: { defaultMode: 'light', respectPrefersColorScheme: true, disableSwitch: false },
    announcementBar: { id: 'hip-149', content: '', backgroundColor: '', textColor: '', isCloseable: true },
    ...overrides,
  }) as SiteProps;

interface Run {
  attributes: Record<string, string>;
  stored: Map<string, string>;
  banner?: { id: string; role: string; text: string };
}

function run(
  script: string,
  {
    stored = {} as Record<string, string>,
    dark = false,
    pathname = '/',
    settings = { route: '/', kind: 'home' } as object | null,
    storageThrows = false,
  } = {},
): Run {
  const attributes: Record<string, string> = {};
  const store = new Map(Object.entries(stored));
  let onReady: (() => void) | undefined;
  let banner: Run['banner'];
  const storage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  const window = {
    get localStorage() {
      if (storageThrows) throw new Error('SecurityError');
      return storage;
    },
    matchMedia: (query: string) => ({ matches: dark && query.includes('dark') }),
  };
  const document = {
    documentElement: { setAttribute: (name: string, value: string) => void (attributes[name] = value) },
    addEventListener: (type: string, listener: () => void) => type === 'DOMContentLoaded' && (onReady = listener),
    getElementById: (id: string) => (id === '__docsgen' && settings ? { textContent: JSON.stringify(settings) } : null),
    createElement: () => {
      const element = {
        id: '',
        className: '',
        textContent: '',
        attributes: {} as Record<string, string>,
        setAttribute(n: string, v: string) {
          this.attributes[n] = v;
        },
      };
      return element;
    },
    body: {
      prepend: (element: { id: string; attributes: Record<string, string>; textContent: string }) =>
        (banner = { id: element.id, role: element.attributes.role, text: element.textContent }),
    },
  };
  runInNewContext(script, {
    window,
    document,
    location: { pathname, protocol: 'http:' },
    matchMedia: window.matchMedia,
  });
  onReady?.();
  return { attributes, stored: store, banner };
}

test('marks that JavaScript runs and applies the system colour mode before first paint', () => {
  const script = buildHeadScript(site());
  assert.deepEqual(run(script).attributes, { 'data-js': '', 'data-theme': 'light', 'data-theme-choice': 'system' });
  assert.deepEqual(run(script, { dark: true }).attributes, {
    'data-js': '',
    'data-theme': 'dark',
    'data-theme-choice': 'system',
  });
  assert.deepEqual(run(script, { dark: true, stored: { theme: 'light' } }).attributes['data-theme'], 'light');
  assert.deepEqual(
    run(script, { stored: { theme: 'purple' } }).attributes['data-theme-choice'],
    'system',
    'an invalid stored value is ignored',
  );
});

test('without the system preference the default mode applies; a disabled switch deletes the stored choice', () => {
  const ignoring = buildHeadScript(
    site({ colorMode: { defaultMode: 'dark', respectPrefersColorScheme: false, disableSwitch: false } }),
  );
  assert.deepEqual(run(ignoring).attributes, { 'data-js': '', 'data-theme': 'dark', 'data-theme-choice': 'dark' });
  const disabled = buildHeadScript(
    site({ colorMode: { defaultMode: 'light', respectPrefersColorScheme: false, disableSwitch: true } }),
  );
  const result = run(disabled, { stored: { theme: 'dark' } });
  assert.equal(result.stored.has('theme'), false);
  assert.equal(result.attributes['data-theme'], 'light');
});

test('hides a dismissed announcement bar of the same id only, and migrates the misspelt id', () => {
  const script = buildHeadScript(site());
  const dismissed = { 'docusaurus.announcement.dismiss': 'true', 'docusaurus.announcement.id': 'hip-149' };
  assert.equal(run(script, { stored: dismissed }).attributes['data-announcement-dismissed'], '');
  assert.equal(
    run(script, { stored: { ...dismissed, 'docusaurus.announcement.id': 'older' } }).attributes[
      'data-announcement-dismissed'
    ],
    undefined,
  );
  const migrated = run(
    buildHeadScript(
      site({
        announcementBar: { id: 'announcement-bar', content: '', backgroundColor: '', textColor: '', isCloseable: true },
      }),
    ),
    { stored: { ...dismissed, 'docusaurus.announcement.id': 'annoucement-bar' } },
  );
  assert.equal(migrated.stored.get('docusaurus.announcement.id'), 'announcement-bar');
  assert.equal(
    migrated.attributes['data-announcement-dismissed'],
    '',
    'a dismissal stored under the misspelt default id still counts',
  );
});

test('survives a throwing localStorage', () => {
  const result = run(buildHeadScript(site()), { storageThrows: true, dark: true });
  assert.equal(result.attributes['data-theme'], 'dark');
});

test('shows the wrong-baseUrl banner when the address does not match the page route', () => {
  const script = buildHeadScript(site());
  assert.equal(run(script, { pathname: '/' }).banner, undefined);
  assert.equal(
    run(script, { pathname: '/guides/usage/', settings: { route: '/guides/usage', kind: 'doc' } }).banner,
    undefined,
  );
  assert.equal(
    run(script, { pathname: '/guides/usage/index.html', settings: { route: '/guides/usage', kind: 'doc' } }).banner,
    undefined,
  );
  const home = run(script, { pathname: '/build/' });
  assert.equal(home.banner?.id, 'base-url-issue-banner');
  assert.equal(home.banner?.role, 'alert');
  assert.equal(
    home.banner?.text,
    'This site did not load properly. A very common reason is a wrong baseUrl configuration: the configured baseUrl is /, but this page is served at /build/. We suggest trying baseUrl = /build/',
  );
  assert.match(
    run(script, { pathname: '/build/guides/usage', settings: { route: '/guides/usage', kind: 'doc' } }).banner?.text ??
      '',
    /We suggest trying baseUrl = \/build\/$/,
  );
  assert.equal(
    run(script, { pathname: '/no/such/page', settings: { route: '/404', kind: 'not-found' } }).banner,
    undefined,
    'the not-found page is served at any path',
  );
  const based = buildHeadScript(site({ baseUrl: '/docs/' }));
  assert.equal(run(based, { pathname: '/docs/' }).banner, undefined);
  assert.equal(run(based, { pathname: '/docs' }).banner, undefined);
  assert.match(
    run(based, { pathname: '/' }).banner?.text ?? '',
    /configured baseUrl is \/docs\/, but this page is served at \/\. We suggest trying baseUrl = \/$/,
  );
});
