/** One delegated listener for every code block's copy button, with 'Copied' feedback. */
export function setupCopyButtons(root: Document): void {
  root.addEventListener('click', async (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-copy]');
    if (!button) return;
    const code = button.parentElement?.querySelector('pre code')?.textContent ?? '';
    try {
      await navigator.clipboard.writeText(code.replace(/\n$/, ''));
      button.textContent = 'Copied';
      button.setAttribute('aria-label', 'Copied');
    } catch {
      button.textContent = 'Copy failed';
    }
    window.setTimeout(() => {
      button.textContent = 'Copy';
      button.setAttribute('aria-label', 'Copy code to clipboard');
    }, 1500);
  });
}
