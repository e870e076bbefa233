import { lstatSync, readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { PageEditModel } from '../build.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Page } from '../model.js';
import type { RenderJob } from '../render/render-site.js';
import { decodeSourceText } from '../content/decode-source-text.js';
import { parseFrontMatter } from '../content/parse-front-matter.js';
import { parsePage, type ParsedPage } from '../content/parse-page.js';
import { versionedPage } from '../content/version-sources.js';
import type { MarkdownSource, OutsideParse } from '../content/load-content.js';
import type { DocEntry } from '../content/assign-doc-routes.js';
import { applyMarkdownLinkPolicy, checkCrossVersionLinks, checkLinks } from '../routes/check-links.js';

/**
 * One saved Markdown page parsed and rendered again against the last build's site model (routes,
 * sidebars, anchors, bundle), or why that cannot stand in for a rebuild: the edit changes what
 * other pages show or check of the page, or what the site ships besides the page.
 */
export type PageEdit =
  { kind: 'rebuild'; reason: string } | { kind: 'edited'; page: Page; job: RenderJob; diagnostics: Diagnostic[] };

const rebuild = (reason: string): PageEdit => ({ kind: 'rebuild', reason });

/**
 * What other pages (sidebars, prev/next, doc cards, link checks), the client bundle, the
 * stylesheets and the diagram check read of a page: everything but its body, its text and its
 * own links. The text feeds only the search index and the twins, which the rebuild after makes.
 */
const shapeOf = ({ body: _body, text: _text, links: _links, ...shape }: Page) => shape;

/** The page's file as the build reads it, or undefined when it cannot be read plainly (a symlink, not UTF-8…). */
function readPageText(source: MarkdownSource): string | undefined {
  const { absolutePath, relativePath } = source.entry.source;
  try {
    if (!lstatSync(absolutePath).isFile()) return undefined;
    const decoded = decodeSourceText(readFileSync(absolutePath), relativePath);
    return decoded.diagnostics.length ? undefined : decoded.text;
  } catch {
    return undefined;
  }
}

/**
 * Parses the page's new text with the entry it had (same id and route: its front matter is
 * unchanged), as the next build would parse it (see MarkdownSources.keepParse).
 */
function parseAgain(model: PageEditModel, source: MarkdownSource, text: string): OutsideParse | string {
  const split = parseFrontMatter({ ...source.entry.source, text });
  const value = split.value;
  if (!value || split.diagnostics.length) return 'its front matter has problems';
  if (value.lineOffset !== source.entry.lineOffset || !isDeepStrictEqual(value.frontMatter, source.entry.frontMatter))
    return 'its front matter changed';
  // A file the last build did not ship is a new output file (a missing one an error the build
  // reports): the build's asset resolver is not asked about it, so it stays as that build left it.
  const known = model.assets.assets;
  const unknown: string[] = [];
  const { options } = model.markdown;
  const assetUrl = (path: string) => (known.has(path) ? options.assetUrl(path) : (unknown.push(path), path));
  // Made as assignDocRoutes makes it of the split.
  const entry: DocEntry = { ...value, frontMatter: value.frontMatter, id: source.entry.id, route: source.entry.route };
  let parsed: ParsedPage;
  try {
    parsed = parsePage(entry, { ...options, assetUrl });
  } catch {
    return 'it does not parse';
  }
  if (unknown.length) return 'it shows a file the last build did not ship';
  return { split: { ...split, value }, entry, parsed };
}

/** The edited page's own problems: its parse and its links, checked against every other page's routes and anchors. */
function checkPage(model: PageEditModel, before: Page, page: Page, parsed: ParsedPage): Diagnostic[] {
  const { table, config, linkCheck } = model;
  const own = { ...table, pages: [page] };
  const diagnostics = [
    ...applyMarkdownLinkPolicy(parsed.diagnostics, config.onBrokenLinks),
    ...checkLinks(own, linkCheck.extraRoutes, linkCheck.policy, linkCheck.unbuiltPrefixes),
  ];
  if (config.docsVersions.length < 2) return diagnostics;
  const swapped = { ...table, pages: table.pages.map((one) => (one === before ? page : one)) };
  return [...diagnostics, ...checkCrossVersionLinks(swapped).filter((d) => d.file === (page.sourcePath ?? page.route))];
}

/**
 * The saved Markdown file `path` as a page of the last build's site: parsed, checked and planned
 * for rendering. A rebuild is needed instead when the file was not a Markdown page of that build,
 * its front matter changed, or the new page differs from the old in anything but its body and
 * links (title, headings and anchors, description, diagrams, math, islands).
 */
export function editPage(model: PageEditModel, path: string): PageEdit {
  const source = model.markdown.byPath.get(path);
  if (!source) return rebuild('it is not a Markdown page of the last build');
  // The route table holds the page as parsed (not one a later stage made of it).
  if (model.table.byRoute.get(source.page.route) !== source.page) return rebuild('its page is made by another stage');
  const text = readPageText(source);
  if (text === undefined) return rebuild('it cannot be read as a page');
  const parse = parseAgain(model, source, text);
  if (typeof parse === 'string') return rebuild(parse);
  const { parsed } = parse;
  const page = versionedPage(parsed.page, source.version);
  if (!isDeepStrictEqual(shapeOf(page), shapeOf(source.page)))
    return rebuild('the edit changes what other pages show or check (title, headings, anchors, description…)');
  // The build that follows the edit finds the page parsed (a parse is 0.1–0.5 s of its main thread).
  model.markdown.keepParse(parse);
  return { kind: 'edited', page, job: model.planPage(page), diagnostics: checkPage(model, source.page, page, parsed) };
}
