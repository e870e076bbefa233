import { lockScroll } from './scroll-lock.js';
import { focusableIn, trapFocus } from './focus-trap.js';

/** Mobile/desktop breakpoint (spec section 9): the view is desktop above 996 px. */
export const DESKTOP_QUERY = '(min-width: 997px)';

export interface MobileSidebar {
  open(): void;
  close(returnFocus?: boolean): void;
  isOpen(): boolean;
}

/**
 * The hamburger menu below 996 px. It opens on the section's sidebar (cloned from the page's
 * sidebar when it opens, so it always matches the current page) with a back button to the primary
 * menu, the navbar items. While open, page scroll is locked and focus stays inside; Escape, the
 * close button, the backdrop, following a link or the view becoming desktop close it.
 */
export function setupMobileSidebar(doc: Document): MobileSidebar {
  const root = doc.querySelector<HTMLElement>('[data-mobile-sidebar]');
  const toggle = doc.querySelector<HTMLElement>('[data-mobile-sidebar-toggle]');
  const primary = root?.querySelector<HTMLElement>('[data-mobile-primary]');
  const secondary = root?.querySelector<HTMLElement>('[data-mobile-secondary]');
  const secondaryMenu = root?.querySelector<HTMLElement>('[data-mobile-secondary-menu]');
  let unlock: (() => void) | null = null;

  const showSecondary = (show: boolean) => {
    if (primary) primary.hidden = show;
    if (secondary) secondary.hidden = !show;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!root) return;
    if (event.key === 'Escape') {
      // An Escape that closed a dropdown inside the menu (see dropdowns.ts) leaves the menu open.
      if (event.defaultPrevented) return;
      event.preventDefault();
      close(true);
    } else trapFocus(root.querySelector('.mobile-sidebar__panel') ?? root, event);
  };
  function open(): void {
    if (!root || !root.hidden) return;
    const sidebar = doc.querySelector('.page__sidebar [data-sidebar]');
    secondaryMenu?.replaceChildren(...(sidebar ? [sidebar.cloneNode(true)] : []));
    showSecondary(Boolean(sidebar));
    root.hidden = false;
    toggle?.setAttribute('aria-expanded', 'true');
    unlock = lockScroll(doc);
    doc.addEventListener('keydown', onKeyDown);
    const active = root.querySelector<HTMLElement>(
      sidebar ? '[data-mobile-secondary] [aria-current="page"]' : '[data-mobile-primary] [aria-current]',
    );
    active?.scrollIntoView({ block: 'center' });
    focusableIn(root)[0]?.focus();
  }
  function close(returnFocus = false): void {
    if (!root || root.hidden) return;
    root.hidden = true;
    toggle?.setAttribute('aria-expanded', 'false');
    unlock?.();
    unlock = null;
    doc.removeEventListener('keydown', onKeyDown);
    if (returnFocus) toggle?.focus();
  }

  toggle?.addEventListener('click', () => (root?.hidden ? open() : close(true)));
  root?.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('[data-mobile-sidebar-close]')) close(true);
    else if (target.closest('[data-mobile-sidebar-back]')) {
      showSecondary(false);
      focusableIn(root)[0]?.focus();
    } else if (target.closest('a[href]')) close(false);
  });
  window.matchMedia(DESKTOP_QUERY).addEventListener('change', (event) => event.matches && close(false));
  return { open, close, isOpen: () => Boolean(root && !root.hidden) };
}
