import * as jsxRuntime from 'react/jsx-runtime';
import type { ComponentType } from 'react';
import { ISLAND_PLACE, isIsland } from './island.js';

/** Where an element is written in the .mdx body (MDX's development output passes it to `jsxDEV`). */
interface ElementSource {
  lineNumber?: number;
  columnNumber?: number;
}

/** Where an error was thrown in the page (shared with island.tsx, which renders site components apart). */
export const PLACE = Symbol.for('docsgen.mdx.place');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FunctionComponent = (props: any) => unknown;

const located = new WeakMap<FunctionComponent, Map<string, FunctionComponent>>();

/** The place of the located component whose function is running (React renders one at a time). */
let renderingAt: Required<ElementSource> | undefined;

/**
 * Where in the .mdx body the component rendering now is written, for what a theme component
 * finds while it renders (the links of doc cards given as props): undefined outside one.
 */
export function renderingPlace(): { line: number; column: number } | undefined {
  return renderingAt && { line: renderingAt.lineNumber, column: renderingAt.columnNumber };
}

/**
 * The component `type` rendered at `source`: it calls `type` itself (hooks included, since they
 * run during this render), and an error it throws carries the element's place unless a component
 * inside it already set one, so that a theme or site component that throws is reported at its tag.
 */
function locate(type: FunctionComponent, source: Required<ElementSource>): FunctionComponent {
  const key = `${source.lineNumber}:${source.columnNumber}`;
  const byPlace = located.get(type) ?? located.set(type, new Map()).get(type)!;
  let wrapper = byPlace.get(key);
  if (!wrapper) {
    wrapper = (props: unknown) => {
      const outer = renderingAt;
      renderingAt = source;
      try {
        return type(props);
      } catch (error) {
        if (error instanceof Object && !(PLACE in error)) Object.assign(error, { [PLACE]: source });
        throw error;
      } finally {
        renderingAt = outer;
      }
    };
    byPlace.set(key, wrapper);
  }
  return wrapper;
}

const isFunctionComponent = (type: unknown): type is FunctionComponent =>
  typeof type === 'function' && !(type as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent;

type JsxDevArguments = [
  type: unknown,
  props: object,
  key: string | undefined,
  isStatic: boolean,
  source?: ElementSource,
];

/**
 * `react/jsx-dev-runtime` for MDX pages compiled in development mode: elements are created with
 * React's production runtime, and function components are located (see `locate`).
 */
export const locatedJsxRuntime = {
  Fragment: jsxRuntime.Fragment,
  // The arguments MDX's development output passes (React's jsxDEV contract), as one tuple.
  jsxDEV(...[type, props, key, isStatic, source]: JsxDevArguments) {
    const place = source?.lineNumber && source.columnNumber ? (source as Required<ElementSource>) : undefined;
    const resolved = place && isFunctionComponent(type) ? locate(type, place) : type;
    // A site component rendered as an island reports what it cannot hydrate at its tag.
    const given = place && isIsland(type) ? { ...props, [ISLAND_PLACE]: place } : props;
    // jsxs: children written side by side in the source need no keys.
    return (isStatic ? jsxRuntime.jsxs : jsxRuntime.jsx)(resolved as ComponentType, given, key);
  },
};

/** The place in the .mdx body of the innermost located component an error was thrown in. */
export function placeOfError(error: unknown): { line: number; column: number } | undefined {
  const source = error instanceof Object ? (error as { [PLACE]?: Required<ElementSource> })[PLACE] : undefined;
  return source ? { line: source.lineNumber, column: source.columnNumber } : undefined;
}
