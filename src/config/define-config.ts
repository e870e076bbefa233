import type { SiteConfigInput } from './schema.js';

/** Identity function that gives `site.config.ts` type checking and editor completion. */
export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}
