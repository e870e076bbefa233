import { Children, Fragment, isValidElement, type ReactNode } from 'react';
import type { HeadTag } from '../../../model.js';
import { useMdxPageOrNull } from './page-context.js';

const SUPPORTED = '<title>, <meta>, <link> and <script type="application/ld+json">';

/** What an element is, for a message: `<html>`, `<MyMeta>`, text "…". */
function described(child: ReactNode): string {
  if (!isValidElement(child)) return `the text ${JSON.stringify(String(child)).slice(0, 40)}`;
  const type = child.type as string | { displayName?: string; name?: string };
  return `<${typeof type === 'string' ? type : (type.displayName ?? type.name ?? 'component')}>`;
}

/** The text of a title or script: strings and numbers only (`{JSON.stringify(data)}`). */
function textContent(children: ReactNode, tag: string): string {
  const parts: string[] = [];
  Children.forEach(children, (part) => {
    if (typeof part === 'string' || typeof part === 'number') parts.push(String(part));
    else if (part !== null && part !== undefined && typeof part !== 'boolean')
      throw new Error(`<${tag}> in <Head> holds text only, got ${described(part)}`);
  });
  return parts.join('');
}

/** Attribute values as strings (React props: `charSet`, `httpEquiv`, `crossOrigin` as written). */
function stringProps(props: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(props))
    if (name !== 'children' && value !== undefined && value !== null && value !== false)
      values[name] = value === true ? '' : String(value);
  return values;
}

/** One element `<Head>` holds, as plain data; anything else is an error naming it. */
function headTagOf(child: ReactNode): HeadTag[] {
  if (child === null || child === undefined || typeof child === 'boolean') return [];
  if (typeof child === 'string' && !child.trim()) return [];
  if (isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment)
    return headTagsOf(child.props.children);
  const element = isValidElement<Record<string, unknown>>(child) ? child : undefined;
  const tag = typeof element?.type === 'string' ? element.type : undefined;
  const props = stringProps(element?.props ?? {});
  if (tag === 'title' || (tag === 'script' && props.type === 'application/ld+json' && !props.src))
    return [{ tag, props, content: textContent(element!.props.children as ReactNode, tag) }];
  if (tag === 'meta' || tag === 'link') return [{ tag, props }];
  throw new Error(
    `<Head> (@docusaurus/Head) can hold ${SUPPORTED} in docsgen, got ${described(child)}: put site-wide scripts and styles in the site's templates`,
  );
}

export function headTagsOf(children: ReactNode): HeadTag[] {
  const tags: HeadTag[] = [];
  Children.forEach(children, (child) => tags.push(...headTagOf(child)));
  return tags;
}

/**
 * `@docusaurus/Head`: the title, meta and link tags (and JSON-LD) a page puts in the document
 * head, as Docusaurus' react-helmet: a later tag replaces the page's default of the same name or
 * property (description, og:image…), a title replaces the page title as written. Renders nothing
 * in the page; in a hydrated component (the browser) it does nothing, as the head is already set.
 */
export default function Head({ children }: { children?: ReactNode }) {
  const page = useMdxPageOrNull();
  const tags = headTagsOf(children);
  page?.headTags?.push(...tags);
  return null;
}
