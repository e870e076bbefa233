import type { SafeStorage } from './storage.js';

export const THEME_STORAGE_KEY = 'theme';

export interface ColorModeSettings {
  defaultMode: 'light' | 'dark';
  respectPrefersColorScheme: boolean;
  disableSwitch: boolean;
}

type Choice = 'system' | 'light' | 'dark';

/** The next choice: system → light → dark → system with the system preference, else dark ⇄ light. */
export function nextColorChoice(current: Choice, respectPrefersColorScheme: boolean): Choice {
  if (respectPrefersColorScheme) return current === 'system' ? 'light' : current === 'light' ? 'dark' : 'system';
  return current === 'dark' ? 'light' : 'dark';
}

/** Applies, toggles and syncs (across tabs) the colour mode set up by the head script. */
export function setupColorMode(storage: SafeStorage, settings: ColorModeSettings | undefined): void {
  const config = settings ?? { defaultMode: 'light', respectPrefersColorScheme: true, disableSwitch: false };
  const root = document.documentElement;
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = (choice: Choice) => {
    const mode = choice === 'system' ? (media.matches ? 'dark' : 'light') : choice;
    root.setAttribute('data-theme', mode);
    root.setAttribute('data-theme-choice', choice);
    window.dispatchEvent(new CustomEvent('docsgen:theme'));
  };
  const stored = (): Choice => {
    const value = storage.get(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark'
      ? value
      : config.respectPrefersColorScheme
        ? 'system'
        : config.defaultMode;
  };
  if (config.disableSwitch) {
    storage.remove(THEME_STORAGE_KEY);
    return;
  }
  window.addEventListener('docsgen:toggle-theme', () => {
    const next = nextColorChoice(
      (root.getAttribute('data-theme-choice') as Choice) || stored(),
      config.respectPrefersColorScheme,
    );
    if (next === 'system') storage.remove(THEME_STORAGE_KEY);
    else storage.set(THEME_STORAGE_KEY, next);
    apply(next);
  });
  media.addEventListener('change', () => root.getAttribute('data-theme-choice') === 'system' && apply('system'));
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) apply(stored());
  });
}
