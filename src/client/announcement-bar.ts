import type { SafeStorage } from './storage.js';

export const ANNOUNCEMENT_DISMISS_KEY = 'docusaurus.announcement.dismiss';
export const ANNOUNCEMENT_ID_KEY = 'docusaurus.announcement.id';

/** Stores a dismissal together with the bar's id, so a new id shows the bar again. */
export function setupAnnouncementBar(storage: SafeStorage): void {
  window.addEventListener('docsgen:dismiss-announcement', (event) => {
    const { id } = (event as CustomEvent<{ id: string }>).detail;
    storage.set(ANNOUNCEMENT_DISMISS_KEY, 'true');
    storage.set(ANNOUNCEMENT_ID_KEY, id);
    document.documentElement.setAttribute('data-announcement-dismissed', '');
    window.dispatchEvent(new CustomEvent('docsgen:announcement-dismissed'));
  });
}
