// Docusaurus' theme and core modules as docsgen provides them to MDX pages, with Docusaurus' props.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withBaseUrl } from '../../src/content/mdx/theme/base-url.js';
import { ADMONITION_TYPES, admonitionStyle } from '../../src/content/docusaurus/admonition-types.js';
import { htmlOf, parseMdx } from './mdx-helpers.js';

const FM = '---\ntitle: Theme\n---\n';

test('useBaseUrl, for random baseUrls and paths: site paths get the baseUrl once, other URLs stay as written', () => {
  let seed = 11;
  const pick = <T>(items: readonly T[]) => items[(seed = (seed * 48271) % 2147483647) % items.length];
  for (let round = 0; round < 200; round++) {
    const baseUrl = pick(['/', '/docs/', '/api/v2/']);
    const site = { baseUrl, url: pick(['https://docs.meshtide.example', 'https://meshtide.example/']) };
    const path = `/${pick(['img', 'guides', 'files/v1'])}/${pick(['map.png', 'a b.pdf', 'x', ''])}`;
    assert.equal(withBaseUrl(path, site), baseUrl + path.slice(1), path);
    assert.equal(
      withBaseUrl(path, site, { absolute: true }),
      site.url.replace(/\/$/, '') + baseUrl + path.slice(1),
      path,
    );
    for (const untouched of [
      'https://cdn.example/x.png',
      '//cdn.example/x.png',
      '#usage',
      'mailto:ops@x.example',
      'img/x.png',
    ])
      assert.equal(withBaseUrl(untouched, site), untouched);
    assert.equal(withBaseUrl('img/x.png', site, { forcePrependBaseUrl: true }), `${baseUrl}img/x.png`);
  }
});

test('useBaseUrl in a page, and useBaseUrlUtils', async () => {
  const html = htmlOf(
    await parseMdx(
      `${FM}import useBaseUrl, {useBaseUrlUtils} from '@docusaurus/useBaseUrl';\n\nexport const Logo = () => {\n  const {withBaseUrl} = useBaseUrlUtils();\n  return <img src={withBaseUrl('/img/logo.svg')} alt="logo" />;\n};\n\n<Logo />\n\n<a href={useBaseUrl('/files/firmware.bin', {absolute: true})}>firmware</a>\n`,
    ),
  );
  assert.match(html, /<img src="\/docs\/img\/logo\.svg" alt="logo"\/>/);
  assert.match(html, /href="https:\/\/docs\.meshtide\.example\/docs\/files\/firmware\.bin"/);
});

test('@docusaurus/Link: site paths get the baseUrl, external links open in a new tab, mailto does not', async () => {
  const html = htmlOf(
    await parseMdx(
      `${FM}import Link from '@docusaurus/Link';\n\n<Link to="/guides/install-cli#install-steps">install</Link> <Link href="https://status.meshtide.example" className="button">status</Link> <Link to="mailto:ops@meshtide.example">mail</Link>\n`,
    ),
  );
  assert.match(html, /<a href="\/docs\/guides\/install-cli#install-steps">install<\/a>/);
  assert.match(
    html,
    /<a href="https:\/\/status\.meshtide\.example" target="_blank" rel="noopener noreferrer" class="button">status<\/a>/,
  );
  assert.match(html, /<a href="mailto:ops@meshtide\.example">mail<\/a>/);
});

test('@theme/Admonition draws every Docusaurus type like the ::: syntax; an unknown type is DG505', async () => {
  const items = ADMONITION_TYPES.map((type) => `<Admonition type="${type}">Body of ${type}.</Admonition>`).join('\n\n');
  const html = htmlOf(await parseMdx(`${FM}import Admonition from '@theme/Admonition';\n\n${items}\n`));
  const drawn = [
    ...html.matchAll(
      /<aside class="admonition admonition-(\w+)" aria-label="(\w+)"><p class="admonition-title">(\w+)<\/p>/g,
    ),
  ];
  assert.deepEqual(
    drawn.map((m) => [m[1], m[3]]),
    ADMONITION_TYPES.map((type) => [admonitionStyle(type), type]),
  );
  const unknown = await parseMdx(
    `${FM}import Admonition from '@theme/Admonition';\n\n<Admonition type="hint">x</Admonition>\n`,
  );
  assert.deepEqual(
    unknown.diagnostics.map((d) => [d.code, d.line]),
    [['DG505', 6]],
  );
  assert.match(unknown.diagnostics[0].message, /Unknown admonition type "hint"/);
});

test('@theme/CodeBlock: language from className, metastring ranges, numbered lines from a start; text only', async () => {
  const html = htmlOf(
    await parseMdx(
      `${FM}import CodeBlock from '@theme/CodeBlock';\n\n<CodeBlock className="language-python" metastring='{2} title="poll.py"' showLineNumbers={5}>\n{\`import time\nwhile True:\n    time.sleep(30)\`}\n</CodeBlock>\n`,
    ),
  );
  assert.match(html, /data-language="python"><div class="code-title">poll\.py<\/div>/);
  assert.match(html, /counter-reset:line 4/);
  const lines = [...html.matchAll(/<span class="line( line-highlighted)?">/g)].map((m) => Boolean(m[1]));
  assert.deepEqual(lines, [false, true, false]);
  const notText = await parseMdx(
    `${FM}import CodeBlock from '@theme/CodeBlock';\n\n<CodeBlock><b>bold</b></CodeBlock>\n`,
  );
  assert.equal(notText.diagnostics[0]?.code, 'DG505');
  assert.match(notText.diagnostics[0].message, /<CodeBlock> takes its code as text/);
});

