/** Public API of docsgen: what a site.config.ts imports. */
export { defineConfig } from './config/define-config.js';
export type { SiteConfigInput, SidebarItemConfig } from './config/schema.js';
export { runBuild, type BuildOptions, type BuildResult } from './build.js';
