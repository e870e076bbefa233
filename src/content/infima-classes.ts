import { readFileSync } from 'node:fs';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { infimaCssFile } from '../shared/package-paths.js';

/** docsgen's rendition of Infima's utility classes, linked from pages that use them. */
export const INFIMA_CSS_FILE = infimaCssFile();

let styled: ReadonlySet<string> | undefined;

/** The classes infima-compat.css styles, read from its selectors so that the list and the file cannot drift. */
export function styledInfimaClasses(): ReadonlySet<string> {
  const selectors = readFileSync(INFIMA_CSS_FILE, 'utf8').matchAll(/\.([a-z][a-z0-9_-]*)/g);
  // Every selector is scoped to page content by docsgen's own .markdown__body.
  styled ??= new Set([...selectors].map((m) => m[1]).filter((name) => name !== 'markdown__body'));
  return styled;
}

/**
 * Class names of Infima's own blocks, modifiers and utilities (`button--outline`, `pills__item`,
 * `margin-vert--lg`, `hero`): written in a page, they mean a Docusaurus look docsgen may not have.
 */
const INFIMA_LIKE =
  /^(?:(?:alert|avatar|badge|button|card|hero|pills|shadow|text|row|col|container)(?:--|__)[a-z0-9_-]+|(?:margin|padding)(?:-(?:top|bottom|left|right|vert|horiz))?--[a-z0-9-]+|hero|pills|button-group|avatar)$/;

/** Every class of the HTML's `class` attributes (React writes double quotes; authors' HTML may use single). */
function classesIn(html: string): Set<string> {
  const names = new Set<string>();
  for (const match of html.matchAll(/\sclass=(?:"([^"]*)"|'([^']*)')/g))
    for (const name of (match[1] ?? match[2]).split(/\s+/)) if (name) names.add(name);
  return names;
}

/** Where a class name is first written in the page's source (line and column in the file), if it is. */
function placeIn(body: string, name: string, lineOffset: number): { line?: number; column?: number } {
  const at = new RegExp(`(?<![\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).exec(body)?.index;
  if (at === undefined) return {};
  const before = body.slice(0, at).split('\n');
  return { line: before.length + lineOffset, column: before[before.length - 1].length + 1 };
}

/**
 * Which Infima classes a page's body uses: whether it needs infima-compat.css, and DG258 for each
 * Infima class the file does not style (the page would look different from Docusaurus without a word).
 */
export function infimaUse(
  html: string,
  page: { body: string; lineOffset: number; file: string },
): { usesInfima: boolean; diagnostics: Diagnostic[] } {
  const known = styledInfimaClasses();
  const classes = [...classesIn(html)];
  const unstyled = classes.filter((name) => !known.has(name) && INFIMA_LIKE.test(name)).sort();
  return {
    usesInfima: classes.some((name) => known.has(name)),
    diagnostics: unstyled.map((name) => ({
      code: 'DG258',
      severity: 'warning',
      message: `The Infima class "${name}" (Docusaurus' CSS framework) has no style in docsgen`,
      file: page.file,
      ...placeIn(page.body, name, page.lineOffset),
      hint: "docsgen styles Infima's grid (row, col, col--N), spacing (margin--md…), text, button, card, badge, alert and avatar classes. Style this one in the site's CSS, or use one of those.",
    })),
  };
}
