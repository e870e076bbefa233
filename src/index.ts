/**
 * Public API of docsgen for site.config.ts. Kept tiny on purpose: the config file is bundled and
 * imported at every build, so it must not pull the build pipeline in with it.
 */
export { defineConfig } from './config/define-config.js';
export type { SiteConfigInput, SidebarItemConfig } from './config/schema.js';
