/**
 * Page bodies kept on disk instead of in memory (`docsgen build` of a large site without a build
 * cache): the parse worker writes a page's body HTML to a scratch file and sends the page without
 * it, and the main thread gets a body that reads the file each time its HTML is asked for (the
 * search sections and the render each read it once, then let it go). The page's plain text
 * (`Page.text`, made from the body) is not sent either, but made again from the file when asked
 * for. The worker also writes the page's Markdown twin, which it makes with the body and text at
 * hand, to a file beside the body (`spilledTwin` reads it). The main thread then holds what every
 * page needs of every other (routes, titles, headings, links), not every page's HTML and text:
 * that grew with the site (~35 KB and ~10 KB a page).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, PageBody } from '../model.js';
import { plainTextOf } from './parse-page.js';
import { hasMarkdownTwin } from '../shared/markdown-twin.js';

/**
 * Writes `page`'s HTML body to `{scratchDir}/{index}.html` and returns the page without it (nor its
 * text), and the file. With `twin`, also the page's Markdown twin made by it (from the page as
 * parsed, body and text at hand) to `{index}.md`: the main thread then reads the twin instead of
 * reading the body back, parsing its HTML twice (twin and text) and leaving the trees as garbage.
 */
export function spillBody(
  page: Page,
  scratchDir: string,
  index: number,
  twin?: (page: Page) => string,
): { page: Page; bodyFile?: string; twinFile?: string } {
  if (page.body.type !== 'html') return { page };
  const bodyFile = join(scratchDir, `${index}.html`);
  writeFileSync(bodyFile, page.body.html);
  const spilled = { ...page, body: { type: 'html' as const, html: '' }, text: '' };
  if (!twin || !hasMarkdownTwin(page)) return { page: spilled, bodyFile };
  const twinFile = join(scratchDir, `${index}.md`);
  writeFileSync(twinFile, twin(page));
  return { page: spilled, bodyFile, twinFile };
}

/**
 * `page` as `spillBody` left it, with a body and a text that read `bodyFile` whenever they are asked
 * for, and the file of its Markdown twin if it was made (`spilledTwin` reads it).
 */
export function spilledPage(page: Page, bodyFile: string, twinFile?: string): Page {
  const body = spilledBody(bodyFile, twinFile);
  return Object.defineProperty({ ...page, body }, 'text', {
    get: () => plainTextOf(body.type === 'html' ? body.html : ''),
    enumerable: true,
  });
}

/**
 * Where a spilled body's HTML and its page's Markdown twin are (symbols: structured clone and JSON
 * leave them out, and the body object is shared by every copy of its page).
 */
const BODY_FILE = Symbol('bodyFile');
const TWIN_FILE = Symbol('twinFile');

/** A body whose HTML is read from `bodyFile` whenever it is asked for (written by `spillBody`). */
function spilledBody(bodyFile: string, twinFile: string | undefined): PageBody {
  const body = {
    type: 'html' as const,
    get html() {
      return readFileSync(bodyFile, 'utf8');
    },
  };
  Object.defineProperty(body, BODY_FILE, { value: bodyFile });
  return twinFile === undefined ? body : Object.defineProperty(body, TWIN_FILE, { value: twinFile });
}

/** The scratch file holding the Markdown twin the parse worker made of a spilled page, if it made one. */
export const spilledTwinFile = (page: Pick<Page, 'body'>) => (page.body as { [TWIN_FILE]?: string })[TWIN_FILE];

/** Whether the parse worker made the Markdown twin of this spilled page. */
export const hasSpilledTwin = (page: Pick<Page, 'body'>): boolean => spilledTwinFile(page) !== undefined;

/** The Markdown twin the parse worker made of a spilled page (read from its file), if it made one. */
export function spilledTwin(page: Pick<Page, 'body'>): string | undefined {
  const twinFile = spilledTwinFile(page);
  return twinFile === undefined ? undefined : readFileSync(twinFile, 'utf8');
}

/** A page as posted to another thread: a spilled page without its body and text, and the file they are read from. */
export type PostedPage = Page & { bodyFile?: string };

/**
 * `page` ready to post to a worker thread: a spilled page goes without its body and text (posting
 * would read its file here and copy the HTML), with the name of their file; `receivedPage` in the
 * worker gives it the body that reads the file. Other pages go as they are.
 */
export function postedPage(page: Page): PostedPage {
  const bodyFile = (page.body as { [BODY_FILE]?: string })[BODY_FILE];
  if (bodyFile === undefined) return page;
  // Field by field: spreading the page would run its `text` getter (read the file, make the text).
  const fields = Object.keys(page).filter((name) => name !== 'body' && name !== 'text');
  const rest = Object.fromEntries(fields.map((name) => [name, page[name as keyof Page]])) as Omit<
    Page,
    'body' | 'text'
  >;
  return { ...rest, body: { type: 'html', html: '' }, text: '', bodyFile };
}

/** A page as `postedPage` posted it, with its body again. */
export const receivedPage = ({ bodyFile, ...page }: PostedPage): Page =>
  bodyFile === undefined ? page : spilledPage(page, bodyFile);
