import type { SiteConfig } from '../config/resolve-config.js';

/** Whether a page (or a file a page imports) is MDX under Docusaurus' `markdown.format` rule ('detect' goes by the extension). */
export function readsAsMdx(path: string, format: SiteConfig['markdown']['format']): boolean {
  return format === 'detect' ? path.endsWith('.mdx') : format === 'mdx';
}