test('@theme/Details (also without an import, as in Docusaurus) with a text or element summary', async () => {
  const outcome = await parseMdx(
    `${FM}<Details summary="Rate limits">\n\n100 requests a minute.\n\n</Details>\n\n<Details summary={<summary>Quota <em>per key</em></summary>}>Shared.</Details>\n`,
  );
  assert.deepEqual(outcome.diagnostics, []);
  const html = htmlOf(outcome);
  assert.match(
    html,
    /<details class="details"><summary>Rate limits<\/summary><div class="details__content"><p>100 requests/,
  );
  assert.match(html, /<summary>Quota <em>per key<\/em><\/summary><div class="details__content">Shared\.<\/div>/);
});

test('@docusaurus/useDocusaurusContext gives siteConfig and i18n', async () => {
  const html = htmlOf(
    await parseMdx(
      `${FM}import useDocusaurusContext from '@docusaurus/useDocusaurusContext';\n\nexport const About = () => {\n  const {siteConfig, i18n} = useDocusaurusContext();\n  return <p>{siteConfig.title}: {siteConfig.tagline} ({i18n.currentLocale}, {siteConfig.baseUrl})</p>;\n};\n\n<About />\n`,
    ),
  );
  assert.match(html, /<p>Meshtide Docs: Hotspots from the terminal \(en, \/docs\/\)<\/p>/);
});

test('an image imported by the page is a hashed asset of the page', async () => {
  const outcome = await parseMdx(
    `${FM}import map from '@site/static/img/coverage-map.svg';\n\n<img src={map} alt="map" />\n`,
  );
  assert.deepEqual(outcome.diagnostics, []);
  assert.match(htmlOf(outcome), /<img src="\/docs\/assets\/coverage-map\.svg" alt="map"\/>/);
  assert.deepEqual(
    outcome.parsed!.assets.map((path) => path.split('/').slice(-3).join('/')),
    ['static/img/coverage-map.svg'],
  );
});

test('@theme/ThemedImage: both images, each with the class the colour mode shows; @theme/Heading with its anchor', async () => {
  const outcome = await parseMdx(
    `${FM}import ThemedImage from '@theme/ThemedImage';\nimport Heading from '@theme/Heading';\nimport useBaseUrl from '@docusaurus/useBaseUrl';\n\n` +
      '<ThemedImage\n  alt="Hotspot placement"\n  width="480"\n  sources={{\n    light: useBaseUrl(\'/img/placement-light.svg\'),\n    dark: useBaseUrl(\'/img/placement-dark.svg\'),\n  }}\n/>\n\n' +
      '<Heading as="h2" id="antenna-gain">Antenna gain</Heading>\n\n<Heading as="h1">Not linked</Heading>\n',
  );
  assert.deepEqual(outcome.diagnostics, []);
  const html = htmlOf(outcome);
  assert.match(
    html,
    /<img width="480" src="\/docs\/img\/placement-light\.svg" alt="Hotspot placement" class="themed-image themed-image--light"\/><img width="480" src="\/docs\/img\/placement-dark\.svg" alt="Hotspot placement" class="themed-image themed-image--dark"\/>/,
  );
  assert.match(
    html,
    /<h2 id="antenna-gain">Antenna gain<a class="hash-link" href="#antenna-gain" aria-label="Direct link to Antenna gain"/,
  );
  assert.match(html, /<h1>Not linked<\/h1>/);
});

test('useIsBrowser, ExecutionEnvironment, useLocation, Translate, Interpolate and useColorMode render as on Docusaurus’ server', async () => {
  const outcome = await parseMdx(
    `${FM}import useIsBrowser from '@docusaurus/useIsBrowser';\nimport ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';\n` +
      "import {useLocation} from '@docusaurus/router';\nimport Translate, {translate} from '@docusaurus/Translate';\n" +
      "import Interpolate from '@docusaurus/Interpolate';\nimport {useColorMode, ThemeClassNames} from '@docusaurus/theme-common';\n\n" +
      'export const Where = () => {\n  const {pathname} = useLocation();\n  const {colorMode} = useColorMode();\n' +
      '  return <p className={ThemeClassNames.docs.docMarkdown}>{pathname} in {colorMode} mode, browser: {String(useIsBrowser())}, DOM: {String(ExecutionEnvironment.canUseDOM)}</p>;\n};\n\n' +
      '<Where />\n\n<Translate id="rewards.count" values={{count: 3}}>{"{count} rewards today"}</Translate>\n\n' +
      "{translate({message: 'Hotspots in {city}'}, {city: 'Lisbon'})}\n\n" +
      '<Interpolate values={{firmware: <code>1.19</code>}}>{"Needs firmware {firmware} or later"}</Interpolate>\n',
    'where',
  );
  assert.deepEqual(outcome.diagnostics, []);
  const html = htmlOf(outcome);
  assert.match(
    html,
    /<p class="theme-doc-markdown">\/docs\/guides\/where in light mode, browser: false, DOM: false<\/p>/,
  );
  assert.match(html, /3 rewards today/);
  assert.match(html, /Hotspots in Lisbon/);
  assert.match(html, /Needs firmware <code>1\.19<\/code> or later/);
});

test('a named import a provided module does not have is an error at the import, not an undefined component', async () => {
  const outcome = await parseMdx(
    `${FM}import {useWindowSize} from '@docusaurus/theme-common';\n\nSize: {useWindowSize()}\n`,
  );
  assert.equal(outcome.parsed, undefined);
  assert.deepEqual(
    outcome.diagnostics.map((d) => `${d.code} ${d.severity}`),
    ['DG231 error'],
  );
  assert.match(outcome.diagnostics[0].message, /useWindowSize/);
});
