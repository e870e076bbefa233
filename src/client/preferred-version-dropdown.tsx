/**
 * The version dropdown island outside the docs of a site with several docs versions. The server
 * renders the last version (all that can be known without the reader's storage, and what a reader
 * without JavaScript gets); once hydrated it shows the reader's preferred version, as Docusaurus'
 * dropdown does (useSyncExternalStore: the server's value while hydrating, then the stored one).
 * The labels are laid out together from the first paint (VersionLabels), so the switch moves nothing.
 */
import { useSyncExternalStore } from 'react';
import type { VersionDropdownProps } from '@templates/components/Dropdowns.js';
import { PreferredVersionDropdown as Dropdown } from '@templates/components/PreferredVersionDropdown.js';
import { createSafeStorage } from './storage.js';
import { preferredVersion } from './docs-version-links.js';

/** Another tab choosing a version changes this one's too. */
const subscribe = (onChange: () => void) => {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
};

export function PreferredVersionDropdown(props: VersionDropdownProps) {
  const current = useSyncExternalStore(
    subscribe,
    () =>
      preferredVersion(
        createSafeStorage(),
        props.versions.map((version) => version.name),
      ) ?? props.currentVersion,
    () => props.currentVersion,
  );
  return <Dropdown {...props} currentVersion={current} />;
}
