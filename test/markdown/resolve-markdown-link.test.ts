// Links to Markdown files resolved as Docusaurus resolves them (resolveMarkdownLinkPathname), so a
// link in versioned_docs/version-X/ stays in version X: checked over random pages and links.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { markdownLinkCandidates, resolveMarkdownLink } from '../../src/content/plugins/resolve-markdown-link.js';
import { docRoutesOf } from '../../src/content/doc-routes.js';
import { seededRandom } from '../helpers/seeded-random.js';

const SITE = '/site';
const VERSIONS = ['docs', 'versioned_docs/version-1.0', 'versioned_docs/version-2.x'];
const FOLDERS = ['', 'guides', 'guides/advanced', 'reference'];
const NAMES = ['intro.md', 'install.mdx', 'rate limits.md', 'tokens.md'];

test('for any page and link: ./ and ../ from the page, / from its version then the site, bare from the page first', () => {
  const random = seededRandom(412);
  for (let run = 0; run < 500; run++) {
    const contentRoot = join(SITE, random.pick(VERSIONS));
    const absolutePath = join(contentRoot, random.pick(FOLDERS), random.pick(NAMES));
    const target = `${random.pick(FOLDERS)}/${encodeURIComponent(random.pick(NAMES))}`.replace(/^\//, '');
    const base = { absolutePath, contentRoot, siteRoot: SITE };
    const here = join(absolutePath, '..');
    const decoded = decodeURIComponent(target);
    assert.deepEqual(markdownLinkCandidates(`./${target}`, base), [join(here, decoded)]);
    assert.deepEqual(markdownLinkCandidates(`../${target}`, base), [join(here, '..', decoded)]);
    assert.deepEqual(markdownLinkCandidates(`/${target}`, base), [join(contentRoot, decoded), join(SITE, decoded)]);
    assert.deepEqual(markdownLinkCandidates(target, base), [
      join(here, decoded),
      join(contentRoot, decoded),
      join(SITE, decoded),
    ]);
    assert.deepEqual(markdownLinkCandidates(`@site/${target}`, base), [join(SITE, decoded)]);
    // Whatever the link, only a file of the page's version or of the site root outside every
    // version's folder is looked at unless the path itself climbs out (../).
    for (const candidate of markdownLinkCandidates(`/${target}`, base))
      assert.ok(
        candidate.startsWith(contentRoot) || candidate === join(SITE, decoded),
        `${candidate} leaves ${contentRoot}`,
      );
  }
});

test('the first existing candidate wins: the same path in another version is never taken', () => {
  const routes = docRoutesOf(
    new Map([
      ['/site/docs/tokens.md', '/docs/next/tokens'],
      ['/site/versioned_docs/version-2.x/tokens.md', '/docs/tokens'],
      ['/site/versioned_docs/version-1.0/guides/tokens.md', '/docs/1.0/guides/tokens'],
    ]),
  );
  const oldPage = {
    absolutePath: '/site/versioned_docs/version-1.0/guides/install.md',
    contentRoot: '/site/versioned_docs/version-1.0',
    siteRoot: SITE,
  };
  assert.equal(resolveMarkdownLink('tokens.md', oldPage, routes), '/docs/1.0/guides/tokens');
  assert.equal(resolveMarkdownLink('/tokens.md', oldPage, routes), undefined, '1.0 has no tokens.md at its root');
  assert.equal(resolveMarkdownLink('/guides/tokens.md', oldPage, routes), '/docs/1.0/guides/tokens');
  assert.equal(resolveMarkdownLink('@site/docs/tokens.md', oldPage, routes), '/docs/next/tokens');
});
