import type { SafeStorage } from './storage.js';

export const ANNOUNCEMENT_DISMISS_KEY = 'docusaurus.announcement.dismiss';
export const ANNOUNCEMENT_ID_KEY = 'docusaurus.announcement.id';

/**
 * The close button of the announcement bar (by delegation, so it works before the island
 * hydrates): stores the dismissal together with the bar's id, so a new id shows the bar again,
 * hides the bar at once and tells the island. The pre-paint head script keeps it hidden on the
 * next pages and migrates the old misspelt id.
 */
export function setupAnnouncementBar(storage: SafeStorage): void {
  document.addEventListener('click', (event) => {
    const bar = (event.target as Element | null)
      ?.closest?.('[data-announcement-close]')
      ?.closest<HTMLElement>('[data-announcement-id]');
    if (!bar) return;
    const id = bar.dataset.announcementId ?? '';
    storage.set(ANNOUNCEMENT_DISMISS_KEY, 'true');
    storage.set(ANNOUNCEMENT_ID_KEY, id);
    document.documentElement.setAttribute('data-announcement-dismissed', '');
    window.dispatchEvent(new CustomEvent('docsgen:announcement-dismissed', { detail: { id } }));
  });
}
