import { useSyncExternalStore } from 'react';

export interface ColorModeToggleProps {
  respectPrefersColorScheme: boolean;
}

export type ColorChoice = 'system' | 'light' | 'dark';

const LABELS: Record<ColorChoice, string> = { system: 'system mode', light: 'light mode', dark: 'dark mode' };

function subscribeToTheme(onChange: () => void): () => void {
  window.addEventListener('docsgen:theme', onChange);
  return () => window.removeEventListener('docsgen:theme', onChange);
}

const subscribeToNothing = () => () => undefined;

/**
 * The colour-mode switch. Server-rendered disabled: it only works once the page runs in a
 * browser. The choice logic lives in the client's color-mode module (wired by the client entry).
 */
export function ColorModeToggle({ respectPrefersColorScheme }: ColorModeToggleProps) {
  // The choice is state of the page (the client's color-mode module keeps it on <html>), read
  // rather than copied: the server and the first hydration render see the default.
  const choice = useSyncExternalStore(
    subscribeToTheme,
    () => (document.documentElement.dataset.themeChoice as ColorChoice) || 'light',
    (): ColorChoice => (respectPrefersColorScheme ? 'system' : 'light'),
  );
  const mounted = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const label = `Switch between dark and light mode (currently ${LABELS[choice]})`;
  return (
    <button
      type="button"
      className="navbar-icon-button color-mode-toggle"
      disabled={!mounted}
      aria-label={label}
      title={label}
      data-choice={choice}
      onClick={() => window.dispatchEvent(new CustomEvent('docsgen:toggle-theme'))}
    >
      <svg className="icon-light" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 7a5 5 0 100 10 5 5 0 000-10zm0-5a1 1 0 011 1v1a1 1 0 11-2 0V3a1 1 0 011-1zm0 17a1 1 0 011 1v1a1 1 0 11-2 0v-1a1 1 0 011-1zM3 11h1a1 1 0 110 2H3a1 1 0 110-2zm17 0h1a1 1 0 110 2h-1a1 1 0 110-2zM5.6 4.2l.7.7a1 1 0 01-1.4 1.4l-.7-.7a1 1 0 011.4-1.4zm13.5 13.5.7.7a1 1 0 01-1.4 1.4l-.7-.7a1 1 0 011.4-1.4zM18.4 4.2a1 1 0 011.4 1.4l-.7.7a1 1 0 01-1.4-1.4zM4.9 17.7a1 1 0 011.4 1.4l-.7.7a1 1 0 01-1.4-1.4z"
        />
      </svg>
      <svg className="icon-dark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M9.4 3.1a1 1 0 01.2 1.1A7 7 0 0019.8 14.4a1 1 0 011.3 1.3A9 9 0 118.3 2.9a1 1 0 011.1.2z"
        />
      </svg>
      <svg className="icon-system" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M4 4h16a2 2 0 012 2v9a2 2 0 01-2 2h-6v2h3a1 1 0 110 2H7a1 1 0 110-2h3v-2H4a2 2 0 01-2-2V6a2 2 0 012-2zm0 2v9h16V6H4z"
        />
      </svg>
    </button>
  );
}
