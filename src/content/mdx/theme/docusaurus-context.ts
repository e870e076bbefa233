import { useMdxPage, type DocusaurusContextValue } from './page-context.js';

/** `@docusaurus/useDocusaurusContext`: `{ siteConfig, siteMetadata, i18n }` from site.config.ts. */
export default function useDocusaurusContext(): DocusaurusContextValue {
  return useMdxPage().docusaurus;
}
