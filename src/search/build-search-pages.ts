/**
 * What the search index knows about each page: its title, its type, and its sections (the part
 * before the first heading, then one per h2/h3) with their anchors, body text and keywords. API
 * operations get their method, path, operation id and tags as keywords, and one section per
 * parameter, header and schema property, linking to its row (operationFields' anchors).
 */
import type { Page } from '../model.js';
import type { ApiOperationView, ApiOverviewView } from '../api-view.js';
import { htmlToText, textSections } from '../shared/hast-text.js';
import { htmlTreeWithoutPositions } from '../shared/html-tree.js';
import { operationFields, type ApiFieldEntry } from '../openapi/api-anchors.js';
import { DEFAULT_EXAMPLE_ROUTES } from '../config/schema.js';
import { isUnderRoute } from '../shared/url.js';

/** The type badge shown with a result. */
export type SearchPageType = 'guide' | 'example' | 'api' | 'operation';

export interface SearchSection {
  /** '' for the top of the page (shown as the page title). */
  heading: string;
  /** Element id to link to; '' for the top of the page. */
  anchor: string;
  text: string;
  /** Identifiers a reader may type verbatim: method, path, operation id, parameter names. */
  keywords: string;
  /** A parameter, header or property of an operation (ranked below the page's own sections); these come last. */
  field?: boolean;
}

export interface SearchPage {
  route: string;
  title: string;
  type: SearchPageType;
  /** HTTP method of an operation ('GET'). */
  badge?: string;
  /** The label of the API a reference page documents, when the site has several (`Page.apiLabel`). */
  api?: string;
  sections: SearchSection[];
}

const MAX_SECTION_TEXT = 20_000;

/** Where the site's examples are (config `search.exampleRoutes`): a page at or under one of these routes is an example. */
export type ExampleRoutes = readonly string[];

export function searchPageType(
  page: Pick<Page, 'kind' | 'route'>,
  exampleRoutes: ExampleRoutes = DEFAULT_EXAMPLE_ROUTES,
): SearchPageType {
  if (page.kind === 'api-operation') return 'operation';
  if (page.kind === 'api-overview' || page.kind === 'api-schema') return 'api';
  return exampleRoutes.some((prefix) => isUnderRoute(page.route, prefix)) ? 'example' : 'guide';
}

/** Whether a page is searchable: not the search page itself, the not-found page or an unlisted page. */
export const isSearchable = (page: Page) =>
  page.kind !== 'search' && page.kind !== 'not-found' && !page.docMeta?.unlisted;

/** What the index knows of one searchable page. */
export function searchPageOf(page: Page, exampleRoutes?: ExampleRoutes): SearchPage {
  return {
    route: page.route,
    title: page.title,
    type: searchPageType(page, exampleRoutes),
    badge: page.badge,
    ...(page.apiLabel ? { api: page.apiLabel } : {}),
    sections: withApiLabel(sectionsOf(page), page.apiLabel),
  };
}

/** The API's label counts as a keyword of the page's top ('v1 list berths' prefers the v1 page). */
function withApiLabel(sections: SearchSection[], label: string | undefined): SearchSection[] {
  if (label && sections[0]) sections[0] = { ...sections[0], keywords: join(sections[0].keywords, label) };
  return sections;
}

/** The searchable pages, in the given order. */
export function buildSearchPages(pages: readonly Page[], exampleRoutes?: ExampleRoutes): SearchPage[] {
  return pages.filter(isSearchable).map((page) => searchPageOf(page, exampleRoutes));
}

function sectionsOf(page: Page): SearchSection[] {
  const body = page.body;
  let sections: SearchSection[];
  if (body.type === 'html') {
    sections = textSections(htmlTreeWithoutPositions(body.html)).map((s) => section(s.heading, s.anchor, s.text));
    // The front-matter description and tags summarise the page: they count for its top.
    const intro = sections[0]?.anchor === '' ? sections[0] : (sections.unshift(section('', '', '')), sections[0]);
    if (page.description && !intro.text.includes(page.description)) intro.text = join(page.description, intro.text);
    intro.keywords = join(intro.keywords, ...page.tags);
  } else if (body.type === 'api-operation') sections = operationSections(body.operation);
  else if (body.type === 'api-overview') sections = overviewSections(body.overview);
  else sections = [section('', '', page.text)];
  if (sections.length === 0) sections.push(section('', '', page.description));
  return sections;
}

