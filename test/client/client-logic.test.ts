import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nextColorChoice } from '../../src/client/color-mode.js';
import { parseCssDuration } from '../../src/client/collapse.js';
import { canPreload } from '../../src/client/navigation.js';
import { preferredVersionKey, withCurrentQuery } from '../../src/client/dropdowns.js';
import { localeHref, versionHref } from '../../templates/components/Dropdowns.js';
import { errorCauseChain } from '../../templates/components/CrashScreen.js';
import { isNavbarLinkActive } from '../../templates/components/nav-active.js';

test('colour mode: system → light → dark → system with the system preference, else dark ⇄ light', () => {
  assert.deepEqual(
    ['system', 'light', 'dark'].map((c) => nextColorChoice(c as 'system', true)),
    ['light', 'dark', 'system'],
  );
  assert.deepEqual(
    ['light', 'dark'].map((c) => nextColorChoice(c as 'light', false)),
    ['dark', 'light'],
  );
});

test('collapse durations come from CSS times, minified or not', () => {
  assert.equal(parseCssDuration('200ms'), 200);
  assert.equal(parseCssDuration(' .2s'), 200);
  assert.equal(parseCssDuration('1ms'), 1);
  assert.equal(parseCssDuration('0.001s'), 1);
  assert.equal(parseCssDuration(''), 200);
  assert.equal(parseCssDuration('fast', 150), 150);
});

test('preloading is skipped on data-saver and 2g connections', () => {
  const nav = (connection?: object) => ({ connection }) as unknown as Navigator;
  assert.equal(canPreload(nav()), true);
  assert.equal(canPreload(nav({ effectiveType: '4g', saveData: false })), true);
  assert.equal(canPreload(nav({ effectiveType: '3g' })), true);
  assert.equal(canPreload(nav({ effectiveType: '2g' })), false);
  assert.equal(canPreload(nav({ effectiveType: 'slow-2g' })), false);
  assert.equal(canPreload(nav({ effectiveType: '4g', saveData: true })), false);
});

test('locale links point at the same page in each locale; the client keeps query and hash', () => {
  assert.equal(
    localeHref({ locale: 'en', defaultLocale: 'en', baseUrl: '/', route: '/guides/usage' }),
    '/guides/usage',
  );
  assert.equal(
    localeHref({ locale: 'fr', defaultLocale: 'en', baseUrl: '/', route: '/guides/usage' }),
    '/fr/guides/usage',
  );
  assert.equal(localeHref({ locale: 'fr', defaultLocale: 'en', baseUrl: '/docs/', route: '/' }), '/docs/fr/');
  assert.equal(withCurrentQuery('/fr/guides/usage', { search: '?q=1', hash: '#quota' }), '/fr/guides/usage?q=1#quota');
  assert.equal(withCurrentQuery('/fr/guides/usage?old=1#old', { search: '', hash: '#new' }), '/fr/guides/usage#new');
});

test("version links go to the equivalent doc in a version, else to that version's main doc", () => {
  const next = { name: 'current', label: 'Next', path: '', routes: ['/guides/usage'] };
  const old = { name: '1.0', label: '1.0', path: '1.0/', routes: ['/guides/intro'], mainRoute: '/guides/intro' };
  assert.equal(versionHref(next, '/', '/guides/usage'), '/guides/usage');
  assert.equal(versionHref(old, '/', '/guides/usage'), '/1.0/guides/intro');
  assert.equal(versionHref(old, '/docs/', '/guides/intro'), '/docs/1.0/guides/intro');
  assert.equal(versionHref({ name: '2.0', label: '2.0', path: '2.0/' }, '/', '/guides/usage'), '/2.0/');
  assert.equal(preferredVersionKey('default'), 'docs-preferred-version-default');
});

test('the crash screen lists the error and its causes, stopping at cycles', () => {
  const inner = new TypeError('x is undefined');
  const error = new Error('Rendering failed', { cause: new Error('Loading failed', { cause: inner }) });
  assert.deepEqual(errorCauseChain(error), ['Rendering failed', 'Loading failed', 'x is undefined']);
  const cyclic = new Error('a') as Error & { cause?: unknown };
  cyclic.cause = cyclic;
  assert.deepEqual(errorCauseChain(cyclic), ['a']);
  assert.deepEqual(errorCauseChain('plain text'), ['plain text']);
});

test('navbar links are active in their section only', () => {
  assert.equal(isNavbarLinkActive('/guides', '/guides/usage'), true);
  assert.equal(isNavbarLinkActive('/guides', '/guides'), true);
  assert.equal(isNavbarLinkActive('/guides', '/guidesx'), false);
  assert.equal(isNavbarLinkActive(undefined, '/guides/usage'), false);
});

test('storage that throws warns once per page and keeps working without persistence', async (t) => {
  // A fresh copy of the module: its warned-already flag is per page, and other tests may have set it.
  const freshModule = '../../src/client/storage.js?page=warns-once';
  const { createSafeStorage: freshSafeStorage } = (await import(
    freshModule
  )) as typeof import('../../src/client/storage.js');
  const warn = t.mock.method(console, 'warn', () => undefined);
  const denied = () => {
    throw new DOMException('denied', 'SecurityError');
  };
  const storage = freshSafeStorage(denied);
  assert.equal(storage.get('theme'), null);
  storage.set('theme', 'dark');
  storage.remove('theme');
  assert.equal(storage.get('theme'), null);
  // A second store on the same page (the search modal keeps its own) does not warn again.
  freshSafeStorage(denied).get('recent');
  assert.equal(warn.mock.callCount(), 1, 'one warning per page');
});
