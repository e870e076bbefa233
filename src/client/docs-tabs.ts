/**
 * The docs' `<Tabs>` (MDX pages): `groupId` groups show the same choice on the page, on other
 * pages and in other browser tabs (stored where Docusaurus stores it, so readers keep their
 * choice when a site moves over), and a `queryString` group reads and writes `?{key}=value`.
 * Loaded by the entry only on pages that have such groups.
 */
import type { TabsExtension } from './code-tabs.js';
import type { SafeStorage } from './storage.js';

export const tabGroupKey = (groupId: string) => `docusaurus.tab.${groupId}`;

const groupsWithId = (doc: Document, id: string) =>
  [...doc.querySelectorAll<HTMLElement>('[data-tabs-group]')].filter((group) => group.dataset.tabsGroup === id);

let extension: TabsExtension | undefined;

type SelectTab = (group: Element, value: string) => boolean;

/**
 * The extension of the code tabs for docs tabs; one per page lifetime (navigation reuses it).
 * `selectTab` is passed in, not imported, so that code-tabs.ts stays whole in the entry chunk.
 */
export function docsTabs(doc: Document, storage: SafeStorage, selectTab: SelectTab): TabsExtension {
  return (extension ??= createDocsTabs(doc, storage, selectTab));
}

function createDocsTabs(doc: Document, storage: SafeStorage, selectTab: SelectTab): TabsExtension {
  window.addEventListener('storage', (event) => {
    if (!event.key?.startsWith('docusaurus.tab.') || !event.newValue) return;
    for (const group of groupsWithId(doc, event.key.slice('docusaurus.tab.'.length))) selectTab(group, event.newValue);
  });
  return {
    // As in Docusaurus: the query string first, then the stored choice of the group.
    preferred(group) {
      const { tabsQuery, tabsGroup } = group.dataset;
      const fromUrl = tabsQuery ? new URLSearchParams(window.location.search).get(tabsQuery) : null;
      return fromUrl ?? (tabsGroup ? storage.get(tabGroupKey(tabsGroup)) : null);
    },
    chosen(group, value) {
      const { tabsQuery, tabsGroup } = group.dataset;
      if (tabsGroup) {
        storage.set(tabGroupKey(tabsGroup), value);
        for (const other of groupsWithId(doc, tabsGroup)) if (other !== group) selectTab(other, value);
      }
      if (tabsQuery) {
        const url = new URL(window.location.href);
        url.searchParams.set(tabsQuery, value);
        window.history.replaceState(window.history.state, '', url);
      }
    },
  };
}
