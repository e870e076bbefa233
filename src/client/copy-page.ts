/**
 * The 'Copy page as Markdown' button (templates/components/PageActions.tsx): fetches the page's
 * `.md` twin and puts it on the clipboard. Without the Clipboard API (an insecure origin, an old
 * browser) it copies through a selected textarea; if that fails too, it opens the Markdown.
 */
const LABEL = 'Copy page as Markdown';

/** The legacy copy: select the text in an off-screen textarea and run the copy command. */
function copyBySelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0';
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused: try the selection below.
    }
  }
  return copyBySelection(text);
}

export function setupCopyPage(root: Document): void {
  root.addEventListener('click', async (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('button[data-copy-page]');
    if (!button) return;
    const href = button.dataset.copyPage!;
    let copied = false;
    try {
      const response = await fetch(href);
      if (response.ok) copied = await copyText(await response.text());
    } catch {
      copied = false;
    }
    if (!copied) {
      window.location.assign(href);
      return;
    }
    button.textContent = 'Copied';
    window.setTimeout(() => (button.textContent = LABEL), 2000);
  });
}
