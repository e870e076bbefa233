import { createElement, isValidElement, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MdxPageContext, useMdxPage, type MdxPageContextValue } from './theme/page-context.js';

/** The prop through which the JSX runtime hands an island the place of its tag (located-jsx.ts). */
export const ISLAND_PLACE = '__docsgenPlace';

const IS_ISLAND = Symbol.for('docsgen.island');

export const isIsland = (type: unknown): boolean =>
  typeof type === 'function' && (type as { [IS_ISLAND]?: boolean })[IS_ISLAND] === true;

const ORIGINAL = Symbol.for('docsgen.island.component');

/** The component an island stands for (other types as they are). */
export const componentOf = (type: unknown): unknown =>
  isIsland(type) ? (type as { [ORIGINAL]: unknown })[ORIGINAL] : type;

/** How many islands are rendering their component's own body (not content passed to it). */
let bodyDepth = 0;

/**
 * Whether an element is being created by an island's component itself: in the browser its code
 * renders such a component directly, so the server must not make it an island of its own (the
 * page's JSX runtime asks, run-mdx.tsx). Content passed to an island was created before it rendered.
 */
export const insideIslandBody = (): boolean => bodyDepth > 0;

/** Where a placeholder stands for an island's HTML (NUL never reaches a page: decode-source-text drops it). */
const NUL = String.fromCharCode(0);
const PLACEHOLDER = new RegExp(`${NUL}(\\d+)${NUL}`, 'g');

type Props = Record<string, unknown>;

function isPlainJson(value: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isPlainJson(item, depth + 1));
  if (typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null) && Object.values(value).every((v) => isPlainJson(v, depth + 1));
}

/** React content that is more than text: it is rendered on the server and kept as HTML in the browser. */
const isMarkup = (value: unknown): boolean =>
  isValidElement(value) || (Array.isArray(value) && value.some(isMarkup) && value.every(isNode));
const isNode = (value: unknown): boolean =>
  value === null || value === undefined || typeof value === 'boolean' || isPlainJson(value) || isMarkup(value);

function whyNotPlainJson(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol' || typeof value === 'bigint') return `a ${typeof value}`;
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return 'a Date';
  return 'not plain JSON data';
}

/** An island's props split into what travels as JSON and what travels as server HTML (slots). */
export function splitIslandProps(props: Props): { json: Props; slots: Props } | { problem: string } {
  const json: Props = {};
  const slots: Props = {};
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined) continue;
    if (isMarkup(value)) slots[name] = value;
    else if (isPlainJson(value)) json[name] = value;
    else return { problem: `its prop "${name}" is ${whyNotPlainJson(value)}` };
  }
  return { json, slots };
}

const slotElement = (name: string, content: ReactNode) =>
  createElement('docsgen-slot', { 'data-slot': name, style: { display: 'contents' } }, content);

/** React 19 puts image preloads first in a render (meant for a document's head): not part of the island. */
const withoutPreloads = (html: string) => html.replace(/^(?:<link rel="preload"[^>]*\/>)+/, '');

function renderAlone(page: MdxPageContextValue, content: ReactNode): string {
  return withoutPreloads(renderToString(createElement(MdxPageContext.Provider, { value: page }, content)));
}

/** renderAlone, with an error the component threw located at its tag (unless a component inside it was). */
function renderLocated(page: MdxPageContextValue, content: ReactNode, place: unknown): string {
  try {
    return renderAlone(page, content);
  } catch (error) {
    const key = Symbol.for('docsgen.mdx.place');
    if (place && error instanceof Object && !(key in error)) Object.assign(error, { [key]: place });
    throw error;
  }
}

interface IslandRef {
  /** The module's path in the site ('src/components/Counter/index.jsx'). */
  module: string;
  exportName: string;
}

/**
 * Renders a site component as an island: alone (its own React root, as the browser hydrates it),
 * inside a `<docsgen-island>` that names its module and export and carries its props. Content
 * passed as props (children, other elements) is rendered in place inside a `<docsgen-slot>` the
 * browser keeps as it is. The island's HTML is a placeholder until the page's HTML is cleaned
 * (React's `<!-- -->` text separators must stay in islands: hydration reads them).
 */
