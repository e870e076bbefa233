/**
 * Highlights the table-of-contents entry of the heading being read: the last heading above the
 * top third of the viewport. Re-reads the page's headings after every route change.
 */
export function setupTocHighlight(doc: Document): { refresh(): void } {
  let links: HTMLAnchorElement[] = [];
  let headings: HTMLElement[] = [];
  let frame = 0;
  const update = () => {
    frame = 0;
    if (links.length === 0) return;
    const line = window.innerHeight / 3;
    let active = -1;
    headings.forEach((heading, index) => {
      if (heading.getBoundingClientRect().top <= line) active = index;
    });
    links.forEach((link, index) => {
      if (index === Math.max(active, 0)) link.setAttribute('aria-current', 'location');
      else link.removeAttribute('aria-current');
    });
  };
  const refresh = () => {
    links = [...doc.querySelectorAll<HTMLAnchorElement>('.toc a[href^="#"]')];
    headings = [];
    const kept: HTMLAnchorElement[] = [];
    for (const link of links) {
      let id = link.hash.slice(1);
      try {
        id = decodeURIComponent(id);
      } catch {
        // raw id
      }
      const heading = doc.getElementById(id);
      if (heading) {
        headings.push(heading);
        kept.push(link);
      }
    }
    links = kept;
    update();
  };
  window.addEventListener('scroll', () => (frame ||= requestAnimationFrame(update)), { passive: true });
  refresh();
  return { refresh };
}
