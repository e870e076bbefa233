let locks = 0;

/**
 * Locks page scroll while a modal overlay (mobile sidebar, search modal) is open. Locks nest;
 * the returned function releases this lock once.
 */
export function lockScroll(doc: Document = document): () => void {
  locks += 1;
  doc.body.classList.add('scroll-locked');
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) doc.body.classList.remove('scroll-locked');
  };
}
