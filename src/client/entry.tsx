/**
 * The client entry: small, framework-free code that makes every page interactive at once (colour
 * mode, announcement bar, navbar, mobile sidebar, collapsibles, dropdowns, code tabs and copy
 * buttons, client-side navigation). React and the island components load as a separate chunk
 * (./islands.tsx) that hydrates the server-rendered islands, so the first-load JavaScript stays
 * small.
 */
import { createSafeStorage } from './storage.js';
import { setupColorMode, type ColorModeSettings } from './color-mode.js';
import { setupAnnouncementBar } from './announcement-bar.js';
import { setupCopyButtons } from './copy-buttons.js';
import { setupCopyPage } from './copy-page.js';
import { selectTab, setupCodeTabs } from './code-tabs.js';
import { setupRevealTarget } from './reveal-target.js';
import { setupDropdowns } from './dropdowns.js';
import { setupHideableNavbar } from './navbar-hide.js';
import { setupMobileSidebar } from './mobile-sidebar.js';
import { setupTocHighlight } from './toc.js';
import { setCategoryExpanded, setupCollapsibles } from './collapse.js';
import { setupNavigation } from './navigation.js';
import { createProgressBar } from './progress-bar.js';
import { createRouteLookup } from './route-lookup.js';
import { setupSearchTrigger } from './search/search-trigger.js';

interface ClientSettings {
  baseUrl: string;
  route: string;
  kind?: string;
  colorMode?: ColorModeSettings;
}

const readSettings = (): ClientSettings => {
  try {
    return { baseUrl: '/', route: '/', ...JSON.parse(document.getElementById('__docsgen')?.textContent ?? '{}') };
  } catch {
    return { baseUrl: '/', route: '/' };
  }
};

let islands: Promise<typeof import('./islands.js')> | undefined;
const loadIslands = () => (islands ??= import('./islands.js'));

/** A red box with the error and a Retry button that reloads, for when even the React chunk fails to load. */
function staticLoadError(container: HTMLElement, error: unknown): void {
  const box = document.createElement('div');
  box.className = 'error-box';
  box.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = error instanceof Error ? error.message : String(error);
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'button button--danger';
  retry.textContent = 'Retry';
  retry.addEventListener('click', () => window.location.reload());
  box.append(text, retry);
  container.replaceChildren(box);
}

const settings = readSettings();
const storage = createSafeStorage();
setupColorMode(storage, settings.colorMode);
setupAnnouncementBar(storage);
setupCopyButtons(document);
setupCopyPage(document);
const codeTabs = setupCodeTabs(document, storage);
/** Docs tabs with a `groupId` or `queryString` (MDX pages) load their code only where there are some. */
const withDocsTabs = (scope: ParentNode) => {
  if (!scope.querySelector('[data-tabs-group], [data-tabs-query]')) return;
  import('./docs-tabs.js')
    .then((m) => {
      codeTabs.extend(m.docsTabs(document, storage, selectTab));
      codeTabs.apply(scope);
    })
    .catch((error: unknown) => console.error('docsgen: could not load the tabs code.', error));
};
withDocsTabs(document);
setupRevealTarget(document);
setupDropdowns(document, storage);
const navbar = setupHideableNavbar(document.querySelector<HTMLElement>('.navbar'));
const mobileSidebar = setupMobileSidebar(document);
const toc = setupTocHighlight(document);

const expandLazy = (category: HTMLElement, panel: HTMLElement) => {
  const name = category.closest<HTMLElement>('[data-sidebar]')?.dataset.sidebar;
  if (!name) return;
  const { baseUrl, route } = readSettings();
  const level = Number(/menu-level-(\d+)/.exec(category.closest('ul')?.className ?? '')?.[1] ?? 1) + 1;
  const options = {
    url: `${baseUrl}meta/sidebars/${encodeURIComponent(name)}.json`,
    path: JSON.parse(category.dataset.lazy ?? '[]') as string[],
    baseUrl,
    activeRoute: route,
    level,
  };
  loadIslands()
    .then((m) => m.renderLazyCategory(panel, options))
    .catch((error: unknown) => staticLoadError(panel, error));
};
setupCollapsibles(document, expandLazy);

setupNavigation(
  {
    doc: document,
    lookup: createRouteLookup(settings.baseUrl),
    progress: createProgressBar(document),
    beforeUpdate: () => mobileSidebar.close(false),
    afterUpdate: ({ regions }) => {
      regions.forEach((region) => {
        codeTabs.apply(region);
        withDocsTabs(region);
      });
      toc.refresh();
      // Hydrates the new islands and unmounts the React roots the swap removed.
      loadIslands()
        .then((m) => m.hydrateIslands(document))
        .catch((error: unknown) => console.error('docsgen: could not load the interactive components.', error));
    },
    onLocationChange: (hash) => navbar.onLocationChange(hash),
    showCrash: (error, retry) => {
      const main = document.getElementById('main-content') ?? document.body;
      const container = document.createElement('div');
      container.className = 'crash-container';
      main.replaceChildren(container);
      loadIslands()
        .then((m) => m.renderCrashScreen(container, error, retry))
        .catch(() => staticLoadError(container, error));
    },
  },
  (category) => setCategoryExpanded(category, true, expandLazy, false),
);

setupSearchTrigger();
loadIslands()
  .then((m) => m.hydrateIslands(document))
  .catch((error: unknown) => console.error('docsgen: could not load the interactive components.', error));
