/**
 * Page bodies read from the saved build cache only when something asks for them. A rebuild after a
 * one-page edit needs every page's route, title, headings, anchors and links (the route table and
 * the checks), but the HTML and plain text of the few pages it renders or indexes again: the
 * others' render keys, twins and search parts are found by the page hashes the cache keeps. Reading
 * every page's HTML and text back as strings was ~190 MB of heap at 5,000 pages, and much of the
 * garbage collector's work for the rest of the rebuild.
 */
import type { Page, PageBody } from '../model.js';
import { DOC_CARD_LIST_PLACEHOLDER } from './plugins/remark-docs-features.js';

/** What a page's lazy body is read as: its HTML and plain text. */
export interface StoredBody {
  html: string;
  text: string;
}

/**
 * Whether a lazy body has the doc-card-list placeholder, known without reading it (a symbol:
 * structured clone and JSON leave it out).
 */
const DOC_CARDS = Symbol('docCards');

/**
 * Whether an HTML body has `::doc-card-list`'s placeholder (a lazy body says so without being read).
 * Every build asks it of every page (render keys): the answer is kept on the body, a hidden
 * property, so a page kept by the build cache is scanned once (10,000 pages' HTML took 0.2–0.4 s
 * of each of dev's builds).
 */
export function hasDocCardList(body: { html: string }): boolean {
  const known = (body as { [DOC_CARDS]?: boolean })[DOC_CARDS];
  if (known !== undefined) return known;
  const docCards = body.html.includes(DOC_CARD_LIST_PLACEHOLDER);
  if (Object.isExtensible(body)) Object.defineProperty(body, DOC_CARDS, { value: docCards });
  return docCards;
}

/** The page's HTML and text, to store apart; undefined when its body is not HTML (it is stored with the page). */
export function storedBody(page: Page): StoredBody | undefined {
  return page.body.type === 'html' ? { html: page.body.html, text: page.text } : undefined;
}

/**
 * `page` without its HTML and text (`storedBody` keeps them), and whether its HTML has the doc-card
 * list. Copied field by field: a lazy page's `text` and `body.html` are not read.
 */
export function withoutBody(page: Page): { page: Page; docCards: boolean } | undefined {
  if (page.body.type !== 'html') return undefined;
  // In the page's own key order, so that its JSON (what keys hash) is the same once restored.
  const copy: Record<string, unknown> = {};
  for (const name of Object.keys(page))
    copy[name] = name === 'body' ? { type: 'html', html: '' } : name === 'text' ? '' : page[name as keyof Page];
  return { page: copy as unknown as Page, docCards: hasDocCardList(page.body) };
}

/**
 * Gives `page` (as `withoutBody` left it, freshly restored) a body and a text read by `load` the first
 * time either is asked for, then kept.
 */
export function attachLazyBody(page: Page, load: () => StoredBody, docCards: boolean): void {
  let stored: StoredBody | undefined;
  const read = () => (stored ??= load());
  const body = {
    type: 'html' as const,
    get html() {
      return read().html;
    },
  };
  Object.defineProperty(body, DOC_CARDS, { value: docCards });
  page.body = body satisfies PageBody;
  Object.defineProperty(page, 'text', { get: () => read().text, enumerable: true, configurable: true });
}
