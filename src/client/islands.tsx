/**
 * The React half of the client, loaded lazily by the entry: hydrates the islands the server
 * rendered (`hydrateRoot`, the same components and props), each inside an error boundary, and
 * renders the client-only React UI (lazy sidebar categories, the crash screen).
 */
import { hydrateRoot, createRoot, type Root } from 'react-dom/client';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { NavItem } from '../model.js';
import { ColorModeToggle } from '@templates/components/ColorModeToggle.js';
import { AnnouncementBar } from '@templates/components/AnnouncementBar.js';
import { LocaleDropdown, VersionDropdown } from '@templates/components/Dropdowns.js';
import { ErrorBoundary, RouteErrorFallback, toError } from '@templates/components/ErrorBoundary.js';
import { NavbarItemError } from '@templates/components/NavbarItemError.js';
import { CrashScreen } from '@templates/components/CrashScreen.js';
import { PageLoader } from '@templates/components/PageLoader.js';
import { SidebarItems } from '@templates/components/Sidebar.js';
import { LruCache } from './lru-cache.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const ISLANDS: Record<string, ComponentType<any>> = {
  ColorModeToggle,
  AnnouncementBar,
  LocaleDropdown,
  VersionDropdown,
};

const roots = new Map<Element, Root>();

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`The ${what} are not valid JSON.`, { cause: error });
  }
}

/** Renders one island's component; marks the container once hydrated (tests wait for it). */
function IslandContent({ name, json, container }: { name: string; json: string; container: HTMLElement }) {
  const Component = ISLANDS[name];
  const props = parseJson(json, `props of the island "${name}"`) as object;
  // The container is outside React (the island's root): marking it is a DOM call, after the commit.
  useEffect(() => container.setAttribute('data-hydrated', 'true'), [container]);
  return <Component {...props} />;
}

function navbarItemOf(container: HTMLElement): unknown {
  try {
    return JSON.parse(container.dataset.navbarItem ?? 'null');
  } catch {
    return container.dataset.navbarItem;
  }
}

/**
 * Hydrates every island under `scope` not hydrated yet, and unmounts the React roots (islands,
 * lazy categories, crash screens) a navigation removed.
 * Navbar items fall back to the message for the site's author; other islands to the route-level
 * error box with 'Try again'.
 */
export function hydrateIslands(scope: ParentNode = document): void {
  for (const [element, root] of roots) {
    if (element.isConnected) continue;
    root.unmount();
    roots.delete(element);
  }
  for (const element of scope.querySelectorAll<HTMLElement>('[data-island]')) {
    if (roots.has(element)) continue;
    const name = element.dataset.island ?? '';
    if (!ISLANDS[name]) {
      console.warn(`docsgen: no island component named "${name}"; it stays static.`);
      continue;
    }
    const isNavbarItem = element.dataset.navbarItem !== undefined;
    const fallback = isNavbarItem
      ? ({ error }: { error: Error }) => <NavbarItemError item={navbarItemOf(element)} error={error} />
      : RouteErrorFallback;
    roots.set(
      element,
      hydrateRoot(
        element,
        <ErrorBoundary fallback={fallback}>
          <IslandContent name={name} json={element.dataset.props ?? '{}'} container={element} />
        </ErrorBoundary>,
        { onRecoverableError: reportUnlessRemoved(element) },
      ),
    );
  }
}

/**
 * A navigation that swaps the page before an island finished hydrating unmounts its root, which
 * React reports as "This root received an early update" (error #424): the island is gone, so
 * there is nothing to recover. Everything else is reported as React would.
 */
function reportUnlessRemoved(container: HTMLElement) {
  return (error: unknown) => {
    if (container.isConnected) reportError(error);
  };
}

const sidebars = new LruCache<string, Promise<NavItem[]>>(20);

/** Fetches a sidebar's items from /meta/sidebars/{name}.json (once per page lifetime unless it failed). */
function loadSidebar(url: string): Promise<NavItem[]> {
  let promise = sidebars.get(url);
  if (!promise) {
    promise = fetch(url, { headers: { accept: 'application/json' } }).then(async (response) => {
      if (!response.ok) throw new Error(`Could not load the sidebar from ${url} (HTTP ${response.status}).`);
      return (await response.json()) as NavItem[];
    });
    promise.catch(() => sidebars.delete(url));
    sidebars.set(url, promise);
  }
  return promise;
}

function findCategory(items: readonly NavItem[], path: readonly string[]): NavItem[] | undefined {
  const [label, ...rest] = path;
  const category = items.find(
    (item): item is Extract<NavItem, { type: 'category' }> => item.type === 'category' && item.label === label,
  );
  if (!category) return undefined;
  return rest.length ? findCategory(category.items, rest) : category.items;
}

export interface LazyCategoryOptions {
  url: string;
  path: string[];
  baseUrl: string;
  activeRoute: string;
  level: number;
}

function LazyCategoryItems({ url, path, baseUrl, activeRoute, level }: LazyCategoryOptions) {
  const [state, setState] = useState<{ items?: NavItem[]; error?: Error }>({});
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    loadSidebar(url)
      .then((items) => {
        const found = findCategory(items, path);
        if (!found) throw new Error(`The sidebar category "${path.join(' › ')}" is missing from ${url}.`);
        if (live.current) setState({ items: found });
      })
      .catch((error: unknown) => live.current && setState({ error: toError(error) }));
    return () => {
      live.current = false;
    };
  }, [url, path]);
  if (state.items)
    return <SidebarItems items={state.items} activeRoute={activeRoute} baseUrl={baseUrl} level={level} path={path} />;
  return <PageLoader error={state.error} />;
}

/** Renders the items of a lazy sidebar category into its (empty) container once it is expanded. */
export function renderLazyCategory(container: HTMLElement, options: LazyCategoryOptions): void {
  const root = createRoot(container);
  roots.set(container, root); // unmounted by hydrateIslands once a navigation removed it
  root.render(<LazyCategoryItems {...options} />);
}

/** Shows the crash screen in `container`; its 'Try again' removes it and runs `retry`. */
export function renderCrashScreen(container: HTMLElement, error: Error, retry: () => void): void {
  const root = createRoot(container);
  roots.set(container, root);
  root.render(
    <CrashScreen
      error={error}
      tryAgain={() => {
        roots.delete(container);
        root.unmount();
        container.remove();
        retry();
      }}
    />,
  );
}
