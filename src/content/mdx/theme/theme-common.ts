import { useSyncExternalStore } from 'react';
import useDocusaurusContext from './docusaurus-context.js';

// The current category's items, for <DocCardList items={useCurrentSidebarCategory().items} />.
export { useCurrentSidebarCategory } from './DocCardList.js';

export type ColorMode = 'light' | 'dark';

function subscribe(changed: () => void): () => void {
  const observer = new MutationObserver(changed);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/**
 * `useColorMode` of `@docusaurus/theme-common`: the site's default mode on the server and while
 * an island hydrates, then the mode shown (`data-theme` on <html>), following every change.
 */
export function useColorMode(): { colorMode: ColorMode; setColorMode: (mode: ColorMode) => void } {
  const themeConfig = useDocusaurusContext().siteConfig.themeConfig as { colorMode?: { defaultMode?: ColorMode } };
  const fallback = themeConfig.colorMode?.defaultMode ?? 'light';
  const shown = useSyncExternalStore(
    subscribe,
    () => (document.documentElement.getAttribute('data-theme') as ColorMode | null) ?? fallback,
    () => fallback,
  );
  const setColorMode = (mode: ColorMode) => {
    document.documentElement.setAttribute('data-theme', mode);
    try {
      window.localStorage.setItem('theme', mode);
    } catch {
      // Storage off (private mode): the choice lasts for this page.
    }
  };
  return { colorMode: shown, setColorMode };
}

/** `useThemeConfig` of `@docusaurus/theme-common`: the site's `themeConfig`. */
export function useThemeConfig(): Record<string, unknown> {
  return useDocusaurusContext().siteConfig.themeConfig;
}

/** Docusaurus' stable class names that site components and CSS refer to (the ones docs use). */
export const ThemeClassNames = {
  page: { docsDocPage: 'docs-doc-page', mdxPage: 'mdx-page' },
  wrapper: { docsPages: 'docs-wrapper', mdxPages: 'mdx-wrapper' },
  common: {
    editThisPage: 'theme-edit-this-page',
    lastUpdated: 'theme-last-updated',
    codeBlock: 'theme-code-block',
    admonition: 'theme-admonition',
  },
  docs: {
    docMarkdown: 'theme-doc-markdown',
    docFooter: 'theme-doc-footer',
    docVersionBanner: 'theme-doc-version-banner',
    docVersionBadge: 'theme-doc-version-badge',
  },
};