function section(heading: string, anchor: string, text: string, keywords = ''): SearchSection {
  return { heading, anchor, text: text.length > MAX_SECTION_TEXT ? text.slice(0, MAX_SECTION_TEXT) : text, keywords };
}

const textOf = (html?: string) => (html ? htmlToText(html) : '');
const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');

function operationSections(op: ApiOperationView): SearchSection[] {
  const headingOf = (id: string) => op.sections.find((s) => s.id === id)?.text;
  const sections = [
    section(
      '',
      '',
      join(`${op.method.toUpperCase()} ${op.path}`, textOf(op.descriptionHtml), op.deprecated ? 'Deprecated.' : ''),
      join(op.method.toUpperCase(), op.path, serverPath(op.serverUrl, op.path), op.operationId, ...op.tags),
    ),
  ];
  if (op.requestBody) {
    const text = join(textOf(op.requestBody.descriptionHtml), ...op.requestBody.contents.map((c) => c.mediaType));
    const id = op.sections.find((s) => /request/i.test(s.id))?.id ?? 'request-body';
    sections.push(section(headingOf(id) ?? 'Request body', id, text));
  }
  if (op.responses.length) {
    const text = op.responses
      .map((r) => join(r.status, textOf(r.descriptionHtml), r.content?.schema?.title))
      .join('. ');
    sections.push(section(headingOf('responses') ?? 'Responses', 'responses', text));
  }
  // Every parameter, header and property on its own, linking to its row on the page.
  for (const field of operationFields(op)) sections.push(fieldSection(field));
  return sections;
}

const FIELD_LOCATIONS: Record<ApiFieldEntry['location'], string> = {
  path: 'Path parameter',
  query: 'Query parameter',
  header: 'Header parameter',
  cookie: 'Cookie parameter',
  'request body': 'Request body property',
  response: 'Response property',
  'response header': 'Response header',
};

/** A field's section: its name as the heading and keyword (also its last part: 'amount' of 'data.amount'). */
function fieldSection(field: ApiFieldEntry): SearchSection {
  const leaf = field.name.split('.').pop()!;
  const status = /^res-([^-]+)-/.exec(field.anchor)?.[1];
  // A callback's field says whose it is ('Callback statusChanged: response property').
  const where =
    field.callback === undefined
      ? FIELD_LOCATIONS[field.location] + (status ? ` (${status})` : '')
      : `Callback ${field.callback}: ${FIELD_LOCATIONS[field.location].toLowerCase()}`;
  const keywords = leaf === field.name ? leaf : join(field.name, leaf);
  return { ...section(field.name, field.anchor, join(`${where}.`, field.description), keywords), field: true };
}

/** The path as requested, with the server's base path ('/v0/gateways/{address}'), when there is one. */
function serverPath(serverUrl: string, path: string): string | undefined {
  try {
    const base = new URL(serverUrl).pathname.replace(/\/$/, '');
    return base ? base + path : undefined;
  } catch {
    return undefined;
  }
}

function overviewSections(view: ApiOverviewView): SearchSection[] {
  const headingOf = (id: string, fallback: string) => view.sections.find((s) => s.id === id)?.text ?? fallback;
  const sections = [
    section('', '', join(view.version ? `Version ${view.version}` : '', view.summary, textOf(view.descriptionHtml))),
  ];
  if (view.servers.length)
    sections.push(
      section(
        headingOf('servers', 'Servers'),
        'servers',
        view.servers.map((s) => join(s.url, textOf(s.descriptionHtml))).join(' '),
      ),
    );
  if (view.securitySchemes.length)
    sections.push(
      section(
        headingOf('authentication', 'Authentication'),
        'authentication',
        view.securitySchemes.map((s) => join(s.name, s.words, textOf(s.descriptionHtml))).join(' '),
      ),
    );
  if (view.sections.some((s) => s.id === 'download'))
    sections.push(
      section(
        headingOf('download', 'Download the description'),
        'download',
        `OpenAPI description ${view.specFileName}`,
        view.specFileName,
      ),
    );
  // Only the tag itself: its operations have their own pages and would crowd them out here.
  for (const tag of view.tags) sections.push(section(tag.name, tag.id, textOf(tag.descriptionHtml)));
  return sections;
}
