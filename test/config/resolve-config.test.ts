import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveConfig } from '../../src/config/resolve-config.js';
import { resolveNavbar } from '../../src/routes/resolve-navbar.js';

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
  assert.ok(config);
  assert.equal(config.baseUrl, '/');
  assert.equal(config.colorMode.defaultMode, 'light');
  assert.equal(config.docs.versions.current.label, 'Next');
  assert.deepEqual(config.i18n.locales, ['en']);
  assert.equal(config.code.languages.length, 20);
  assert.ok(Object.isFrozen(config) && Object.isFrozen(config.navbar.items));
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
  assert.ok(config);
  const { diagnostics } = resolveNavbar(config, { guides: [] }, []);
  assert.match(diagnostics[0].message, /Sidebar with ID "guides" doesn't have anything to be linked to/);
});

test('invalid values name the key and the value; unknown keys are reported', () => {
  const { diagnostics } = resolve({ ...valid(), baseUrl: 'docs', colourMode: {} });
  const messages = diagnostics.map((d) => d.message).join('\n');
  assert.match(messages, /Unknown config key "colourMode"/);
  assert.match(messages, /Invalid config value at "baseUrl": .*\(got "docs"\)/);
});
