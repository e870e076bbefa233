import { DROPDOWN_SELECTOR } from './dropdowns.js';

/** Parses a CSS time ('200ms', '0.2s', '1ms'); `fallback` when empty or invalid. */
export function parseCssDuration(raw: string, fallback = 200): number {
  const match = /^\s*(-?[\d.]+)(ms|s)\s*$/.exec(raw);
  if (!match) return fallback;
  const value = Number(match[1]) * (match[2] === 's' ? 1000 : 1);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** Duration of collapse animations: --dg-collapse-duration, which is 1 ms under prefers-reduced-motion. */
export function collapseDuration(el: Element): number {
  return parseCssDuration(getComputedStyle(el).getPropertyValue('--dg-collapse-duration'));
}

const running = new WeakMap<HTMLElement, () => void>();

/** Runs a height transition on `el` from `from` to `to` px, then `done`; a new one finishes the previous. */
function transitionHeight(el: HTMLElement, from: number, to: number, done: () => void): void {
  running.get(el)?.();
  const duration = collapseDuration(el);
  el.style.overflow = 'hidden';
  el.style.transition = `height ${duration}ms ease-in-out`;
  el.style.height = `${from}px`;
  void el.offsetHeight; // commit the start height before changing it
  el.style.height = `${to}px`;
  let timer = 0;
  const finish = () => {
    window.clearTimeout(timer);
    el.removeEventListener('transitionend', onEnd);
    running.delete(el);
    el.style.removeProperty('height');
    el.style.removeProperty('overflow');
    el.style.removeProperty('transition');
    done();
  };
  const onEnd = (event: TransitionEvent) => event.target === el && event.propertyName === 'height' && finish();
  el.addEventListener('transitionend', onEnd);
  timer = window.setTimeout(finish, duration + 50);
  running.set(el, finish);
}

/** Expands or collapses a `.collapsible` container (hidden when collapsed) with a height animation. */
export function animateCollapsible(el: HTMLElement, expand: boolean): void {
  running.get(el)?.();
  const from = el.hidden ? 0 : el.offsetHeight;
  el.hidden = false;
  transitionHeight(el, from, expand ? el.scrollHeight : 0, () => {
    if (!expand) el.hidden = true;
  });
}

const categoryLabel = (category: Element) =>
  category.querySelector(':scope > .menu-category__header > :first-child')?.textContent ?? '';

/** Sets a sidebar category's expanded state, animating its items; calls `onExpandLazy` the first time a lazy one opens. */
export function setCategoryExpanded(
  category: HTMLElement,
  expand: boolean,
  onExpandLazy?: (category: HTMLElement, panel: HTMLElement) => void,
  animate = true,
): void {
  const button = category.querySelector<HTMLElement>(':scope > .menu-category__header > [data-collapse-toggle]');
  const panel = category.querySelector<HTMLElement>(':scope > .collapsible');
  if (!panel) return;
  button?.setAttribute('aria-expanded', String(expand));
  button?.setAttribute('aria-label', `${expand ? 'Collapse' : 'Expand'} sidebar category '${categoryLabel(category)}'`);
  category.classList.toggle('menu-category--collapsed', !expand);
  if (expand && category.dataset.lazy && !panel.firstElementChild) onExpandLazy?.(category, panel);
  if (animate) animateCollapsible(panel, expand);
  else panel.hidden = !expand;
}

/** Opens or closes a <details> block with a height animation instead of the instant native toggle. */
export function toggleDetails(details: HTMLDetailsElement): void {
  running.get(details)?.();
  const opening = !details.open;
  const start = details.offsetHeight;
  details.open = opening;
  const end = details.offsetHeight;
  details.open = true; // stays open while it shrinks
  transitionHeight(details, start, end, () => {
    details.open = opening;
  });
}

/**
 * Delegated handlers for sidebar categories (toggle button or plain label) and for <details>
 * blocks in the page content. Everything works natively without JavaScript: categories are
 * server-rendered open or closed, and <details> toggles by itself.
 */
export function setupCollapsibles(
  doc: Document,
  onExpandLazy: (category: HTMLElement, panel: HTMLElement) => void,
): void {
  doc.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const toggle = target?.closest('[data-collapse-toggle], [data-collapse-label]');
    if (toggle) {
      const category = toggle.closest<HTMLElement>('.menu-category');
      if (!category) return;
      setCategoryExpanded(category, category.classList.contains('menu-category--collapsed'), onExpandLazy);
      return;
    }
    const summary = target?.closest('summary');
    const details = summary?.parentElement;
    if (
      !summary ||
      !(details instanceof HTMLDetailsElement) ||
      details.matches(DROPDOWN_SELECTOR) ||
      !details.closest('main')
    )
      return;
    if (target !== summary && target?.closest('a, button, input, select, textarea')) return;
    event.preventDefault();
    toggleDetails(details);
  });
}