function SiteIsland({
  Component,
  reference: ref,
  props: rawProps,
}: {
  Component: ComponentType<Props>;
  reference: IslandRef;
  props: Props;
}) {
  const page = useMdxPage();
  const { [ISLAND_PLACE]: place, ...props } = rawProps;
  const islands = page.islands;
  const split = splitIslandProps(props);
  if (!islands || islands.inert || 'problem' in split) {
    if (islands && !islands.inert && 'problem' in split)
      page.diagnostics.push(notHydrated(page, ref, split.problem, place as IslandPlace | undefined));
    return createElement(Component, props);
  }
  const firstId = islands.lastId() + 1;
  const slotProps = Object.fromEntries(
    Object.entries(split.slots).map(([name, v]) => [name, slotElement(name, v as ReactNode)]),
  );
  let html: string;
  bodyDepth += 1;
  try {
    html = renderLocated(page, createElement(Component, { ...split.json, ...slotProps }), place);
  } finally {
    bodyDepth -= 1;
  }
  // A slot the component did not render (children shown later, on a click) travels as HTML.
  const unrendered = Object.entries(split.slots).filter(([name]) => !html.includes(`data-slot="${name}"`));
  const inert = { ...page, islands: { ...islands, inert: true } };
  const slotHtml = Object.fromEntries(
    unrendered.map(([name, value]) => [name, renderAlone(inert, value as ReactNode)]),
  );
  islands.modules.add(ref.module);
  islands.html.push(html);
  return createElement('docsgen-island', {
    'data-island': `${ref.module}#${ref.exportName}`,
    'data-props': JSON.stringify(split.json),
    'data-slots': unrendered.length ? JSON.stringify(slotHtml) : undefined,
    'data-first-id': islands.lastId() >= firstId ? firstId : undefined,
    style: { display: 'contents' },
    dangerouslySetInnerHTML: { __html: `${NUL}${islands.html.length - 1}${NUL}` },
  });
}

interface IslandPlace {
  lineNumber: number;
  columnNumber: number;
}

function notHydrated(page: MdxPageContextValue, ref: IslandRef, problem: string, place?: IslandPlace) {
  return {
    code: 'DG250',
    severity: 'warning' as const,
    message: `<${ref.exportName === 'default' ? ref.module : ref.exportName}> is shown as rendered on the server, without interactivity: ${problem}`,
    file: page.sourcePath,
    line: place ? place.lineNumber + (page.islands?.lineOffset ?? 0) : undefined,
    column: place?.columnNumber,
    hint: 'Components hydrate in the browser with the props written in the page, which must be plain data (text, numbers, arrays, objects) or content (children, elements). Pass data instead of functions, or build the value inside the component.',
  };
}

const wrappers = new WeakMap<object, ComponentType<Props>>();

/**
 * `__island(Counter, 'src/components/Counter/index.jsx', 'default')`: what an MDX page imports in
 * place of a site component it uses in JSX (bundle-mdx.ts rewrites the import). Values that are
 * not components pass through.
 */
export function island(value: unknown, module: string, exportName: string): unknown {
  if (typeof value !== 'function') return value;
  const known = wrappers.get(value);
  if (known) return known;
  const Component = value as ComponentType<Props>;
  const reference = { module, exportName };
  const Island = (props: Props) => createElement(SiteIsland, { Component, reference, props });
  Object.assign(Island, {
    displayName: Component.displayName ?? Component.name,
    [IS_ISLAND]: true,
    [ORIGINAL]: Component,
  });
  wrappers.set(value, Island);
  return Island;
}

/** The page's HTML with every island placeholder replaced by the island's HTML (islands nest). */
export function fillIslands(html: string, islands: readonly string[]): string {
  return html.replace(PLACEHOLDER, (_, index: string) => fillIslands(islands[Number(index)], islands));
}
