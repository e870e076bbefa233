/**
 * The rendering of a description that is plain text with, at most, simple links in it
 * (`Part of the [Customer](#tag/Customer) object.`): what the Markdown pipeline gives for it,
 * without running the pipeline. Large descriptions have thousands of such one-liners (a schema's,
 * a property's), and each run of the pipeline costs a fixed ~ms whatever the length; a
 * property test (test/openapi/simple-description.test.ts) checks this against the pipeline.
 */
import type { LinkRef } from '../model.js';
import { joinBase } from '../shared/url.js';
import { plainTextHtml } from './plain-text-html.js';
import type { RenderDescriptionOptions, RenderedDescription } from './render-description.js';

/**
 * `[label](destination)` where the label is plain words and the destination a fragment or a site
 * path of safe characters (no escapes, no percent-encoding, nothing the pipeline would normalise).
 */
const SIMPLE_LINK =
  /\[([\p{L}\p{N}.,'’-](?:[\p{L}\p{N} .,'’-]*[\p{L}\p{N}.,'’-])?)\]\((#[A-Za-z0-9_./~-]+|\/[A-Za-z0-9_./~-]*(?:#[A-Za-z0-9_.~-]+)?)\)/gu;
/** Stands for link N while the rest is checked and wrapped (a letter, so one word to the check). */
const TOKEN = 'ǂ';

/** The rendered description, or undefined when the text has more Markdown than plain words and simple links. */
export function simpleDescription(
  markdown: string,
  options: Pick<RenderDescriptionOptions, 'baseUrl' | 'resolveFragment'>,
): RenderedDescription | undefined {
  if (markdown.includes(TOKEN)) return undefined;
  const found = [...markdown.matchAll(SIMPLE_LINK)];
  let n = 0;
  const plain = plainTextHtml(markdown.replace(SIMPLE_LINK, () => `${TOKEN}${n++}${TOKEN}`));
  if (plain === undefined) return undefined;
  const links: LinkRef[] = [];
  const targets = found.map(([, , raw]) => linkTarget(raw, options, links));
  const anchor = (i: number) => `<a href="${escapeAttribute(targets[i])}">${found[i][1]}</a>`;
  const html = plain.replace(new RegExp(`${TOKEN}(\\d+)${TOKEN}`, 'g'), (_, i: string) => anchor(Number(i)));
  let j = 0;
  return {
    html,
    text: markdown.replace(SIMPLE_LINK, '$1').replace(/\s+/g, ' ').trim(),
    markdown: found.length
      ? markdown.replace(SIMPLE_LINK, (_, label: string) => `[${label}](${targets[j++]})`)
      : markdown,
    links,
    anchors: [],
    diagnostics: [],
  };
}

/** Where the link leads (as rehype-links rewrites it), recording it as rehype-links does. */
function linkTarget(
  raw: string,
  { baseUrl, resolveFragment }: Pick<RenderDescriptionOptions, 'baseUrl' | 'resolveFragment'>,
  links: LinkRef[],
): string {
  const index = raw.indexOf('#');
  const path = index === -1 ? raw : raw.slice(0, index);
  const hash = index === -1 ? undefined : raw.slice(index + 1) || undefined;
  const elsewhere = !path && hash ? resolveFragment?.(hash) : undefined;
  if (elsewhere) {
    links.push({ route: elsewhere.route, hash: elsewhere.hash, raw });
    return joinBase(baseUrl, elsewhere.route) + (elsewhere.hash ? `#${elsewhere.hash}` : '');
  }
  if (!path) {
    links.push({ route: '', hash, raw });
    return raw;
  }
  const route = path.replace(/\/+$/, '') || '/';
  links.push({ route, hash, raw });
  return joinBase(baseUrl, route) + (hash ? `#${hash}` : '');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;');
