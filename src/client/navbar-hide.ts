export interface HideableNavbar {
  /** Call after a route change: hides the navbar when jumping to an existing anchor, shows it otherwise. */
  onLocationChange(hash: string): void;
}

/** Hash target of a location hash, if the page has it. */
export function hashTarget(hash: string, doc: Document = document): HTMLElement | null {
  if (!hash || hash === '#') return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // keep the raw id
  }
  return doc.getElementById(id);
}

/**
 * navbar.hideOnScroll: the navbar hides when scrolling down and comes back when scrolling up;
 * it always shows near the top of the page and hides when jumping to a hash anchor.
 */
export function setupHideableNavbar(navbar: HTMLElement | null): HideableNavbar {
  const enabled = navbar?.dataset.hideOnScroll === 'true';
  const setVisible = (visible: boolean) => navbar?.classList.toggle('navbar--hidden', !visible);
  let lastY = window.scrollY;
  let anchorJump = false;
  if (enabled && navbar) {
    window.addEventListener(
      'scroll',
      () => {
        const y = window.scrollY;
        const height = navbar.offsetHeight;
        if (y < height) setVisible(true);
        else if (anchorJump) anchorJump = false;
        else if (y > lastY) setVisible(false);
        else if (y < lastY && y + window.innerHeight < document.documentElement.scrollHeight - height) setVisible(true);
        lastY = y;
      },
      { passive: true },
    );
  }
  const onLocationChange = (hash: string) => {
    if (!enabled) return;
    if (hashTarget(hash)) {
      anchorJump = true;
      setVisible(false);
      // A target near the top leaves the page where the navbar always shows.
      requestAnimationFrame(() => navbar && window.scrollY < navbar.offsetHeight && setVisible(true));
    } else {
      setVisible(true);
    }
  };
  if (enabled) window.addEventListener('hashchange', () => onLocationChange(window.location.hash));
  if (enabled && window.location.hash) onLocationChange(window.location.hash);
  return { onLocationChange };
}
