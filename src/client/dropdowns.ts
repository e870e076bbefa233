import type { SafeStorage } from './storage.js';

/** The key of the preferred docs version of one docs plugin (one per docs section). */
export const preferredVersionKey = (pluginId: string) => `docs-preferred-version-${pluginId}`;

/** Menus built on <details>: the navbar dropdowns and overflow menus of tabs (a tab list inside). */
export const DROPDOWN_SELECTOR = 'details[data-dropdown], details:has(> [role="tablist"], > [role="menu"])';

/** Closes every open dropdown that does not contain `target`. */
export function closeDropdownsOutside(doc: Document, target: EventTarget | null): void {
  for (const dropdown of doc.querySelectorAll<HTMLDetailsElement>(`:is(${DROPDOWN_SELECTOR})[open]`)) {
    if (!(target instanceof Node) || !dropdown.contains(target)) dropdown.open = false;
  }
}

/** Adds the current query string and hash to a link to the same page elsewhere (another locale). */
export function withCurrentQuery(href: string, location: { search: string; hash: string }): string {
  return href.replace(/[?#].*$/, '') + location.search + location.hash;
}

/**
 * Dropdowns (<details data-dropdown>, tab overflow menus): close on an outside mouse-down, touch or focus and on
 * Escape; locale links keep the query string and hash; choosing a version stores it as the
 * preferred version of that docs plugin.
 */
export function setupDropdowns(doc: Document, storage: SafeStorage): void {
  for (const type of ['mousedown', 'touchstart', 'focusin'] as const) {
    doc.addEventListener(type, (event) => closeDropdownsOutside(doc, event.target), { passive: true, capture: true });
  }
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = (event.target as Element | null)?.closest?.<HTMLDetailsElement>(`:is(${DROPDOWN_SELECTOR})[open]`);
    if (!open) return;
    // Handled: in the mobile menu, this Escape closes the dropdown, not the menu around it.
    event.preventDefault();
    open.open = false;
    open.querySelector('summary')?.focus();
  });
  // Before a locale link can be followed (pointer down, focus, touch), it and its siblings get the current query and hash.
  const keepQuery = (event: Event) => {
    const menu = (event.target as Element | null)?.closest?.('details');
    for (const link of menu?.querySelectorAll<HTMLAnchorElement>('a[data-keep-query]') ?? [])
      link.href = withCurrentQuery(link.getAttribute('href') ?? '', window.location);
  };
  for (const type of ['mousedown', 'focusin', 'touchstart'] as const)
    doc.addEventListener(type, keepQuery, { passive: true, capture: true });
  doc.addEventListener(
    'click',
    (event) => {
      keepQuery(event);
      const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-version]');
      const pluginId = link?.closest<HTMLElement>('[data-plugin-id]')?.dataset.pluginId;
      if (link && pluginId) storage.set(preferredVersionKey(pluginId), link.dataset.version ?? '');
    },
    { capture: true },
  );
}
