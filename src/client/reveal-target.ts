import { selectTab } from './code-tabs.js';
import { hashTarget } from './navbar-hide.js';

/**
 * Makes a deep-linked element visible: opens every collapsed <details> level above it (schema
 * trees) and selects the tab whose panel holds it (a response property in a tab other than the
 * first). Returns the element, or null when the hash names none.
 */
export function revealTarget(hash: string, doc: Document = document): HTMLElement | null {
  const target = hashTarget(hash, doc);
  if (!target) return null;
  for (let el = target.parentElement; el; el = el.parentElement) {
    if (el instanceof HTMLDetailsElement && !el.open && !el.matches('.api-tabs__more')) el.open = true;
    const value = el.dataset.tabPanel;
    const group = el.hasAttribute('hidden') && value !== undefined ? el.closest('[data-tabs]') : null;
    if (group) selectTab(group, value ?? '');
  }
  if (target instanceof HTMLDetailsElement) target.open = true;
  return target;
}

/**
 * On load and on every change of the hash (a 'Direct link to …' link, a link from another page),
 * reveals the target and scrolls it into view. The browser's own jump happened before the levels
 * opened, so it may have stopped at a closed <details> or found nothing in a hidden panel.
 */
export function setupRevealTarget(doc: Document = document): { reveal(hash: string): HTMLElement | null } {
  const jump = () => revealTarget(window.location.hash, doc)?.scrollIntoView();
  window.addEventListener('hashchange', jump);
  if (window.location.hash) jump();
  return { reveal: (hash) => revealTarget(hash, doc) };
}
