import { describeStandIn, standInOf } from '../shared/evaluate-docusaurus-module.js';
import type { Note } from './docusaurus-theme-config.js';

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj => !!value && typeof value === 'object' && !Array.isArray(value);

/** What the presets, plugins and themes of a Docusaurus config give docsgen. */
export interface PluginFindings {
  /** The classic preset's `docs` options (undefined: the preset is not used). */
  docs?: Obj;
  docsKey?: string;
  /** The OpenAPI description a plugin (docusaurus-plugin-openapi-docs, redocusaurus) builds from. */
  openapi?: string;
  /** remark-math and rehype-katex are configured: `$…$` is math. */
  math: boolean;
  /** Where the blog would be (its routeBasePath), when the config has one. */
  blogRoute?: string;
}

const CLASSIC_PRESETS = ['classic', '@docusaurus/preset-classic', 'docusaurus-preset-classic'];
/** Themes whose work docsgen does itself (search from themeConfig.algolia, the API reference, the classic theme). */
const BUILT_IN_THEMES = [
  '@docusaurus/theme-search-algolia',
  'docusaurus-theme-openapi-docs',
  '@docusaurus/theme-classic',
  'classic',
];

/** `'name'`, `['name', options]` or a plugin function, as presets, plugins and themes are listed. */
function entryOf(entry: unknown): { name: string; options: Obj; local: boolean } {
  if (typeof entry === 'function') return { name: entry.name || 'anonymous', options: {}, local: true };
  if (Array.isArray(entry)) {
    const [first, options] = entry;
    const name = typeof first === 'function' ? first.name || 'anonymous' : String(first);
    return { name, options: isObject(options) ? options : {}, local: typeof first === 'function' };
  }
  return { name: String(entry), options: {}, local: false };
}

/** remark-math and rehype-katex (stand-ins of the imports) are docsgen's `markdown.math`; other Markdown plugins are notes. */
function markdownPlugins(docs: Obj, key: string, note: Note): boolean {
  let math = false;
  for (const list of ['remarkPlugins', 'rehypePlugins', 'beforeDefaultRemarkPlugins', 'beforeDefaultRehypePlugins']) {
    const plugins = Array.isArray(docs[list]) ? (docs[list] as unknown[]) : [];
    plugins.forEach((plugin, index) => {
      const standIn = standInOf(Array.isArray(plugin) ? plugin[0] : plugin);
      const name = standIn ? describeStandIn(standIn) : entryOf(plugin).name;
      if (name === 'remark-math' || name === 'rehype-katex') math = true;
      else
        note(
          'DG161',
          `${key}.${list}[${index}]`,
          `The Markdown plugin "${name}" is not carried over`,
          'docsgen renders Markdown with its own remark and rehype plugins (see README, "Writing content").',
        );
    });
  }
  return math;
}

function classicPreset(
  options: Obj,
  key: string,
  note: Note,
  { findings, blogFolder }: { findings: PluginFindings; blogFolder: boolean },
) {
  const { docs, blog, theme, pages, sitemap, ...rest } = options;
  if (isObject(docs)) {
    findings.docs = docs;
    findings.docsKey = `${key}.docs`;
    findings.math = markdownPlugins(docs, `${key}.docs`, note);
  } else if (docs === false)
    note('DG161', `${key}.docs`, 'The docs are turned off (docs: false); docsgen builds the docs folder anyway');
  if (blog !== false && (blog !== undefined || blogFolder)) {
    findings.blogRoute = `/${String((isObject(blog) && blog.routeBasePath) || 'blog').replace(/^\/+|\/+$/g, '')}`;
    note(
      'DG161',
      `${key}.blog`,
      'The blog is not carried over',
      'docsgen builds documentation only: keep the blog on its own site, or move its posts into docs.',
    );
  }
  if (isObject(theme) && theme.customCss)
    note(
      'DG161',
      `${key}.theme.customCss`,
      `Custom CSS (${[theme.customCss].flat().join(', ')}) is not carried over`,
      "docsgen's theme has its own stylesheet; a templates/ folder of the site's own can change it.",
    );
  if (pages !== undefined) note('DG160', `${key}.pages`, 'The pages plugin options are not carried over');
  if (isObject(sitemap))
    note(
      'DG160',
      `${key}.sitemap`,
      'The sitemap options are not carried over',
      'docsgen always writes /sitemap.xml (weekly, priority 0.5).',
    );
  for (const name of Object.keys(rest))
    note('DG161', `${key}.${name}`, `The preset option "${name}" is not carried over`);
}

/** docusaurus-plugin-openapi-docs (`config.{id}.specPath`) and redocusaurus (`specs[].spec`). */
function openapiPlugin(name: string, options: Obj, key: string, note: Note): string | undefined {
  const specs =
    name === 'docusaurus-plugin-openapi-docs'
      ? Object.values(isObject(options.config) ? options.config : {}).map((api) => (api as Obj)?.specPath)
      : (Array.isArray(options.specs) ? options.specs : []).map((spec) => (spec as Obj)?.spec);
  const local = specs.filter((spec): spec is string => typeof spec === 'string' && !/^https?:/.test(spec));
  if (local.length === 0) {
    note(
      'DG161',
      key,
      `The OpenAPI plugin "${name}" names no local description file`,
      'Download the description into the site and pass it with openapi in site.config.ts (builds are offline).',
    );
    return undefined;
  }
  if (specs.length > 1)
    note('DG161', key, `Only the first of ${specs.length} OpenAPI descriptions is carried over (${local[0]})`);
  return local[0];
}

const OPENAPI_PLUGINS = ['docusaurus-plugin-openapi-docs', 'redocusaurus', 'docusaurus-plugin-redoc'];

/** Reads presets, plugins and themes: what docsgen takes over, and a note for each part it does not. */
export function pluginFindings(config: Obj, note: Note, blogFolder: boolean): PluginFindings {
  const findings: PluginFindings = { math: false };
  const lists = { presets: config.presets, plugins: config.plugins, themes: config.themes };
  for (const [list, entries] of Object.entries(lists)) {
    (Array.isArray(entries) ? entries : []).forEach((entry, index) => {
      const key = `${list}[${index}]`;
      const { name, options, local } = entryOf(entry);
      if (list === 'presets' && CLASSIC_PRESETS.includes(name))
        classicPreset(options, `${key}[1]`, note, { findings, blogFolder });
      else if (OPENAPI_PLUGINS.includes(name)) findings.openapi ??= openapiPlugin(name, options, key, note);
      else if (list === 'themes' && BUILT_IN_THEMES.includes(name)) return;
      else if (local)
        note(
          'DG161',
          key,
          `The local plugin "${name}" is not carried over`,
          'docsgen does not run Docusaurus plugins; what it produced must be written as pages.',
        );
      else
        note(
          'DG161',
          key,
          `The ${list.slice(0, -1)} "${name}" is not carried over`,
          name === '@docusaurus/theme-mermaid'
            ? 'mermaid code blocks are shown as code.'
            : 'docsgen does not run Docusaurus plugins or themes.',
        );
    });
  }
  return findings;
}
