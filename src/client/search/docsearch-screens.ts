/**
 * What @docsearch/js 4.2 leaves out of its modal, added in its own markup and styles: the link to
 * all results on the search page, the 'Try searching for' list of the no-results screen, and the
 * 'Unable to fetch results' screen. Each function looks at the modal as it is and changes only
 * what is missing, so they can run on every DOM change.
 */

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** 'See all N results' in the hits footer (removed when there is no search page or no hit). */
export function renderSeeAll(href: string | undefined, count: number, onOpen: (href: string) => void): void {
  const section = document.querySelector('.DocSearch-HitsFooter');
  if (!section) return;
  let link = section.querySelector<HTMLAnchorElement>('a[data-search-see-all]');
  if (!href || count === 0) {
    link?.remove();
    return;
  }
  if (!link) {
    const created = document.createElement('a');
    created.dataset.searchSeeAll = '';
    created.addEventListener('click', (event) => {
      if (!plainClick(event)) return;
      event.preventDefault();
      onOpen(created.href);
    });
    section.append(created);
    link = created;
  }
  link.href = href;
  link.textContent = `See all ${count} results`;
}

/** Types a suggestion into the library's input, as the reader would (React reads the native setter). */
function typeQuery(text: string): void {
  const input = document.querySelector<HTMLInputElement>('.DocSearch-Modal .DocSearch-Input');
  if (!input) return;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.focus();
}

/**
 * The no-results screen of @docsearch/js 4.2 never shows its 'Try searching for' list (its
 * suggestions end up in an object, not an array): add the list the library would render, with
 * the page titles of earlier hits.
 */
export function addSuggestions(seenTitles: readonly string[]): void {
  const screen = document.querySelector('.DocSearch-Modal .DocSearch-NoResults');
  if (!screen || screen.querySelector('.DocSearch-NoResults-Prefill-List') || seenTitles.length === 0) return;
  const list = document.createElement('div');
  list.className = 'DocSearch-NoResults-Prefill-List';
  list.dataset.searchSuggestions = '';
  const help = document.createElement('p');
  help.className = 'DocSearch-Help';
  help.textContent = 'Try searching for:';
  const items = document.createElement('div');
  items.className = 'DocSearch-NoResults-Prefill-List-Items';
  for (const title of seenTitles.slice(0, 3)) {
    const item = document.createElement('p');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'DocSearch-Prefill';
    button.textContent = title;
    button.addEventListener('click', () => typeQuery(`${title.toLowerCase()} `));
    item.append(button);
    items.append(item);
  }
  list.append(help, items);
  screen.querySelector('.DocSearch-Title')?.after(list);
}

/**
 * Nor does it show its error screen: after a failed request, autocomplete-core sets its status
 * back to 'idle' (in a finally), so 'Unable to fetch results' never appears. Show the library's
 * error screen while the query on screen is the one that failed (`failedQuery`).
 */
export function renderFailure(failedQuery: string | undefined): void {
  const dropdown = document.querySelector('.DocSearch-Modal .DocSearch-Dropdown');
  const input = document.querySelector<HTMLInputElement>('.DocSearch-Modal .DocSearch-Input');
  const existing = document.querySelector('.DocSearch-Modal [data-search-error]');
  const failed =
    failedQuery !== undefined &&
    input !== null &&
    input.value.trim() === failedQuery.trim() &&
    !document.querySelector('.DocSearch-Modal .DocSearch-AskAiScreen-Body');
  if (!failed || !dropdown) {
    existing?.remove();
    dropdown?.querySelector<HTMLElement>('.DocSearch-Dropdown-Container')?.removeAttribute('hidden');
    return;
  }
  dropdown.querySelector<HTMLElement>('.DocSearch-Dropdown-Container')?.setAttribute('hidden', '');
  if (existing) return;
  const screen = document.createElement('div');
  screen.className = 'DocSearch-ErrorScreen';
  screen.dataset.searchError = '';
  screen.setAttribute('role', 'alert');
  const title = document.createElement('p');
  title.className = 'DocSearch-Title';
  title.textContent = 'Unable to fetch results';
  const help = document.createElement('p');
  help.className = 'DocSearch-Help';
  help.textContent = 'You might want to check your network connection.';
  screen.append(title, help);
  dropdown.prepend(screen);
}
