import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { Navbar } from '../../templates/components/Navbar.js';
import type { NavbarItemProps, SiteProps } from '../../src/render/page-props.js';

const site = (items: NavbarItemProps[], locales = [{ locale: 'en', label: 'English' }]) =>
  ({
    title: 'Acme API',
    baseUrl: '/',
    navbar: { hideOnScroll: true, items },
    colorMode: { defaultMode: 'light', respectPrefersColorScheme: true, disableSwitch: false },
    search: { searchPagePath: 'search' },
    i18n: { defaultLocale: 'en', currentLocale: 'en', locales },
    docs: { currentVersion: 'current', versions: [{ name: 'current', label: 'Next', path: '' }] },
  }) as unknown as SiteProps;

const guides: NavbarItemProps = {
  type: 'link',
  label: 'Guides',
  href: '/guides/start',
  external: false,
  position: 'left',
  activeRoutePrefix: '/guides',
};

test('a navbar item that fails to render is replaced by a message for the site author; the others render', () => {
  const html = renderToString(
    <Navbar
      site={site([guides, { type: 'mystery', position: 'left' } as unknown as NavbarItemProps])}
      route="/guides/start"
    />,
  );
  assert.match(
    html,
    /A navbar item failed to render\. Please double-check the following navbar item \(themeConfig\.navbar\.items\) of your site configuration:/,
  );
  assert.match(html, /&quot;type&quot;: &quot;mystery&quot;/);
  assert.match(html, /No NavbarItem component found for type &quot;mystery&quot;\./);
  assert.match(
    html,
    /<a class="navbar__link navbar__link--active" href="\/guides\/start" aria-current="true" data-active-prefix="\/guides">Guides<\/a>/,
  );
});

test('a dropdown item that throws while rendering is caught on the server too', () => {
  const broken = site(
    [guides, { type: 'localeDropdown', position: 'right' }],
    7 as unknown as { locale: string; label: string }[],
  );
  const html = renderToString(<Navbar site={broken} route="/guides/start" />);
  assert.match(html, /A navbar item failed to render/);
  assert.match(html, /&quot;type&quot;: &quot;localeDropdown&quot;/);
});

test('the generic dropdowns render nothing with one locale and one version', () => {
  const html = renderToString(
    <Navbar
      site={site([
        guides,
        { type: 'localeDropdown', position: 'right' },
        { type: 'docsVersionDropdown', position: 'right' },
      ])}
      route="/guides/start"
    />,
  );
  assert.doesNotMatch(html, /dropdown__menu/);
  assert.doesNotMatch(html, /failed to render/);
});
