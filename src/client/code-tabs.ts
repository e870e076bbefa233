import type { SafeStorage } from './storage.js';

/** Where the chosen code-sample language is remembered across pages (and synced across tabs). */
export const CODE_LANGUAGE_KEY = 'docsgen.code-language';

/** A tab group: `data-tabs` (any kind) or `data-code-tabs` (groups synchronised by value). */
const GROUP = '[data-tabs], [data-code-tabs]';
const LANGUAGE_GROUP = '[data-code-tabs="language"]';

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};
const own = (group: Element, selector: string) =>
  [...group.querySelectorAll<HTMLElement>(selector)].filter((el) => el.closest(GROUP) === group);

/** Shows the panel of `value` in one tab group; false when the group has no such tab. */
export function selectTab(group: Element, value: string): boolean {
  const tabs = own(group, '[data-tab-value]');
  if (!tabs.some((tab) => tab.dataset.tabValue === value)) return false;
  for (const tab of tabs) tab.setAttribute('aria-selected', String(tab.dataset.tabValue === value));
  // Roving tabindex per tab list: the selected tab, or the list's first when it has none selected.
  for (const list of new Set(tabs.map((tab) => tab.closest('[role="tablist"]')))) {
    const inList = tabs.filter((tab) => tab.closest('[role="tablist"]') === list && tab.getAttribute('role') === 'tab');
    const focusable = inList.find((tab) => tab.dataset.tabValue === value) ?? inList[0];
    for (const tab of inList) tab.tabIndex = tab === focusable ? 0 : -1;
  }
  for (const panel of own(group, '[data-tab-panel]')) panel.hidden = panel.dataset.tabPanel !== value;
  return true;
}

/**
 * Takes over the tab groups under `scope` (the server renders tabs as links to their panels, which
 * work without JavaScript): applies the tab named by the URL's hash, else the group's preferred
 * value (the URL's query string, the remembered choice), else keeps the server's choice.
 */
export function enhanceTabs(scope: ParentNode, preferred: (group: HTMLElement) => string | null, hash: string): void {
  for (const group of scope.querySelectorAll<HTMLElement>(GROUP)) {
    group.setAttribute('data-tabs-enhanced', '');
    const targeted =
      hash.length > 1
        ? own(group, '[data-tab-panel]').find((panel) => panel.id === safeDecode(hash.slice(1)))
        : undefined;
    const value = preferred(group);
    if (targeted) selectTab(group, targeted.dataset.tabPanel ?? '');
    else if (value && selectTab(group, value)) continue;
    else {
      const selected = own(group, '[data-tab-value][aria-selected="true"]')[0] ?? own(group, '[data-tab-value]')[0];
      if (selected) selectTab(group, selected.dataset.tabValue ?? '');
    }
  }
}

/** What the docs' `<Tabs>` add (docs-tabs.ts, loaded only by pages that have such groups). */
export interface TabsExtension {
  /** The value a group should show when it is taken over, or null for the usual choice. */
  preferred(group: HTMLElement): string | null;
  /** A tab was chosen in `group`. */
  chosen(group: HTMLElement, value: string): void;
}

/**
 * Tabs of code samples and responses (and the docs' `<Tabs>`): a click (or arrow keys in a tab
 * list) selects a tab without touching the URL. Language tabs switch every language group of the
 * page together, and the choice is stored so that other pages and other browser tabs show the
 * same language. `extend` adds the docs tabs' `groupId` and `queryString` behaviour.
 */
export function setupCodeTabs(
  doc: Document,
  storage: SafeStorage,
): { apply(scope: ParentNode): void; extend(extension: TabsExtension): void } {
  let extension: TabsExtension | undefined;
  const choose = (group: HTMLElement, value: string) => {
    if (!selectTab(group, value)) return;
    extension?.chosen(group, value);
    if (!group.matches(LANGUAGE_GROUP)) return;
    storage.set(CODE_LANGUAGE_KEY, value);
    for (const other of doc.querySelectorAll(LANGUAGE_GROUP)) if (other !== group) selectTab(other, value);
  };
  doc.addEventListener('click', (event) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLElement>('[data-tab-value]');
    const group = tab?.closest<HTMLElement>(GROUP);
    if (!tab || !group) return;
    event.preventDefault();
    choose(group, tab.dataset.tabValue ?? '');
    const menu = tab.closest('details');
    if (menu && group.contains(menu)) menu.open = false; // the overflow menu closes once a tab is chosen
  });
  doc.addEventListener('keydown', (event) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLElement>('[role="tab"][data-tab-value]');
    const list = tab?.closest('[role="tablist"]');
    const group = tab?.closest<HTMLElement>(GROUP);
    const keys = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'];
    if (!tab || !list || !group || !keys.includes(event.key)) return;
    const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"][data-tab-value]')];
    const index = tabs.indexOf(tab);
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : -1;
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : (index + step + tabs.length) % tabs.length;
    event.preventDefault();
    tabs[next]?.focus();
    choose(group, tabs[next]?.dataset.tabValue ?? '');
  });
  window.addEventListener('storage', (event) => {
    if (event.key !== CODE_LANGUAGE_KEY || !event.newValue) return;
    for (const group of doc.querySelectorAll(LANGUAGE_GROUP)) selectTab(group, event.newValue);
  });
  const preferred = (group: HTMLElement) =>
    extension?.preferred(group) ?? (group.matches(LANGUAGE_GROUP) ? storage.get(CODE_LANGUAGE_KEY) : null);
  const apply = (scope: ParentNode) => enhanceTabs(scope, preferred, window.location.hash);
  apply(doc);
  return { apply, extend: (added) => (extension = added) };
}
