/**
 * Hydrates the site's own components on MDX pages (`<docsgen-island>`, rendered by
 * src/content/mdx/island.tsx): each island loads the chunk of its component's module, and
 * `hydrateRoot` takes over the server's HTML with the props written in the page. Content passed
 * to the component (children, elements) stays the server's HTML. Loaded by islands.tsx only on
 * pages that have islands, and only in the client of a site that has some.
 */
import { hydrateRoot, type Root } from 'react-dom/client';
import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { MdxPageContext, type MdxPageContextValue } from '../content/mdx/theme/page-context.js';
import { modules, site } from 'docsgen:mdx-islands';

const roots = new Map<Element, Root>();

/** The HTML the server rendered into the island's slot `name` (or kept aside when the component did not show it). */
function slotHtml(island: Element, name: string): string {
  const own = [...island.querySelectorAll(`docsgen-slot[data-slot="${name}"]`)].find(
    (slot) => slot.parentElement?.closest('docsgen-island') === island,
  );
  if (own) return own.innerHTML;
  const kept = JSON.parse(island.getAttribute('data-slots') ?? '{}') as Record<string, string>;
  return kept[name] ?? '';
}

/** A slot: React leaves the server's HTML inside it as it is, during hydration and after. */
const slot = (name: string, html: string) =>
  createElement('docsgen-slot', {
    'data-slot': name,
    style: { display: 'contents' },
    dangerouslySetInnerHTML: { __html: html },
    suppressHydrationWarning: true,
  });

function pageContext(island: HTMLElement): MdxPageContextValue {
  let id = Number(island.dataset.firstId ?? 1) - 1;
  return {
    docusaurus: site,
    highlighter: undefined as never,
    sourcePath: '',
    nextId: () => ++id,
    diagnostics: [],
  };
}

/** Marks the island once React committed it (tests wait for `data-hydrated`). */
function Hydrated({ island, children }: { island: HTMLElement; children?: ReactNode }) {
  useEffect(() => island.setAttribute('data-hydrated', 'true'), [island]);
  return children;
}

async function hydrateIsland(island: HTMLElement): Promise<void> {
  const [module, exportName] = (island.dataset.island ?? '').split('#');
  const load = modules[module];
  if (!load) throw new Error(`docsgen: no component module "${module}" in this site's bundle`);
  const Component = (await load())[exportName] as ComponentType<Record<string, unknown>>;
  if (roots.has(island) || !island.isConnected) return;
  const props = JSON.parse(island.dataset.props ?? '{}') as Record<string, unknown>;
  const slots = Object.fromEntries(
    [...island.querySelectorAll('docsgen-slot[data-slot]')]
      .filter((element) => element.parentElement?.closest('docsgen-island') === island)
      .map((element) => element.getAttribute('data-slot')!)
      .concat(Object.keys(JSON.parse(island.dataset.slots ?? '{}') as object))
      .map((name) => [name, slot(name, slotHtml(island, name))]),
  );
  const element = createElement(
    MdxPageContext.Provider,
    { value: pageContext(island) },
    createElement(Hydrated, { island }, createElement(Component, { ...props, ...slots })),
  );
  roots.set(
    island,
    hydrateRoot(island, element, {
      // An island a navigation removed before it finished hydrating has nothing to recover.
      onRecoverableError: (error) => island.isConnected && reportError(error),
    }),
  );
}

/** Hydrates the islands under `scope` not hydrated yet; unmounts those a navigation removed. */
export function hydrateMdxIslands(scope: ParentNode): void {
  for (const [element, root] of roots) {
    if (element.isConnected) continue;
    root.unmount();
    roots.delete(element);
  }
  for (const island of scope.querySelectorAll<HTMLElement>('docsgen-island')) {
    if (roots.has(island)) continue;
    hydrateIsland(island).catch((error: unknown) => console.error('docsgen: could not hydrate a component.', error));
  }
}
