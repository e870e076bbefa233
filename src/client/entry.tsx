import { hydrateRoot } from 'react-dom/client';
import type { ComponentType } from 'react';
import { ColorModeToggle } from '@templates/components/ColorModeToggle.js';
import { AnnouncementBar } from '@templates/components/AnnouncementBar.js';
import { LocaleDropdown, VersionDropdown } from '@templates/components/Dropdowns.js';
import { createSafeStorage } from './storage.js';
import { setupColorMode } from './color-mode.js';
import { setupAnnouncementBar } from './announcement-bar.js';
import { setupCopyButtons } from './copy-buttons.js';
import { setupSearchTrigger } from './search/search-trigger.js';

const ISLANDS: Record<string, ComponentType<any>> = { ColorModeToggle, AnnouncementBar, LocaleDropdown, VersionDropdown };

function hydrateIslands(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const Component = ISLANDS[element.dataset.island ?? ''];
    if (!Component || element.dataset.hydrated) continue;
    element.dataset.hydrated = 'true';
    hydrateRoot(element, <Component {...JSON.parse(element.dataset.props ?? '{}')} />);
  }
}

const storage = createSafeStorage();
const settings = JSON.parse(document.getElementById('__docsgen')?.textContent ?? '{}');
setupColorMode(storage, settings.colorMode);
setupAnnouncementBar(storage);
setupCopyButtons(document);
setupSearchTrigger();
hydrateIslands(document);
