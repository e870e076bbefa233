import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHighlighter } from '../../src/content/highlighter.js';
import { parseFrontMatter } from '../../src/content/parse-front-matter.js';
import { assignDocRoutes } from '../../src/content/assign-doc-routes.js';
import { parseMdxPage, type MdxPageOptions } from '../../src/content/mdx/parse-mdx-page.js';
import { createMdxProcessor } from '../../src/content/mdx/mdx-processor.js';

export const MDX_SITE = join(import.meta.dirname, '../markdown/fixtures/mdx');

const processor = createMdxProcessor();
const mdProcessor = createMdxProcessor({ format: 'md' });

export function mdxOptions(overrides: Partial<MdxPageOptions> = {}): MdxPageOptions {
  return {
    processor,
    mdProcessor,
    readsAsMdx: (path) => path.endsWith('.mdx'),
    highlighter: createHighlighter(),
    docRoutes: new Map(),
    baseUrl: '/docs/',
    assetUrl: (path) => `/docs/assets/${path.split('/').pop()}`,
    root: MDX_SITE,
    docusaurus: {
      siteConfig: {
        title: 'Meshtide Docs',
        tagline: 'Hotspots from the terminal',
        url: 'https://docs.meshtide.example',
        baseUrl: '/docs/',
        customFields: {},
        themeConfig: {},
      },
      siteMetadata: { docusaurusVersion: '3' },
      i18n: { defaultLocale: 'en', locales: ['en'], currentLocale: 'en' },
    },
    ...overrides,
  };
}

/** Parses MDX text as the page content/guides/{name}.mdx of the fixture site (or of the site at `overrides.root`). */
export async function parseMdx(text: string, name = 'page', overrides: Partial<MdxPageOptions> = {}) {
  const source = {
    absolutePath: join(overrides.root ?? MDX_SITE, `content/guides/${name}.mdx`),
    relativePath: `content/guides/${name}.mdx`,
    contentPath: `guides/${name}`,
    text,
  };
  const split = parseFrontMatter(source).value!;
  const [entry] = assignDocRoutes([split]).entries;
  return parseMdxPage(entry, mdxOptions(overrides));
}

export const readFixture = (name: string) => readFileSync(join(MDX_SITE, `content/guides/${name}.mdx`), 'utf8');
export const htmlOf = (outcome: Awaited<ReturnType<typeof parseMdx>>) =>
  (outcome.parsed?.page.body as { html: string } | undefined)?.html ?? '';
