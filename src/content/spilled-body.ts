/**
 * Page bodies kept on disk instead of in memory (`docsgen build` of a large site without a build
 * cache): the parse worker writes a page's body HTML to a scratch file and sends the page without
 * it, and the main thread gets a body that reads the file each time its HTML is asked for (the
 * search text, the Markdown twin and the render each read it once, then let it go). The page's
 * plain text (`Page.text`, made from the body) is not sent either, but made again from the file
 * when asked for (the Markdown twin). The main thread then holds what every page needs of every
 * other (routes, titles, headings, links), not every page's HTML and text: that grew with the
 * site (~35 KB and ~10 KB a page).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, PageBody } from '../model.js';
import { plainTextOf } from './parse-page.js';

/** Writes `page`'s HTML body to `{scratchDir}/{index}.html` and returns the page without it (nor its text), and the file. */
export function spillBody(page: Page, scratchDir: string, index: number): { page: Page; bodyFile?: string } {
  if (page.body.type !== 'html') return { page };
  const bodyFile = join(scratchDir, `${index}.html`);
  writeFileSync(bodyFile, page.body.html);
  return { page: { ...page, body: { type: 'html', html: '' }, text: '' }, bodyFile };
}

/** `page` as `spillBody` left it, with a body and a text that read `bodyFile` whenever they are asked for. */
export function spilledPage(page: Page, bodyFile: string): Page {
  const body = spilledBody(bodyFile);
  return Object.defineProperty({ ...page, body }, 'text', {
    get: () => plainTextOf(body.type === 'html' ? body.html : ''),
    enumerable: true,
  });
}

/** A body whose HTML is read from `bodyFile` whenever it is asked for (written by `spillBody`). */
function spilledBody(bodyFile: string): PageBody {
  return {
    type: 'html',
    get html() {
      return readFileSync(bodyFile, 'utf8');
    },
  };
}
